package dev.docask.answer;

import dev.docask.ingest.Chunk;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.Source;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A cache hit alone, for {@code dev.docask.server.SharedStateLatencyRunner}: a typical answer (five
 * sources of about 800 characters, 600 characters of text in 40 pieces) stored in a cache, then looked
 * up by its key, as {@link AskHandler} does before anything else.
 */
public final class CacheProbe {
    private final AnswerCache cache;
    private final AnswerCache.Key key = AnswerCache.Key.of("how do I mock a module?", List.of(), "bench settings");

    /** Stores the typical answer in {@code cache}. */
    public CacheProbe(AnswerCache cache) {
        this.cache = cache;
        cache.put(key, entry());
    }

    /** Looks the answer up; true on a hit. */
    public boolean hit() {
        return cache.find(key).isPresent();
    }

    private static AnswerCache.Entry entry() {
        List<Source> sources = new ArrayList<>();
        for (int n = 1; n <= 5; n++) {
            String url = "https://docs.example.com/guide/page-" + n + "#section";
            Chunk chunk = new Chunk(url, "Page " + n, "Guide › Page " + n, "Mock modules with vi.mock. ".repeat(30), "guide/page.md",
                    java.util.Map.of());
            Hit hit = Hit.builder(n, chunk).bm25(n, 7.5f).vectorRank(n).similarity(0.71f).keywordCoverage(0.8f).score(0.03).build();
            sources.add(new Source(n, url, "Page " + n, "Guide › Page " + n, "guide/page.md", List.of(hit)));
        }
        List<String> deltas = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            deltas.add("Use vi.mock [1]. ");
        }
        Answer a = new Answer("how do I mock a module?", "how do I mock a module?", String.join("", deltas), sources,
                List.of(1), List.of(), false, false, false, Retrieval.Mode.HYBRID, false, "openai:gpt-4o-mini",
                new Answer.Timings(0, 12, 400, 1800), Optional.of(new Answer.Usage(1500, 150)));
        return new AnswerCache.Entry(a, deltas);
    }

    /** A cache of this process's own, as docask serve has without --redis. */
    public static AnswerCache local() {
        return AnswerCache.create(10_000, Duration.ofHours(1));
    }
}
