package dev.docask.eval;

import dev.docask.embed.Embedder;
import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.RetrievalOptions;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Does a second local embedder, fused with bge-small, pay for its indexing time (#15 item 6,
 * docs/quality.md "A second embedder")? Runs the same questions three ways on one index's chunks:
 * {@code hybrid} (docask's default: BM25 + bge-small, RRF), {@code hybrid+second} (RRF over BM25,
 * bge-small and the second model's own top candidates) and {@code second} (BM25 + the second model
 * alone, as if it replaced bge-small). The extra list enters through a {@link HybridRetriever.RetrieveHook},
 * so the gate, copies, page diversity and numbering after it are docask's own.
 *
 * <p>The second model's index is built from the same folder (or BEIR corpus) with the same settings, so
 * its chunk ids are the first index's; the runner checks that every chunk's text matches.
 *
 * <p>Each question file of a site is measured on its own (short, and long when it has long forms),
 * gate off ({@code topn}) and on, then pooled per set and over all sets, with the questions whose
 * gate-off result differs from {@code hybrid}'s ({@link SiteSets}; docs/quality.md "e5-small against
 * bge-small on the larger sets").
 *
 * <pre>
 * ./mvnw -q -B -Pbench package -DskipTests
 * java --add-modules jdk.incubator.vector -Xmx8g -cp docask-bench/target/benchmarks.jar \
 *     dev.docask.eval.SecondEmbedderQuality --second e5-small \
 *     --beir ../shared/data/beir/scifact --beir ../shared/data/beir/nfcorpus \
 *     --site vitest=/tmp/q2/vitest-bge-small,/tmp/q2/vitest-e5-small,../shared/data/docs/vitest-dev-questions.jsonl,eval/questions/vitest-titles.jsonl
 * </pre>
 * Second-model indexes of the docs sites are made with {@code docask index … --embedder e5-small} run
 * from the same jar ({@code dev.docask.cli.Main}); BEIR indexes are built in eval's cache when missing.
 */
public final class SecondEmbedderQuality {
    private SecondEmbedderQuality() {
    }

    public static void main(String[] args) throws IOException {
        String second = "e5-small";
        List<Path> beir = new ArrayList<>();
        List<String[]> sites = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--second" -> second = args[++i];
                case "--beir" -> beir.add(Path.of(args[++i]));
                case "--site" -> sites.add(args[++i].split("[=,]"));
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        Embedder bge = Embedders.fromSpec("bge-small").orElseThrow();
        Embedder other = Embedders.fromSpec(second).orElseThrow();
        for (Path dir : beir) {
            BeirCollection c = BeirReader.read(dir, "test");
            long t0 = System.nanoTime();
            Path bgeDir = BeirIndex.ensure(c, dir, "bge-small", BeirIndex.defaultCache(), n -> { });
            long t1 = System.nanoTime();
            Path otherDir = BeirIndex.ensure(c, dir, second, BeirIndex.defaultCache(), n -> { });
            long t2 = System.nanoTime();
            System.out.printf("%s: %d docs; index bge-small %.0f s (0 when cached), %s %.0f s (0 when cached)%n",
                    c.name(), c.docs().size(), (t1 - t0) / 1e9, second, (t2 - t1) / 1e9);
            try (DocIndex a = DocIndex.open(bgeDir); DocIndex b = DocIndex.open(otherDir)) {
                sameChunks(a, b);
                int depth = BeirEval.DEPTH;
                for (Map.Entry<String, Fusion> f : fusions(a, bge, b, other, depth, false).entrySet()) {
                    BeirReport r = BeirEval.run(f.getValue().retriever()::retrieve, c, "test",
                            Strategies.select(List.of("hybrid"), List.of()));
                    BeirMetrics m = r.strategies().get("hybrid");
                    System.out.printf("  %-14s nDCG@10 %.4f  Recall@100 %.4f  refused %d of %d%n", f.getKey(),
                            m.ndcgAt10(), m.recallAt100(), m.refused(), m.queries());
                }
            }
        }
        SiteSets pooled = new SiteSets();
        for (String[] s : sites) {
            String name = s[0];
            try (DocIndex a = DocIndex.open(Path.of(s[1])); DocIndex b = DocIndex.open(Path.of(s[2]))) {
                sameChunks(a, b);
                System.out.printf("%s: %d chunks%n", name, a.size());
                Map<String, Fusion> fusions = fusions(a, bge, b, other, RetrievalOptions.defaults().candidates(), true);
                for (int i = 3; i < s.length; i++) {
                    Path file = Path.of(s[i]);
                    List<Question> questions = QuestionFile.read(file);
                    pooled.measure(name, setName(name, file), questions, fusions);
                }
            }
        }
        pooled.print(System.out);
    }

    /** "vitest-dev-questions.jsonl" → "dev-questions": the set's name without the site and extension. */
    private static String setName(String site, Path file) {
        String f = file.getFileName().toString().replaceFirst("\\.jsonl$", "");
        return f.startsWith(site + "-") ? f.substring(site.length() + 1) : f;
    }

    record Fusion(HybridRetriever retriever) {
    }

    /** The three ways, each a retriever over index {@code a}'s chunks. */
    private static Map<String, Fusion> fusions(DocIndex a, Embedder bge, DocIndex b, Embedder other, int candidates,
                                               boolean collapse) {
        HybridRetriever secondOnly = HybridRetriever.create(b, Optional.of(other));
        Map<String, Fusion> out = new LinkedHashMap<>();
        out.put("hybrid", new Fusion(HybridRetriever.create(a, Optional.of(bge))));
        out.put("hybrid+second", new Fusion(HybridRetriever.builder(a).embedder(bge)
                .retrieveHook(extraList(secondOnly, candidates, collapse)).build()));
        out.put("second", new Fusion(secondOnly));
        return out;
    }

    /**
     * The built-in candidates (BM25 and bge-small lists) plus the second model's top {@code candidates}
     * chunks as a third RRF list; chunks only the second model found join with no rank in the other two.
     */
    private static HybridRetriever.RetrieveHook extraList(HybridRetriever secondOnly, int candidates, boolean collapse) {
        RetrievalOptions vectorOnly = RetrievalOptions.builder().withoutGate().candidates(candidates).topK(candidates)
                .maxContextChars(Integer.MAX_VALUE).collapseCopies(collapse).noMaxPerSource().searchOpening(false)
                .retrievers(RetrievalOptions.Retrievers.VECTOR).build();
        RetrievalOptions builtIn = RetrievalOptions.builder().candidates(candidates).collapseCopies(collapse).build();
        return (question, search) -> {
            List<Hit> base = search.find(question, builtIn);
            Retrieval r = secondOnly.retrieve(question, vectorOnly);
            List<Integer> third = r.hits().stream().map(Hit::chunkId).limit(candidates).toList();
            List<Integer> bm25 = base.stream().filter(h -> h.bm25Rank().isPresent())
                    .sorted((x, y) -> Integer.compare(x.bm25Rank().getAsInt(), y.bm25Rank().getAsInt()))
                    .map(Hit::chunkId).toList();
            List<Integer> dense = base.stream().filter(h -> h.vectorRank().isPresent())
                    .sorted((x, y) -> Integer.compare(x.vectorRank().getAsInt(), y.vectorRank().getAsInt()))
                    .map(Hit::chunkId).toList();
            Map<Integer, Double> fused = rrf(List.of(bm25, dense, third), RetrievalOptions.defaults().rrfK());
            Map<Integer, Hit> byId = new HashMap<>();
            for (Hit h : base) {
                byId.put(h.chunkId(), h);
            }
            for (Hit h : r.hits()) {
                byId.putIfAbsent(h.chunkId(), Hit.builder(h.chunkId(), h.chunk()).copyUrls(h.copyUrls()).build());
            }
            List<Hit> out = new ArrayList<>();
            for (Map.Entry<Integer, Double> e : fused.entrySet()) {
                Hit h = byId.get(e.getKey());
                if (h != null) {
                    out.add(h.withScore(e.getValue()));
                }
            }
            out.sort((x, y) -> x.score() != y.score() ? Double.compare(y.score(), x.score())
                    : Integer.compare(x.chunkId(), y.chunkId()));
            return out;
        };
    }

    /** Reciprocal rank fusion: each list adds 1 / (k + rank) to its chunks. */
    private static Map<Integer, Double> rrf(List<List<Integer>> lists, int k) {
        Map<Integer, Double> out = new LinkedHashMap<>();
        for (List<Integer> list : lists) {
            for (int i = 0; i < list.size(); i++) {
                out.merge(list.get(i), 1.0 / (k + i + 1), Double::sum);
            }
        }
        return out;
    }

    private static void sameChunks(DocIndex a, DocIndex b) {
        if (a.size() != b.size()) {
            throw new IllegalStateException("the two indexes hold " + a.size() + " and " + b.size() + " chunks");
        }
        for (int i = 0; i < a.size(); i++) {
            if (!a.chunk(i).text().equals(b.chunk(i).text())) {
                throw new IllegalStateException("chunk " + i + " differs between the two indexes");
            }
            // Sources are matched by URL: an index built with another --base-url would find nothing.
            if (!a.chunk(i).url().equals(b.chunk(i).url())) {
                throw new IllegalStateException("chunk " + i + " has URL " + a.chunk(i).url() + " in one index and "
                        + b.chunk(i).url() + " in the other (built with another --base-url?)");
            }
        }
    }
}
