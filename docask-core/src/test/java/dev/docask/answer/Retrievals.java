package dev.docask.answer;

import dev.docask.ingest.Chunk;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.Source;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Retrieval outcomes built from real chunks, for tests that need sources without an index. */
final class Retrievals {
    static final Chunk MOCKING = new Chunk("https://vitest.dev/guide/mocking#modules", "Mocking", "Mocking › Modules",
            "Use vi.mock to replace a module with a mock. The call is hoisted to the top of the file. "
                    + "Pass a factory to return your own implementation of the module.",
            "guide/mocking.md", Map.of());
    static final Chunk TIMERS = new Chunk("https://vitest.dev/guide/mocking#timers", "Mocking", "Mocking › Timers",
            "Call vi.useFakeTimers to control time in tests. Advance the clock with vi.advanceTimersByTime.",
            "guide/mocking.md", Map.of());
    static final Chunk CONFIG = new Chunk("https://vitest.dev/config/#environment", "Config", "environment",
            "The environment option sets the test environment, for example jsdom or node.",
            "config/index.md", Map.of());

    private Retrievals() {
    }

    /** An answerable retrieval whose sources are the chunks, numbered in order. */
    static Retrieval of(Retrieval.Mode mode, Chunk... chunks) {
        List<Source> sources = new ArrayList<>();
        List<Hit> hits = new ArrayList<>();
        for (int i = 0; i < chunks.length; i++) {
            Hit hit = Hit.builder(i, chunks[i]).bm25(i + 1, 10f - i).vectorRank(i + 1).similarity(0.8f).keywordCoverage(0.7f)
                    .score(1.0 / (61 + i)).build();
            hits.add(hit);
            sources.add(new Source(i + 1, chunks[i].url(), chunks[i].title(), chunks[i].heading(), chunks[i].source(),
                    List.of(hit)));
        }
        return Retrieval.builder("q").answerable(true).mode(mode).bestSimilarity(0.8f).bestCoverage(0.7f).sources(sources)
                .hits(hits).micros(1200).build();
    }

    static Retrieval of(Chunk... chunks) {
        return of(Retrieval.Mode.HYBRID, chunks);
    }

    /** Nothing passed the gate. */
    static Retrieval nothing() {
        return Retrieval.builder("q").bestSimilarity(0.1f).bestCoverage(0.1f).micros(900).build();
    }
}
