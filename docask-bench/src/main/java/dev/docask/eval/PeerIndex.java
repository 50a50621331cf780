package dev.docask.eval;

import dev.langchain4j.data.document.Document;
import dev.langchain4j.data.document.DocumentSplitter;
import dev.langchain4j.data.document.loader.FileSystemDocumentLoader;
import dev.langchain4j.data.document.parser.TextDocumentParser;
import dev.langchain4j.data.document.splitter.DocumentSplitters;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.HuggingFaceTokenCountEstimator;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.langchain4j.store.embedding.inmemory.InMemoryEmbeddingStore;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersDirectory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The peer: "the obvious Java stack" over one site, built the way LangChain4j Easy RAG and a
 * plain Lucene index would build it (see {@link PeerQuality} for what it is measured against).
 * Every result is a segment ordinal; {@link #segment(int)} gives its text and source file.
 */
final class PeerIndex {
    private static final String TEXT = "text";
    private static final String ORD = "ord";

    private final List<TextSegment> segments;
    private final List<String> files;
    private final EmbeddingModel model;
    private final InMemoryEmbeddingStore<TextSegment> store = new InMemoryEmbeddingStore<>();
    private final IndexSearcher searcher;
    final double embedSeconds;

    private PeerIndex(List<TextSegment> segments, List<String> files, EmbeddingModel model,
                      List<Embedding> embeddings, IndexSearcher searcher, double embedSeconds) {
        this.segments = segments;
        this.files = files;
        this.model = model;
        this.searcher = searcher;
        this.embedSeconds = embedSeconds;
        List<String> ids = new ArrayList<>(segments.size());
        for (int i = 0; i < segments.size(); i++) {
            ids.add(String.valueOf(i));
        }
        store.addAll(ids, embeddings, segments);
    }

    /** Loads, splits, embeds and indexes every .md/.mdx file under {@code site}. */
    static PeerIndex build(Path site, EmbeddingModel model) {
        // Core loader + TextDocumentParser: the raw file text (front matter, JSX and all), as Easy RAG
        // hands a Markdown file to its splitter. The matcher sees paths relative to `site`.
        List<Document> docs = FileSystemDocumentLoader.loadDocumentsRecursively(site,
                FileSystems.getDefault().getPathMatcher("glob:**.{md,mdx}"), new TextDocumentParser());
        // Easy RAG's default splitter (RecursiveDocumentSplitterFactory): 300 tokens, 30 overlap, counted
        // with the bge tokenizer. LangChain4j 1.x renamed HuggingFaceTokenizer to HuggingFaceTokenCountEstimator.
        DocumentSplitter splitter = DocumentSplitters.recursive(300, 30, new HuggingFaceTokenCountEstimator());
        List<TextSegment> segments = splitter.splitAll(docs);
        List<String> files = segments.stream().map(s -> relativeFile(site, s)).toList();
        System.err.printf("peer %s: %d files, %d segments; embedding...%n", site, docs.size(), segments.size());
        // embedAll on the segment text as is, as EmbeddingStoreIngestor does: no title prefix.
        long start = System.nanoTime();
        List<Embedding> embeddings = model.embedAll(segments).content();
        double seconds = (System.nanoTime() - start) / 1e9;
        return new PeerIndex(segments, files, model, embeddings, bm25(segments), seconds);
    }

    private static String relativeFile(Path site, TextSegment s) {
        Path abs = Path.of(s.metadata().getString(Document.ABSOLUTE_DIRECTORY_PATH), s.metadata().getString(Document.FILE_NAME));
        return site.toAbsolutePath().normalize().relativize(abs.normalize()).toString().replace('\\', '/');
    }

    /** A plain Lucene index of the segment texts: EnglishAnalyzer, default BM25Similarity (k1 1.2, b 0.75). */
    private static IndexSearcher bm25(List<TextSegment> segments) {
        ByteBuffersDirectory dir = new ByteBuffersDirectory();
        try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(new EnglishAnalyzer()))) {
            for (int i = 0; i < segments.size(); i++) {
                org.apache.lucene.document.Document d = new org.apache.lucene.document.Document();
                d.add(new TextField(TEXT, segments.get(i).text(), Field.Store.NO));
                d.add(new StoredField(ORD, i));
                w.addDocument(d);
            }
            w.commit();
            return new IndexSearcher(DirectoryReader.open(dir));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    int size() {
        return segments.size();
    }

    TextSegment segment(int ord) {
        return segments.get(ord);
    }

    /** The segment's file, relative to the site folder. */
    String file(int ord) {
        return files.get(ord);
    }

    /** Files loaded (those with at least one segment). */
    long fileCount() {
        return files.stream().distinct().count();
    }

    /** InMemoryEmbeddingStore top n, minScore 0 (Easy RAG's default): the question embedded as is. */
    List<Integer> dense(String question, int n) {
        Embedding q = model.embed(question).content();
        List<EmbeddingMatch<TextSegment>> matches = store.search(EmbeddingSearchRequest.builder()
                .queryEmbedding(q).maxResults(n).minScore(0.0).build()).matches();
        return matches.stream().map(m -> Integer.parseInt(m.embeddingId())).toList();
    }

    /**
     * Lucene BM25 top n for QueryParser over the escaped question (default OR). The question is
     * lower-cased first, which EnglishAnalyzer does anyway: it only keeps a literal AND/OR/NOT in a
     * question from being read as an operator.
     */
    List<Integer> bm25(String question, int n) {
        try {
            var query = new QueryParser(TEXT, new EnglishAnalyzer())
                    .parse(QueryParser.escape(question.toLowerCase(Locale.ROOT)));
            ScoreDoc[] top = searcher.search(query, n).scoreDocs;
            List<Integer> out = new ArrayList<>(top.length);
            for (ScoreDoc sd : top) {
                out.add(searcher.storedFields().document(sd.doc).getField(ORD).numericValue().intValue());
            }
            return out;
        } catch (ParseException e) {
            throw new IllegalArgumentException("BM25 query failed for: " + question, e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Naive RRF: dense top {@code candidates} + BM25 top {@code candidates}, score Σ 1/(k + rank), no gate. */
    List<Integer> rrf(String question, int candidates, int k, int n) {
        Map<Integer, Double> fused = new HashMap<>();
        List<List<Integer>> lists = List.of(dense(question, candidates), bm25(question, candidates));
        for (List<Integer> list : lists) {
            for (int i = 0; i < list.size(); i++) {
                fused.merge(list.get(i), 1.0 / (k + i + 1), Double::sum);
            }
        }
        return fused.entrySet().stream()
                .sorted(Map.Entry.<Integer, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(n).map(Map.Entry::getKey).toList();
    }
}
