package dev.docask.cli;

import dev.docask.embed.Embedder;
import dev.docask.embed.EmbedderProvider;
import dev.docask.embed.EmbedderSpec;
import dev.docask.testsupport.FailingEmbedder;

import java.util.Map;

/**
 * The embedder {@code queries-fail}: pages are embedded as the mock embeds them, every question fails as a provider
 * that refuses its key does, the key in its message. An index built with it is searched by keywords alone, the
 * embedder's failure reported on each question. Registered in the tests' {@code META-INF/services}.
 */
public final class QueriesFailProvider implements EmbedderProvider {
    /** The key the failure's message echoes, as a provider's error body does. */
    static final String KEY = "sk-test-Abc123Def456Ghi789";

    @Override
    public String family() {
        return "queries-fail";
    }

    @Override
    public String id(EmbedderSpec spec) {
        return "queries-fail";
    }

    @Override
    public Embedder create(EmbedderSpec spec, Map<String, String> env) {
        return FailingEmbedder.onQuestions(() -> new IllegalStateException("embedding server refused the API key " + KEY
                + "\n(HTTP 401)")).withId("queries-fail");
    }
}
