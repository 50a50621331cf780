package dev.docask.retrieve;

import java.util.List;

/**
 * Replaces candidate finding. It may call the built-in search with its own options and filter
 * what comes back; whatever it returns is gated again, and chunks not in the index are dropped and
 * reported to {@code onError}. A hook that throws or returns null is reported and built-in
 * retrieval is used instead.
 *
 * <pre>{@code
 * RetrieveHook wide = (question, search) -> search.find(question,
 *         RetrievalOptions.builder().candidates(20).collapseCopies(false).build());
 * }</pre>
 */
@FunctionalInterface
public interface RetrieveHook {
    List<Hit> retrieve(String question, Search search);

    /** The built-in candidate search (both retrievers, gate, fusion), with the caller's options. */
    @FunctionalInterface
    interface Search {
        List<Hit> find(String question, RetrievalOptions options);
    }
}
