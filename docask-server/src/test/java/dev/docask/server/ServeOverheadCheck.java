package dev.docask.server;

import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.Framework;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.StreamLoad;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Measure, not a timed test: the answer path's own overhead in a real server on loopback over a
 * synthetic index of {@code docask.check.chunks} chunks (default 10,000; mock embedder, 120
 * Zipf-distributed words each, as RetrieveBenchmark makes them) whose model is the fake
 * OpenAI-compatible server answering at once. One question at a time, {@value #WARM_UP} to warm
 * up, then {@value #QUESTIONS}: the time from sending the request to the {@code source-url} parts
 * (client side) and to the model receiving its request (the fake's clock, same JVM), p50/p99 in
 * {@code docs/benchmarks.md} ("The answer path's own overhead"). Building a 1M-chunk index takes
 * minutes: {@code -Ddocask.check.index=DIR} keeps it in DIR and reuses it on the next run.
 *
 * <pre>
 * ./mvnw -B verify -pl docask-server -am -Dit.test=ServeOverheadCheck -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Ddocask.check.chunks=1000000 -Ddocask.check.index=/tmp/docask-1m
 * </pre>
 */
class ServeOverheadCheck {
    static final int WARM_UP = 50;
    static final int QUESTIONS = 300;
    static final int WORDS = 120;
    static final int VOCABULARY = 20_000;

    @TempDir
    Path dir;

    @Test
    void questionsOneAtATime_againstAnInstantModel_sourcesAndModelCallTimed() throws Exception {
        int chunks = Integer.getInteger("docask.check.chunks", 10_000);
        String kept = System.getProperty("docask.check.index", "");
        Path index = kept.isBlank() ? dir.resolve("idx") : Path.of(kept);
        List<String> questions = synthetic(chunks, index, WARM_UP + QUESTIONS);
        long[] retrieval = retrievalAlone(index, questions);
        AtomicLong modelCalled = new AtomicLong();
        StreamTokens answer = new StreamTokens("See ", "the ", "docs.");
        try (FakeModelServer fake = FakeModelServer.start(Wire.OPENAI, exchange -> {
            modelCalled.set(System.nanoTime());
            answer.respond(exchange);
        });
             DocaskServer server = FakeModels.server(index, fake).answerCache(null).build().start();
             StreamLoad load = new StreamLoad()) {
            long[] sources = new long[QUESTIONS];
            long[] model = new long[QUESTIONS];
            int answered = 0;
            int refused = 0;
            for (int q = 0; q < questions.size(); q++) {
                HttpRequest ask = StreamLoad.ask(server.url() + "/api/ask",
                        "{\"question\":\"" + questions.get(q) + "\"}");
                modelCalled.set(0);
                long t0 = System.nanoTime();
                StreamLoad.Stream s = load.stream(ask);
                assertThat(s.finished()).as("question %d: %s", q, s.failure()).isTrue();
                if (q < WARM_UP) {
                    continue;
                }
                if (s.firstSourceNanos() == 0) {
                    refused++;
                    continue;
                }
                sources[answered] = s.firstSourceNanos();
                model[answered++] = modelCalled.get() - t0;
            }
            System.out.printf(Locale.ROOT, "%n=== docask answer path overhead: %d chunks, %d questions one at a time "
                    + "(%d refused), load average %.1f ===%n", chunks, QUESTIONS, refused,
                    ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            System.out.println("| | p50 | p95 | p99 | max |");
            System.out.println("|---|---|---|---|---|");
            StreamLoad.row("retrieval alone, in process (ms)", retrieval);
            StreamLoad.row("request to source-url (ms)", sorted(sources, answered));
            StreamLoad.row("request to model call (ms)", sorted(model, answered));
            assertThat(answered).as("answered questions").isGreaterThan(QUESTIONS / 2);
        }
    }

    /** The same questions' {@code retrieve} on the same index, without the server: the part that grows with the corpus. */
    private static long[] retrievalAlone(Path index, List<String> questions) {
        try (DocIndex opened = DocIndex.open(index)) {
            HybridRetriever retriever = HybridRetriever.create(opened, Embedders.fromSpec("mock"));
            long[] times = new long[QUESTIONS];
            int hits = 0;
            for (int q = 0; q < questions.size(); q++) {
                long t0 = System.nanoTime();
                Retrieval r = retriever.retrieve(questions.get(q), RetrievalOptions.defaults());
                if (q >= WARM_UP) {
                    times[q - WARM_UP] = System.nanoTime() - t0;
                }
                hits += r.hits().size();
            }
            assertThat(hits).as("hits").isPositive();
            Arrays.sort(times);
            return times;
        }
    }

    private static long[] sorted(long[] times, int n) {
        long[] s = Arrays.copyOf(times, n);
        Arrays.sort(s);
        return s;
    }

    /**
     * Builds (unless {@code index} already holds one) an index of {@code n} synthetic chunks and returns
     * {@code questions} questions: the opening twelve words of chunks spread over the whole index.
     */
    private static List<String> synthetic(int n, Path index, int questions) {
        boolean build = !DocIndex.exists(index);
        Random rnd = new Random(7);
        String[] vocab = new String[VOCABULARY];
        for (int i = 0; i < vocab.length; i++) {
            vocab[i] = "w" + Integer.toString(i, 36) + (char) ('a' + i % 26);
        }
        List<Chunk> list = new ArrayList<>(build ? n : 0);
        List<String> asked = new ArrayList<>(questions);
        int every = Math.max(1, n / questions);
        for (int i = 0; i < n; i++) {
            StringBuilder text = new StringBuilder();
            for (int k = 0; k < WORDS; k++) {
                text.append(vocab[zipf(rnd, vocab.length)]).append(' ');
                if (k == 11 && i % every == 0 && asked.size() < questions) {
                    asked.add(text.toString().trim());
                }
            }
            if (build) {
                list.add(new Chunk("https://bench.dev/p" + (i / 4) + "#s" + i, "Page " + (i / 4), "Section " + i,
                        text.toString(), "p" + (i / 4) + ".md", Map.of()));
            }
        }
        if (build) {
            IndexBuilder.build(new Corpus(Framework.MARKDOWN, n / 4, list, List.of()), Embedders.fromSpec("mock"),
                    IndexBuilder.Settings.defaults("mock").withSiteName("Bench"), index, c -> { });
        }
        return asked;
    }

    /** Word ranks with a Zipf-like spread, as RetrieveBenchmark draws them. */
    private static int zipf(Random rnd, int n) {
        return (int) Math.min(n - 1, Math.floor(Math.pow(n, rnd.nextDouble())) - 1);
    }
}
