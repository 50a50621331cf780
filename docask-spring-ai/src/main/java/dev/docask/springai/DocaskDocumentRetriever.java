package dev.docask.springai;

import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.retrieve.Source;
import dev.docask.retrieve.internal.ChatQuery;
import dev.docask.retrieve.internal.SourceMetadata;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.Query;
import org.springframework.ai.rag.retrieval.search.DocumentRetriever;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/*
 * Spring AI's VectorStoreDocumentRetriever hands the model its top-k documents above a similarity
 * threshold that is 0 unless set, so an off-topic question still gets unrelated chunks. This one
 * returns docask's gated sources (docs/retrieval.md): none when nothing on the site is relevant, which
 * RetrievalAugmentationAdvisor's default query augmenter turns into an instruction to say it does not know.
 */
/**
 * A Spring AI {@link DocumentRetriever} backed by docask's hybrid retrieval and relevance gate: one
 * {@link Document} per numbered source (its text; {@value #URL}, {@value #TITLE}, {@value #HEADING},
 * {@value #NUMBER} and the scores in the metadata; {@code 1/n} as the document's score, so 1 for the best), or none
 * when nothing passes the gate.
 *
 * <pre>{@code
 * DocIndex index = DocIndex.open(Path.of("docs-index"));
 * DocumentRetriever docs = DocaskDocumentRetriever.of(HybridRetriever.create(index));
 * ChatClient chat = ChatClient.builder(chatModel)
 *         .defaultAdvisors(RetrievalAugmentationAdvisor.builder().documentRetriever(docs).build())
 *         .build();
 * String answer = chat.prompt().user("How do I mock a module?").call().content();
 * }</pre>
 */
public final class DocaskDocumentRetriever implements DocumentRetriever {
    /** Metadata key: the source's URL, with the heading's anchor. */
    public static final String URL = SourceMetadata.URL;
    /** Metadata key: the page title. */
    public static final String TITLE = SourceMetadata.TITLE;
    /** Metadata key: the heading breadcrumb, e.g. {@code Mocking › Modules} (empty for a page's opening). */
    public static final String HEADING = SourceMetadata.HEADING;
    /** Metadata key: the source's number, 1 for the best, as an answer cites it ({@code [1]}). */
    public static final String NUMBER = SourceMetadata.NUMBER;
    /** Metadata key: the file the source was read from. */
    public static final String FILE = SourceMetadata.FILE;
    /** Metadata key: the best cosine similarity of the source's chunks (absent for a keyword-only index). */
    public static final String SIMILARITY = SourceMetadata.SIMILARITY;
    /** Metadata key: the best keyword coverage of the source's chunks, in [0, 1]. */
    public static final String KEYWORD_COVERAGE = SourceMetadata.KEYWORD_COVERAGE;

    private final Function<String, Retrieval> search;

    private DocaskDocumentRetriever(Function<String, Retrieval> search) {
        this.search = search;
    }

    /** Retrieves with {@code retriever} and the default options. */
    public static DocaskDocumentRetriever of(HybridRetriever retriever) {
        return of(retriever, RetrievalOptions.defaults());
    }

    /** Retrieves with {@code retriever} and {@code options} (topK, filters, thresholds …). */
    public static DocaskDocumentRetriever of(HybridRetriever retriever, RetrievalOptions options) {
        Objects.requireNonNull(retriever, "retriever");
        Objects.requireNonNull(options, "options");
        return new DocaskDocumentRetriever(question -> retriever.retrieve(question, options));
    }

    /**
     * Retrieves with any function from a question to a docask {@link Retrieval}, e.g. the Spring Boot
     * starter's {@code DocaskIndex::retrieve}, which follows new index generations.
     */
    public static DocaskDocumentRetriever of(Function<String, Retrieval> search) {
        return new DocaskDocumentRetriever(Objects.requireNonNull(search, "search"));
    }

    /**
     * The gated sources for {@code query}'s text, best first; empty when nothing on the site is relevant.
     *
     * A message longer than the retriever takes (8,000 characters) is searched by its opening and its end, where its
     * question most often is, rather than failing the chat it is part of.
     *
     * @throws IllegalArgumentException when the query text is blank
     */
    @Override
    public List<Document> retrieve(Query query) {
        Retrieval r = search.apply(ChatQuery.searchable(query.text()));
        if (!r.answerable()) {
            return List.of();
        }
        return r.sources().stream().map(DocaskDocumentRetriever::document).toList();
    }

    /*
     * The score is the source's rank, not its fused score: RetrievalAugmentationAdvisor's default joiner re-sorts documents
     * by score, and docask's order is not always the fused scores' (a rerank hook's order, a page the question names).
     */
    private static Document document(Source s) {
        return Document.builder().id(s.url()).text(s.text()).metadata(SourceMetadata.of(s)).score(1.0 / s.n()).build();
    }
}
