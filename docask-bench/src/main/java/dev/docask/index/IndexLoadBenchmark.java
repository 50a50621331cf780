package dev.docask.index;

import dev.docask.embed.Embedder;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.Framework;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.inmemory.InMemoryEmbeddingStore;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.jspecify.annotations.Nullable;
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

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Time to open an index of synthetic 800-character chunks with 384-dimensional vectors, and to
 * answer a first vector query from it; the same for the LangChain4j + Lucene peer (its
 * {@code InMemoryEmbeddingStore} read back with {@code fromFile} plus a Lucene reader) unless
 * {@code -Ddocask.bench.peer=false}. Prints the index size on disk per chunk and, after one open,
 * the heap and resident memory it holds ({@code [footprint]} lines) and how long the background
 * checksum check of a large index takes.
 *
 * <pre>
 * ./mvnw -Pbench package -DskipTests &amp;&amp; java --add-modules jdk.incubator.vector -jar target/benchmarks.jar IndexLoadBenchmark
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 10)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "-Xmx14g"})
public class IndexLoadBenchmark {
    private static final int DIMS = 384;

    @Param({"10000"})
    int chunks;

    private Path dir;
    private @Nullable Path peerStore;
    private @Nullable Path peerLucene;
    private float[] query;

    @Setup(Level.Trial)
    public void build() throws Exception {
        Random rnd = new Random(3);
        List<Chunk> list = new ArrayList<>();
        for (int i = 0; i < chunks; i++) {
            StringBuilder sb = new StringBuilder();
            while (sb.length() < 800) {
                sb.append("word").append(rnd.nextInt(5000)).append(' ');
            }
            list.add(new Chunk("https://bench.dev/p" + i, "Page " + i, "Section", sb.toString(), "p" + i + ".md", Map.of()));
        }
        List<float[]> made = new ArrayList<>();
        Embedder random = new Embedder() {
            public String id() { return "bench:random"; }
            public int dimensions() { return DIMS; }
            public List<float[]> embedAll(List<String> texts) {
                List<float[]> out = new ArrayList<>();
                for (String t : texts) {
                    float[] v = new float[DIMS];
                    for (int k = 0; k < DIMS; k++) {
                        v[k] = (float) rnd.nextGaussian() / 20;
                    }
                    out.add(v);
                }
                made.addAll(out);
                return out;
            }
            public float[] embedQuery(String q) { return embedAll(List.of(q)).get(0); }
        };
        dir = Files.createTempDirectory("docask-load");
        IndexBuilder.build(new Corpus(Framework.MARKDOWN, chunks, list, List.of()), Optional.of(random),
                IndexBuilder.Settings.defaults(random.id()), dir, n -> { });
        query = random.embedQuery("q");
        long bytes = Footprint.bytesOnDisk(dir);
        System.out.printf("%n[index size] %d chunks: %,d bytes, %,d bytes per chunk%n", chunks, bytes, bytes / chunks);

        long heap = Footprint.heapUsed();
        long[] rss = Footprint.rss();
        long t0 = System.nanoTime();
        try (DocIndex index = DocIndex.open(dir)) {
            long opened = System.nanoTime();
            index.nearest(query, 40, null);
            long answered = System.nanoTime();
            boolean intact = index.verification().get();
            long checked = System.nanoTime();
            long[] rssAfter = Footprint.rss();
            Footprint.print("load-docask", chunks, Footprint.kv("heap", Footprint.heapUsed() - heap),
                    Footprint.kv("rssAnon", rssAfter[0] - rss[0]), Footprint.kv("rssFile", rssAfter[1] - rss[1]),
                    Footprint.kv("disk", bytes), "openMs=" + (opened - t0) / 1_000_000,
                    "firstAnswerMs=" + (answered - t0) / 1_000_000, "checkedMs=" + (checked - t0) / 1_000_000,
                    "intact=" + intact);
        }

        if (Boolean.parseBoolean(System.getProperty("docask.bench.peer", "true"))) {
            InMemoryEmbeddingStore<TextSegment> store = new InMemoryEmbeddingStore<>();
            peerLucene = Files.createTempDirectory("peer-lucene");
            List<String> ids = new ArrayList<>(chunks);
            List<TextSegment> texts = new ArrayList<>(chunks);
            try (FSDirectory d = FSDirectory.open(peerLucene);
                 IndexWriter w = new IndexWriter(d, new IndexWriterConfig(new EnglishAnalyzer()))) {
                for (int i = 0; i < chunks; i++) {
                    Chunk c = list.get(i);
                    ids.add(String.valueOf(i));
                    texts.add(TextSegment.from(c.text()));
                    Document doc = new Document();
                    doc.add(new TextField("text", c.searchText(), Field.Store.NO));
                    doc.add(new StoredField("id", String.valueOf(i)));
                    w.addDocument(doc);
                }
            }
            // one addAll: the store's list copies itself on every single add (quadratic in the corpus)
            store.addAll(ids, made.subList(0, chunks).stream().map(Embedding::from).toList(), texts);
            Path json = Files.createTempFile("peer-store", ".json");
            peerStore = json;
            store.serializeToFile(json);
            store = new InMemoryEmbeddingStore<>(); // let the built one go before measuring the read-back one
            long peerBytes = Footprint.bytesOnDisk(peerLucene) + Files.size(json);
            heap = Footprint.heapUsed();
            rss = Footprint.rss();
            Object held = peerOpen();
            long[] rssAfter = Footprint.rss();
            Footprint.print("load-peer", chunks, Footprint.kv("heap", Footprint.heapUsed() - heap),
                    Footprint.kv("rssAnon", rssAfter[0] - rss[0]), Footprint.kv("rssFile", rssAfter[1] - rss[1]),
                    Footprint.kv("disk", peerBytes), "held=" + (held != Boolean.FALSE));
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        for (Path p : new Path[] {dir, peerLucene, peerStore}) {
            if (p != null) {
                try (var walk = Files.walk(p)) {
                    walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(f -> f.toFile().delete());
                }
            }
        }
    }

    @Benchmark
    public int open() {
        try (DocIndex index = DocIndex.open(dir)) {
            return index.size();
        }
    }

    /** Open and answer one vector query (top 40 by the exact scan): what a first question waits for. */
    @Benchmark
    public int openAndAnswer() {
        try (DocIndex index = DocIndex.open(dir)) {
            return index.nearest(query, 40, null).size();
        }
    }

    /** The peer's open: its store read back from JSON and a reader on its Lucene folder. */
    @Benchmark
    public Object peerOpen() throws Exception {
        if (peerStore == null || peerLucene == null) {
            throw new IllegalStateException("the peer was not built (-Ddocask.bench.peer=false)");
        }
        InMemoryEmbeddingStore<TextSegment> store = InMemoryEmbeddingStore.fromFile(peerStore);
        try (FSDirectory d = FSDirectory.open(peerLucene); DirectoryReader r = DirectoryReader.open(d)) {
            return r.maxDoc() == chunks ? store : Boolean.FALSE;
        }
    }
}
