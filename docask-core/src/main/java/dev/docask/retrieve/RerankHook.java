package dev.docask.retrieve;

import java.util.List;

/**
 * Reorders the fused candidates, e.g. with a cross-encoder or a boost. Its result is gated again;
 * chunks not in the index are dropped and reported to {@code onError}. A hook that throws or
 * returns null is reported and the fused order kept.
 *
 * <pre>{@code
 * RerankHook guidesFirst = (q, hits) -> hits.stream()
 *         .sorted(Comparator.comparing(h -> !h.chunk().source().startsWith("guide/"))).toList();
 * }</pre>
 */
@FunctionalInterface
public interface RerankHook {
    List<Hit> rerank(String question, List<Hit> hits);
}
