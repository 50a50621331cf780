package dev.docask.eval;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.docask.index.DocIndex;
import dev.docask.ingest.Chunk;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.retrieve.Source;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * Retrieval quality of "the obvious Java stack" (the peer, docs/retrieval.md#the-obvious-java-stack) next to docask's default
 * pipeline, in one process, on the same questions, judged by the eval's own match rule and metrics
 * ({@link DocsEval}, {@link SourceMatch}, {@link DocsMetrics}).
 *
 * <p>The peer, per site: every {@code .md}/{@code .mdx} file loaded raw, Easy RAG's splitter
 * (recursive, 300/30 tokens), LangChain4j's quantised bge-small {@code embedAll} into an
 * {@code InMemoryEmbeddingStore}, and a Lucene BM25 index (EnglishAnalyzer, k1 1.2, b 0.75) of the same
 * segments ({@link PeerIndex}). Strategies, all without a gate (every question gets 6 results):
 * {@code peer-dense} (store top 6), {@code peer-bm25} (top 6), {@code peer-rrf} (40 + 40, RRF k 60,
 * top 6). docask: {@code hybrid}, the {@code docask eval} default, on the site's existing bge-small
 * index. A peer segment is judged at the page URL docask's ingest gives its file; segments of files
 * docask skipped (drafts, partials) have no URL and never match.
 *
 * <p>Question sets per site: {@code dev} (the dev file; {@code dev-long} asks long_question where
 * present) and {@code all} (dev + {@code <site>-cross-site.jsonl} + {@code <site>-probes.jsonl}, same
 * short/long pair). Metrics at k = 6: recall, hit@1, MRR, answerable turned away, off-topic passed.
 *
 * <pre>
 * export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64; cd /work/main
 * ./mvnw -q -B -Pbench package -DskipTests
 * $JAVA_HOME/bin/java --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -Xmx6g \
 *     -cp target/benchmarks.jar dev.docask.eval.PeerQuality \
 *     --site vitest=/work/shared/data/docs/vitest/docs,/tmp/q/vitest-bge \
 *     --site docusaurus=/work/shared/data/docs/docusaurus/website,/tmp/q/docusaurus-bge \
 *     --site astro=/work/shared/data/docs/astro/src/content/docs,/tmp/q/astro-bge \
 *     --dev-dir /work/shared/data/docs --extra-dir eval/questions --json /tmp/peer-quality.json
 * </pre>
 * {@code --dev-dir} and {@code --extra-dir} default to the values shown; {@code --json} is optional.
 * Embedding the peer's segments takes most of the run (~10 segments/s on 2 cores).
 */
public final class PeerQuality {
    static final int K = 6;
    /** Candidates per retriever for the peer's fusion: docask's default, so both fuse the same depth. */
    static final int CANDIDATES = 40;
    static final int RRF_K = 60;

    private PeerQuality() {
    }

    record SiteArg(String name, Path folder, Path index) {
    }

    record Run(String site, String set, String strategy, DocsReport report, Set<String> answerableIds) {
    }

    public static void main(String[] args) throws IOException {
        List<SiteArg> sites = new ArrayList<>();
        Path devDir = Path.of("/work/shared/data/docs");
        Path extraDir = Path.of("eval/questions");
        Path json = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--site" -> sites.add(parseSite(args[++i]));
                case "--dev-dir" -> devDir = Path.of(args[++i]);
                case "--extra-dir" -> extraDir = Path.of(args[++i]);
                case "--json" -> json = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]
                        + "; expected --site name=folder,index [--dev-dir D] [--extra-dir D] [--json FILE]");
            }
        }
        if (sites.isEmpty()) {
            throw new IllegalArgumentException("give at least one --site name=folder,index");
        }
        BgeSmallEnV15QuantizedEmbeddingModel model = new BgeSmallEnV15QuantizedEmbeddingModel();
        List<Run> runs = new ArrayList<>();
        List<Map<String, Object>> siteFacts = new ArrayList<>();
        for (SiteArg s : sites) {
            siteFacts.add(runSite(s, model, devDir, extraDir, runs));
        }
        System.out.println();
        siteFacts.forEach(f -> System.out.println(f));
        System.out.println();
        System.out.print(table(runs));
        System.out.println();
        System.out.print(peerWins(runs));
        if (json != null) {
            writeJson(json, siteFacts, runs);
            System.out.println("JSON written to " + json);
        }
        System.exit(0); // ONNX Runtime and the retriever's executors keep threads alive
    }

    private static SiteArg parseSite(String spec) {
        int eq = spec.indexOf('=');
        String[] paths = eq < 0 ? new String[0] : spec.substring(eq + 1).split(",");
        if (paths.length != 2) {
            throw new IllegalArgumentException("--site wants name=folder,index, got " + spec);
        }
        return new SiteArg(spec.substring(0, eq), Path.of(paths[0]), Path.of(paths[1]));
    }

    private static Map<String, Object> runSite(SiteArg s, BgeSmallEnV15QuantizedEmbeddingModel model, Path devDir,
                                               Path extraDir, List<Run> runs) {
        List<Question> dev = QuestionFile.read(devDir.resolve(s.name() + "-dev-questions.jsonl"));
        List<Question> all = new ArrayList<>(dev);
        for (String extra : List.of("-cross-site.jsonl", "-probes.jsonl")) {
            Path f = extraDir.resolve(s.name() + extra);
            if (Files.isRegularFile(f)) {
                all.addAll(QuestionFile.read(f));
            }
        }
        Set<String> ids = new HashSet<>();
        all.forEach(q -> {
            if (!ids.add(q.id())) {
                throw new IllegalArgumentException("question id '" + q.id() + "' appears twice for " + s.name());
            }
        });
        try (DocIndex index = DocIndex.open(s.index())) {
            Map<String, String> pageUrls = pageUrls(index);
            PeerIndex peer = PeerIndex.build(s.folder(), model);
            List<String> unmapped = new ArrayList<>();
            int segmentsWithoutUrl = 0;
            for (int i = 0; i < peer.size(); i++) {
                if (!pageUrls.containsKey(peer.file(i))) {
                    segmentsWithoutUrl++;
                    if (!unmapped.contains(peer.file(i))) {
                        unmapped.add(peer.file(i));
                    }
                }
            }
            Map<String, Object> facts = new LinkedHashMap<>();
            facts.put("site", s.name());
            facts.put("peer_files", peer.fileCount());
            facts.put("peer_segments", peer.size());
            facts.put("peer_avg_segment_chars", Math.round(avgChars(peer)));
            facts.put("peer_embed_seconds", Math.round(peer.embedSeconds * 10) / 10.0);
            facts.put("peer_segments_per_second", Math.round(peer.size() / peer.embedSeconds * 10) / 10.0);
            facts.put("peer_segments_without_url", segmentsWithoutUrl);
            facts.put("peer_files_without_url", unmapped);
            facts.put("docask_pages", index.manifest().pages());
            facts.put("docask_chunks", index.size());
            facts.put("docask_copies", index.manifest().copies());
            facts.put("docask_embedder", index.manifest().embedderSpec().toString());
            System.err.println(facts);

            HybridRetriever docask = HybridRetriever.create(index);
            Map<String, BiFunction<String, RetrievalOptions, Retrieval>> strategies = new LinkedHashMap<>();
            strategies.put("docask-hybrid", docask::retrieve);
            strategies.put("peer-dense", peerRetriever(peer, pageUrls, q -> peer.dense(q, K)));
            strategies.put("peer-bm25", peerRetriever(peer, pageUrls, q -> peer.bm25(q, K)));
            strategies.put("peer-rrf", peerRetriever(peer, pageUrls, q -> peer.rrf(q, CANDIDATES, RRF_K, K)));
            Strategy hybrid = Strategies.find(Strategies.DEFAULT).orElseThrow();
            for (String set : List.of("dev", "dev-long", "all", "all-long")) {
                List<Question> qs = set.startsWith("dev") ? dev : all;
                boolean preferLong = set.endsWith("-long");
                Set<String> answerable = qs.stream().filter(Question::answerable).map(Question::id)
                        .collect(Collectors.toSet());
                strategies.forEach((name, retriever) -> {
                    // docask runs its registered default; the peer ignores the options but for topK (= K).
                    Strategy st = name.startsWith("docask") ? hybrid : new Strategy(name, "the peer", o -> o);
                    DocsReport r = DocsEval.run(retriever, qs, List.of(st), K, preferLong);
                    runs.add(new Run(s.name(), set, name, r, answerable));
                    System.err.printf("%s %s %s: recall@6 %.2f%n", s.name(), set, name, r.primary().recallAtK());
                });
            }
            return facts;
        }
    }

    /** File (relative to the indexed folder) → the page URL docask's ingest gives it; copies keep their own. */
    private static Map<String, String> pageUrls(DocIndex index) {
        Map<String, String> urls = new HashMap<>();
        for (int i = 0; i < index.size(); i++) {
            Chunk c = index.chunk(i);
            String prev = urls.putIfAbsent(c.source(), c.pageUrl());
            if (prev != null && !prev.equals(c.pageUrl())) {
                System.err.println("warning: " + c.source() + " has two page URLs: " + prev + ", " + c.pageUrl());
            }
        }
        return urls;
    }

    private static double avgChars(PeerIndex peer) {
        long sum = 0;
        for (int i = 0; i < peer.size(); i++) {
            sum += peer.segment(i).text().length();
        }
        return (double) sum / peer.size();
    }

    /**
     * Wraps a peer search as a {@link Retrieval} so that {@link DocsEval} judges it like docask: every
     * question answered (no gate), one numbered source per segment, at its file's page URL (empty,
     * never matching, for a file docask skipped).
     */
    private static BiFunction<String, RetrievalOptions, Retrieval> peerRetriever(
            PeerIndex peer, Map<String, String> pageUrls, java.util.function.Function<String, List<Integer>> search) {
        return (question, options) -> {
            long start = System.nanoTime();
            List<Integer> ords = search.apply(question);
            long micros = Math.max(1, (System.nanoTime() - start) / 1000);
            List<Source> sources = new ArrayList<>();
            List<Hit> hits = new ArrayList<>();
            for (int ord : ords.subList(0, Math.min(options.topK(), ords.size()))) {
                String file = peer.file(ord);
                String url = pageUrls.getOrDefault(file, "");
                String source = url.isEmpty() ? "" : file;
                Chunk chunk = new Chunk(url, file, "", peer.segment(ord).text(), source, Map.of());
                Hit hit = Hit.builder(ord, chunk).build();
                hits.add(hit);
                sources.add(new Source(sources.size() + 1, url, file, "", source, List.of(hit)));
            }
            return Retrieval.builder(question).answerable(true).sources(sources).hits(hits).micros(micros).build();
        };
    }

    static String table(List<Run> runs) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%-11s %-9s %-9s %-14s %9s %6s %7s %11s %16s %7s%n", "site", "set", "ans/off",
                "strategy", "recall@6", "hit@1", "MRR@6", "turnedAway", "offtopicPassed", "p50ms"));
        String last = "";
        for (Run r : runs) {
            String group = r.site() + r.set();
            if (!group.equals(last) && !last.isEmpty()) {
                sb.append('\n');
            }
            last = group;
            DocsReport rep = r.report();
            DocsMetrics m = rep.primary();
            long passed = Math.round(nz(m.offtopicPassed()) * rep.offtopic());
            sb.append(String.format("%-11s %-9s %-9s %-14s %9s %6s %7s %11s %16s %7.1f%n", r.site(), r.set(),
                    rep.answerable() + "/" + rep.offtopic(), r.strategy(), f(m.recallAtK()), f(m.hitAt1()), f(m.mrr()),
                    f(m.turnedAway()), rep.offtopic() == 0 ? "-" : passed + "/" + rep.offtopic() + " " + f(m.offtopicPassed()),
                    m.latency().p50()));
        }
        return sb.toString();
    }

    /** Answerable questions a peer strategy finds (expected page in its 6) and docask does not, per site × set. */
    static String peerWins(List<Run> runs) {
        StringBuilder sb = new StringBuilder("Answerable questions found by a peer strategy but missed by docask-hybrid"
                + " (and the reverse count):\n");
        Map<String, Run> docask = new LinkedHashMap<>();
        runs.stream().filter(r -> r.strategy().startsWith("docask")).forEach(r -> docask.put(r.site() + "/" + r.set(), r));
        for (Run r : runs) {
            Run d = docask.get(r.site() + "/" + r.set());
            if (r == d || d == null) {
                continue;
            }
            Set<String> dMiss = missedIds(d);
            Set<String> pMiss = missedIds(r);
            List<String> peerOnly = dMiss.stream().filter(id -> !pMiss.contains(id)).sorted().toList();
            long docaskOnly = pMiss.stream().filter(id -> !dMiss.contains(id)).count();
            sb.append(String.format("  %-11s %-9s %-10s peer finds, docask misses: %s; docask finds, peer misses: %d%n",
                    r.site(), r.set(), r.strategy(), peerOnly.isEmpty() ? "none" : String.join(", ", peerOnly), docaskOnly));
        }
        return sb.toString();
    }

    private static Set<String> missedIds(Run r) {
        return r.report().misses().stream().map(Miss::id).filter(r.answerableIds()::contains).collect(Collectors.toSet());
    }

    private static void writeJson(Path file, List<Map<String, Object>> sites, List<Run> runs) throws IOException {
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Run r : runs) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("site", r.site());
            row.put("set", r.set());
            row.put("strategy", r.strategy());
            row.put("report", json.readTree(r.report().json())); // the shape of `docask eval --json`
            rows.add(row);
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("k", K);
        root.put("peer", "LangChain4j 1.11 Easy RAG defaults (recursive 300/30 tokens, bge-small-en-v1.5-q, "
                + "InMemoryEmbeddingStore, minScore 0) + Lucene BM25 (EnglishAnalyzer, k1 1.2, b 0.75), RRF k 60 over 40+40");
        root.put("sites", sites);
        root.put("runs", rows);
        Files.writeString(file, json.writeValueAsString(root));
    }

    private static String f(double v) {
        return Double.isNaN(v) ? "-" : String.format("%.2f", v);
    }

    private static double nz(double v) {
        return Double.isNaN(v) ? 0 : v;
    }
}
