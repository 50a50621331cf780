package dev.docask.retrieve;

import dev.docask.embed.Embedder;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.Framework;
import dev.docask.testsupport.SyntheticChunks;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.langchain4j.store.embedding.inmemory.InMemoryEmbeddingStore;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@code retrieve} without the query embedding, on synthetic chunks (384 dims), against the obvious
 * Java alternative in the same run: LangChain4j's {@code InMemoryEmbeddingStore} search plus a Lucene
 * BM25 query (EnglishAnalyzer), fused with the same RRF.
 *
 * <pre>
 * ./mvnw -Pbench package -DskipTests && java --add-modules jdk.incubator.vector -jar target/benchmarks.jar RetrieveBenchmark
 * </pre>
 *
 * <p>Prints the heap each side's structures take ({@code [footprint]} lines); docask-bench/growth.sh
 * runs it at 10k, 100k and 1M chunks. With {@code -Ddocask.bench.indexCache=<folder>} docask's index
 * is built once into {@code <folder>/retrieve-<chunks>} and reused by later trials and runs (the
 * data is the same for a given size: a fixed seed); building 1M chunks takes minutes, and JMH sets
 * each benchmark method up on its own.
 *
 * <p>With {@code -Ddocask.bench.gate=rule} (pass it through {@code -jvmArgsAppend}) the index records a calibrated
 * gate with the question-space rule and the lowered band (docs/retrieval.md §4), as {@code docask calibrate --auto}
 * does on a real site: 200 site and 372 off-topic question vectors, the lead measured for every question. Its floors
 * are the model's defaults, so the same candidates pass as without it; what it adds is the rule's own work.
 *
 * <p>With {@code -Ddocask.bench.symbol=true} every question also names a symbol ("fooBarQux()") that no chunk writes.
 *
 * <p>With {@code -Ddocask.bench.headings=true} too (and {@code gate=rule}) the gate records the most site headings a
 * calibration keeps, and every question is read against them (their worst case).
 *
 * <p>With {@code -Ddocask.bench.keywordOnly=true} docask's side is an index without vectors searched without a model
 * (the peer is unchanged); with {@code gate=rule} too, its gate is a keyword-only calibration's.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "-Xmx14g"})
public class RetrieveBenchmark {
    static final int DIMS = 384;
    static final int QUESTIONS = 64;

    @Param({"10000", "100000"})
    int chunks;

    private Path dir;
    private boolean cached;
    private DocIndex index;
    private HybridRetriever docask;
    private InMemoryEmbeddingStore<TextSegment> store;
    private IndexSearcher peerSearcher;
    private final List<String> questions = new ArrayList<>();
    private final List<float[]> questionVectors = new ArrayList<>();
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        // the same synthetic site SolrScaleCheck (docask-solr) measures
        SyntheticChunks site = SyntheticChunks.make(chunks, QUESTIONS, DIMS);
        if (Boolean.getBoolean("docask.bench.symbol")) {
            // every question also names a symbol no chunk writes, so each candidate the floors refuse is read for it (the
            // symbol rule's worst case, docs/retrieval.md §4, "A symbol the site writes"); its vector is the question's own
            site = new SyntheticChunks(site.chunks(), site.chunkVectors(),
                    site.questions().stream().map(q -> q + " fooBarQux()").toList(), site.questionVectors());
        }
        List<Chunk> list = site.chunks();
        List<float[]> chunkVectors = site.chunkVectors();
        long before = dev.docask.index.Footprint.heapUsed();
        store = new InMemoryEmbeddingStore<>();
        ByteBuffersDirectory peerDir = new ByteBuffersDirectory();
        // -Ddocask.bench.peer=false: docask alone (an empty peer), when only RetrieveBenchmark.docask runs
        int peerChunks = Boolean.parseBoolean(System.getProperty("docask.bench.peer", "true")) ? chunks : 0;
        // one addAll, as an ingestion would: the store's list copies itself on every single add (quadratic at 1M)
        List<String> peerIds = new ArrayList<>(peerChunks);
        List<Embedding> peerVectors = new ArrayList<>(peerChunks);
        List<TextSegment> peerTexts = new ArrayList<>(peerChunks);
        try (IndexWriter w = new IndexWriter(peerDir, new IndexWriterConfig(new EnglishAnalyzer()))) {
            for (int i = 0; i < peerChunks; i++) {
                Chunk c = list.get(i);
                // its own copy: Embedding keeps the array, and the one in `vectors` must not hide the peer's heap
                peerIds.add(String.valueOf(i));
                peerVectors.add(Embedding.from(chunkVectors.get(i).clone()));
                peerTexts.add(TextSegment.from(c.text()));
                Document d = new Document();
                d.add(new TextField("text", c.searchText(), Field.Store.NO));
                d.add(new StoredField("id", String.valueOf(i)));
                w.addDocument(d);
            }
        }
        store.addAll(peerIds, peerVectors, peerTexts);
        peerSearcher = new IndexSearcher(DirectoryReader.open(peerDir));
        dev.docask.index.Footprint.print("retrieve-peer", chunks,
                dev.docask.index.Footprint.kv("heap", dev.docask.index.Footprint.heapUsed() - before));
        chunkVectors = List.of();
        questions.addAll(site.questions());
        questionVectors.addAll(site.questionVectors());
        Embedder precomputed = site.embedder();
        String cache = System.getProperty("docask.bench.indexCache", "");
        cached = !cache.isBlank();
        // -Ddocask.bench.keywordOnly=true: docask's index without vectors, searched without a model
        boolean keywordOnly = Boolean.getBoolean("docask.bench.keywordOnly");
        Optional<Embedder> model = keywordOnly ? Optional.empty() : Optional.of(precomputed);
        dir = cached ? Path.of(cache).resolve("retrieve-" + (keywordOnly ? "none-" : "") + chunks)
                : Files.createTempDirectory("docask-bench");
        if (!DocIndex.exists(dir)) {
            IndexBuilder.build(new Corpus(Framework.MARKDOWN, chunks / 4, list, List.of()), model,
                    // named after one of the recorded gate's own tools, so every question is read for packages built on it
                    IndexBuilder.Settings.defaults(keywordOnly ? "none" : precomputed.id()).withSiteName("Vite"), dir, n -> { });
        }
        list = List.of();
        if (System.getProperty("docask.bench.gate", "").equals("rule")) {
            if (keywordOnly) {
                recordKeywordOnlyGate(dir);
            } else {
                recordGateWithTheRule(dir, precomputed);
            }
        }
        long beforeDocask = dev.docask.index.Footprint.heapUsed();
        index = DocIndex.open(dir);
        docask = HybridRetriever.create(index, model);
        docask.retrieve(questions.get(0), RetrievalOptions.defaults());
        dev.docask.index.Footprint.print("retrieve-docask", chunks,
                dev.docask.index.Footprint.kv("heap", dev.docask.index.Footprint.heapUsed() - beforeDocask),
                dev.docask.index.Footprint.kv("disk", dev.docask.index.Footprint.bytesOnDisk(dir.toRealPath())));
    }

    /** Site and pool sizes as a calibration of a real site records them (docs/quality.md, "The lowered band"). */
    private static void recordGateWithTheRule(Path dir, Embedder embedder) {
        java.util.Random rnd = new java.util.Random(11);
        List<dev.docask.index.internal.QuantizedVector> site = new ArrayList<>();
        List<dev.docask.index.internal.QuantizedVector> offTopic = new ArrayList<>();
        for (int i = 0; i < 200 + 372; i++) {
            (i < 200 ? site : offTopic).add(dev.docask.index.internal.QuantizedVector.of(SyntheticChunks.randomUnit(rnd, DIMS)));
        }
        double floor = GateDefaults.minSimilarity(embedder.id(), embedder.queryVariant());
        // a lead limit no question reaches: every question is judged candidate by candidate, as without the rule;
        // a tool bound as on a 200-page site, so every question is also read for other tools' names
        var neighbours = new dev.docask.index.Manifest.Neighbours(5, 2.0, java.util.OptionalDouble.of(floor),
                java.util.OptionalInt.of(10), List.of("Vite", "Node.js"), site, offTopic);
        if (Boolean.getBoolean("docask.bench.headings")) {
            // the site's every heading at its most (docs/retrieval.md §4, "The site's every heading"), read for every
            // question: the sampled questions' limit refuses all, and the headings' limit spares all, so the same
            // candidates pass as without the switch and what it adds is the headings' own scan
            List<dev.docask.index.internal.QuantizedVector> headings = new ArrayList<>();
            for (int i = 0; i < GateCalibration.MAX_HEADINGS; i++) {
                headings.add(dev.docask.index.internal.QuantizedVector.of(SyntheticChunks.randomUnit(rnd, DIMS)));
            }
            neighbours = new dev.docask.index.Manifest.Neighbours(5, -2.0, java.util.OptionalDouble.of(floor),
                    java.util.OptionalInt.of(10), List.of("Vite", "Node.js"), site, offTopic, headings, 2.0);
        }
        // a coverage pass needs a cosine as a calibration records it, the pool's 10% percentile about 0.18 under the
        // floor (docs/retrieval.md §4, "Words in another sense"), so every candidate that passes on its words is read
        neighbours = neighbours.withCoverageMinSimilarity(floor - 0.18);
        var gate = new dev.docask.index.Manifest.Gate(java.util.OptionalDouble.of(floor - 0.015), GateDefaults.MIN_KEYWORD_COVERAGE,
                java.util.OptionalDouble.empty(), Optional.of(neighbours), embedder.id(), embedder.queryVariant(),
                List.of("synthetic, for RetrieveBenchmark"), java.time.Instant.now());
        try (DocIndex built = DocIndex.open(dir)) {
            IndexBuilder.recordGate(dir, built.manifest(), gate);
        }
    }

    /*
     * A keyword-only index's calibrated gate (docs/retrieval.md §4): the other-tool floor, here 1.0, so that every
     * question whose candidates pass on coverage is read for the words it writes together (the pair rule's worst case).
     */
    private static void recordKeywordOnlyGate(Path dir) {
        try (DocIndex built = DocIndex.open(dir)) {
            var gate = new dev.docask.index.Manifest.Gate(java.util.OptionalDouble.empty(),
                    GateDefaults.MIN_KEYWORD_COVERAGE_KEYWORD_ONLY, java.util.OptionalDouble.empty(), Optional.empty(),
                    Optional.of(new dev.docask.index.Manifest.OtherToolFloor(10, List.of("Vite", "Node.js"), 1.0)),
                    built.manifest().embedderId(), "", List.of("synthetic, for RetrieveBenchmark"), java.time.Instant.now());
            IndexBuilder.recordGate(dir, built.manifest(), gate);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        index.close();
        if (cached) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(p -> p.toFile().delete());
        }
    }

    @Benchmark
    public void docask(Blackhole bh) {
        int q = next++ % QUESTIONS;
        bh.consume(docask.retrieve(questions.get(q), RetrievalOptions.defaults()));
    }

    /** The obvious alternative: InMemoryEmbeddingStore top 40 + Lucene BM25 top 40, RRF (k 60), top 6. */
    @Benchmark
    public void langchain4jPlusLucene(Blackhole bh) throws Exception {
        int q = next++ % QUESTIONS;
        List<EmbeddingMatch<TextSegment>> dense = store.search(EmbeddingSearchRequest.builder()
                .queryEmbedding(Embedding.from(questionVectors.get(q))).maxResults(40).build()).matches();
        Query query = new QueryParser("text", new EnglishAnalyzer()).parse(QueryParser.escape(questions.get(q)));
        ScoreDoc[] sparse = peerSearcher.search(query, 40).scoreDocs;
        Map<String, Double> fused = new HashMap<>();
        for (int i = 0; i < dense.size(); i++) {
            fused.merge(dense.get(i).embeddingId(), 1.0 / (60 + i + 1), Double::sum);
        }
        for (int i = 0; i < sparse.length; i++) {
            String id = peerSearcher.storedFields().document(sparse[i].doc).get("id");
            fused.merge(id, 1.0 / (60 + i + 1), Double::sum);
        }
        bh.consume(fused.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue().reversed()).limit(6).toList());
    }
}
