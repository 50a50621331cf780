package dev.docask.testsupport;

import dev.docask.embed.Embedder;
import dev.docask.embed.Embedders;

import java.util.List;
import java.util.function.Supplier;

/**
 * The mock embedder (so it serves indexes built with {@code "mock"}), failing where a test needs it to: on every
 * question, or on passages once a number of requests were answered, as a model server whose quota runs out; it
 * counts the passages and questions it embedded.
 *
 * <pre>{@code
 * FailingEmbedder quota = FailingEmbedder.afterPassageRequests(2, () -> new EmbeddingException("quota"));
 * FailingEmbedder down = FailingEmbedder.onQuestions(() -> new IllegalStateException("embedding server down"));
 * }</pre>
 */
public final class FailingEmbedder implements Embedder {
    private final Embedder mock = Embedders.fromSpec("mock").orElseThrow();
    private final String id;
    private final int passageRequests;
    private final boolean questions;
    private final Supplier<? extends RuntimeException> failure;
    private int requests;
    private int texts;
    private int questionCount;

    private FailingEmbedder(String id, int passageRequests, boolean questions, Supplier<? extends RuntimeException> failure) {
        this.id = id;
        this.passageRequests = passageRequests;
        this.questions = questions;
        this.failure = failure;
    }

    /** Fails every question; embeds passages. */
    public static FailingEmbedder onQuestions(Supplier<? extends RuntimeException> failure) {
        return new FailingEmbedder(Embedders.fromSpec("mock").orElseThrow().id(), Integer.MAX_VALUE, true, failure);
    }

    /** Answers {@code requests} passage requests, then fails every one; questions are embedded. */
    public static FailingEmbedder afterPassageRequests(int requests, Supplier<? extends RuntimeException> failure) {
        return new FailingEmbedder(Embedders.fromSpec("mock").orElseThrow().id(), requests, false, failure);
    }

    /** Never fails: the mock embedder, counting. */
    public static FailingEmbedder never() {
        return afterPassageRequests(Integer.MAX_VALUE, IllegalStateException::new);
    }

    /** The same, with another id: an embedder of its own, as a provider registers one. */
    public FailingEmbedder withId(String otherId) {
        return new FailingEmbedder(otherId, passageRequests, questions, failure);
    }

    /** The passages embedded so far. */
    public int texts() {
        return texts;
    }

    /** The questions embedded so far. */
    public int questions() {
        return questionCount;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public int dimensions() {
        return mock.dimensions();
    }

    @Override
    public List<float[]> embedAll(List<String> in) {
        if (requests++ >= passageRequests) {
            throw failure.get();
        }
        texts += in.size();
        return mock.embedAll(in);
    }

    @Override
    public float[] embedQuery(String question) {
        if (questions) {
            throw failure.get();
        }
        questionCount++;
        return mock.embedQuery(question);
    }
}
