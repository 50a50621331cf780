package dev.docask.langchain4j;

import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.retrieve.Source;
import dev.docask.retrieve.internal.ChatQuery;
import dev.docask.retrieve.internal.SourceMetadata;
import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import dev.langchain4j.rag.content.retriever.ContentRetriever;
import dev.langchain4j.rag.query.Query;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/*
 * LangChain4j's own retrievers hand the model their top results whatever their scores (minScore 0 by
 * default), so an off-topic question still gets a few unrelated chunks and the model is left to refuse.
 * This one returns docask's gated sources (docs/retrieval.md): nothing when nothing on the site is
 * relevant. One Content per numbered source, in rank order, so a prompt can cite them as [n].
 */
/**
 * A LangChain4j {@link ContentRetriever} backed by docask's hybrid retrieval and relevance gate: one
 * {@link Content} per numbered source (its text, with {@value #URL}, {@value #TITLE}, {@value #HEADING},
 * {@value #NUMBER} and the scores in the segment's metadata, as text, so that {@code DefaultContentInjector}
 * can include any of them; the fused score as
 * {@link ContentMetadata#SCORE}), or an empty list when nothing passes the gate.
 *
 * <pre>{@code
 * DocIndex index = DocIndex.open(Path.of("docs-index"));
 * ContentRetriever docs = DocaskContentRetriever.of(HybridRetriever.create(index));
 * Assistant assistant = AiServices.builder(Assistant.class)
 *         .chatModel(model)
 *         .retrievalAugmentor(DefaultRetrievalAugmentor.builder().contentRetriever(docs)
 *                 .contentInjector(DefaultContentInjector.builder()
 *                         .metadataKeysToInclude(List.of(DocaskContentRetriever.NUMBER, DocaskContentRetriever.URL)).build())
 *                 .build())
 *         .build();
 * }</pre>
 *
 * Pair it with a system message that says to answer only from the given information, citing
 * {@code [n]}, and to say "I don't know" when there is none: with no content the model gets no
 * unrelated text to make an answer from.
 */
public final class DocaskContentRetriever implements ContentRetriever {
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

    private DocaskContentRetriever(Function<String, Retrieval> search) {
        this.search = search;
    }

    /** Retrieves with {@code retriever} and the default options. */
    public static DocaskContentRetriever of(HybridRetriever retriever) {
        return of(retriever, RetrievalOptions.defaults());
    }

    /** Retrieves with {@code retriever} and {@code options} (topK, filters, thresholds …). */
    public static DocaskContentRetriever of(HybridRetriever retriever, RetrievalOptions options) {
        Objects.requireNonNull(retriever, "retriever");
        Objects.requireNonNull(options, "options");
        return new DocaskContentRetriever(question -> retriever.retrieve(question, options));
    }

    /**
     * Retrieves with any function from a question to a docask {@link Retrieval}, e.g. the Spring Boot
     * starter's {@code DocaskIndex::retrieve}, which follows new index generations.
     */
    public static DocaskContentRetriever of(Function<String, Retrieval> search) {
        return new DocaskContentRetriever(Objects.requireNonNull(search, "search"));
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
    public List<Content> retrieve(Query query) {
        Retrieval r = search.apply(ChatQuery.searchable(query.text()));
        if (!r.answerable()) {
            return List.of();
        }
        return r.sources().stream().map(DocaskContentRetriever::content).toList();
    }

    private static Content content(Source s) {
        // as text: LangChain4j's content injector reads the keys it includes as strings (its getInteger and
        // getDouble parse them back)
        Metadata m = new Metadata();
        SourceMetadata.of(s).forEach((key, value) -> m.put(key, value.toString()));
        return Content.from(TextSegment.from(s.text(), m),
                Map.of(ContentMetadata.SCORE, SourceMetadata.score(s)));
    }
}
