package dev.docask.embed;

import dev.docask.embed.internal.Vectors;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OpenAiEmbedderTest {
    private static final String KEY = "sk-test-secret-123";

    private static OpenAiEmbedder embedder(EmbeddingsServer server, String model) {
        return new OpenAiEmbedder(model, server.baseUrl(), KEY, 2, Duration.ofMillis(10));
    }

    @Test
    void embedAll_normalServer_returnsNormalisedVectorsInInputOrder() throws Exception {
        try (EmbeddingsServer server = new EmbeddingsServer()) {
            List<float[]> vectors = embedder(server, "nomic-embed-text").embedAll(List.of("alpha", "be"));

            assertThat(vectors).hasSize(2);
            assertThat(vectors.get(0)).containsExactly(Vectors.normalize(EmbeddingsServer.vectorFor("alpha")));
            assertThat(vectors.get(1)).containsExactly(Vectors.normalize(EmbeddingsServer.vectorFor("be")));
            assertThat(server.requests.get(0).path("model").asText()).isEqualTo("nomic-embed-text");
            assertThat(server.authorizations).containsExactly("Bearer " + KEY);
        }
    }

    @Test
    void embedAll_200Texts_sendsBatchesOf96() throws Exception {
        try (EmbeddingsServer server = new EmbeddingsServer()) {
            List<String> texts = IntStream.range(0, 200).mapToObj(i -> "text " + i).toList();

            List<float[]> vectors = embedder(server, "m").embedAll(texts);

            assertThat(server.requests).extracting(r -> r.path("input").size()).containsExactly(96, 96, 8);
            assertThat(vectors.get(150)).containsExactly(Vectors.normalize(EmbeddingsServer.vectorFor("text 150")));
        }
    }

    @Test
    void embedQueries_areOneRequest() throws Exception {
        try (EmbeddingsServer server = new EmbeddingsServer()) {
            List<float[]> vectors = embedder(server, "m").embedQueries(List.of("whole question. More.", "whole question."));

            assertThat(server.requests).hasSize(1);
            assertThat(vectors.get(1)).containsExactly(Vectors.normalize(EmbeddingsServer.vectorFor("whole question.")));
        }
    }

    @Test
    void embedQuery_serverFailsOnceWith500_retriesAndSucceeds() throws Exception {
        try (EmbeddingsServer server = new EmbeddingsServer(EmbeddingsServer.status(500, "{\"error\":\"boom\"}"))) {
            float[] v = embedder(server, "m").embedQuery("hello");

            assertThat(v).containsExactly(Vectors.normalize(EmbeddingsServer.vectorFor("hello")));
            assertThat(server.requests).hasSize(2);
        }
    }

    @Test
    void embedQuery_serverThatDoesNotAnswer_failsOnceItsTimeoutIsOut_withoutRetrying() throws Exception {
        EmbeddingsServer.Route hangs = (exchange, request) -> {
            try {
                Thread.sleep(2_000); // longer than the question's timeout below; bounded, so the server closes
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            EmbeddingsServer.EMBED.handle(exchange, request);
        };
        try (EmbeddingsServer server = new EmbeddingsServer(hangs)) {
            OpenAiEmbedder e = new OpenAiEmbedder("m", server.baseUrl(), KEY, 2, Duration.ofMillis(10), Duration.ofMillis(200));

            assertThatThrownBy(() -> e.embedQuery("hello")).isInstanceOf(EmbeddingException.class)
                    .hasMessageContaining("did not answer within");
            assertThat(server.requests).as("a question is not sent again to a server that hangs").hasSize(1);
        }
    }

    @Test
    void embedQuery_rateLimitedBeyondRetries_failsNamingRateLimit() throws Exception {
        EmbeddingsServer.Route limited = EmbeddingsServer.status(429, "{}");
        try (EmbeddingsServer server = new EmbeddingsServer(limited, limited, limited)) {
            assertThatThrownBy(() -> embedder(server, "m").embedQuery("hello"))
                    .isInstanceOf(EmbeddingException.class)
                    .hasMessageContaining("rate-limiting").hasMessageContaining("HTTP 429");
            assertThat(server.requests).hasSize(3);
        }
    }

    @Test
    void embedQuery_401_failsClearlyWithoutLeakingKey() throws Exception {
        String body = "{\"error\":{\"message\":\"Incorrect API key provided: " + KEY + "\"}}";
        try (EmbeddingsServer server = new EmbeddingsServer(EmbeddingsServer.status(401, body))) {
            assertThatThrownBy(() -> embedder(server, "m").embedQuery("hello"))
                    .isInstanceOf(EmbeddingException.class)
                    .hasMessageContaining("refused the API key")
                    .hasMessageContaining("HTTP 401")
                    .hasMessageContaining(server.baseUrl())
                    .hasMessageNotContaining(KEY);
            assertThat(server.requests).hasSize(1);
        }
    }

    @Test
    void embedQuery_garbageBody_failsClearly() throws Exception {
        try (EmbeddingsServer server = new EmbeddingsServer(EmbeddingsServer.status(200, "<html>not json</html>"))) {
            assertThatThrownBy(() -> embedder(server, "m").embedQuery("hello"))
                    .isInstanceOf(EmbeddingException.class)
                    .hasMessageContaining("did not return 1 embeddings")
                    .hasMessageContaining("<html>not json</html>");
        }
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
            "[0.1, \"0.2\", 0.3] | position 1: string, not a number",
            "[0.1, null, 0.3]    | position 1: null, not a number",
            "[{}, 0.2, 0.3]      | position 0: object, not a number",
            "[0.1, 1e39, 0.3]    | position 1: a number too large for a float",
            "[0, 0, 0.0]         | an embedding of zeros"})
    void embedQuery_embeddingThatIsNotAVector_failsNamingWhatIsWrong(String embedding, String says) throws Exception {
        String body = "{\"data\":[{\"index\":0,\"embedding\":" + embedding + "}]}";
        try (EmbeddingsServer server = new EmbeddingsServer(EmbeddingsServer.status(200, body))) {
            assertThatThrownBy(() -> embedder(server, "m").embedQuery("hello"))
                    .isInstanceOf(EmbeddingException.class)
                    .hasMessageContaining(says);
        }
    }

    @Test
    void embedQuery_binaryBody_messageHasNoControlCharacters() throws Exception {
        String body = "\u0000\u0001GARBAGE\u001b[31m red \u0000" + "x".repeat(500);
        try (EmbeddingsServer server = new EmbeddingsServer(EmbeddingsServer.status(200, body))) {
            assertThatThrownBy(() -> embedder(server, "m").embedQuery("hello"))
                    .isInstanceOf(EmbeddingException.class)
                    .hasMessageContaining("did not return 1 embeddings: ?GARBAGE?[31m red ?xxx")
                    .hasMessageEndingWith("…")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContainPattern("\\p{Cc}"));
        }
    }

    @Test
    void dimensions_unknownModel_learntFromServer() throws Exception {
        try (EmbeddingsServer server = new EmbeddingsServer()) {
            assertThat(embedder(server, "nomic-embed-text").dimensions()).isEqualTo(EmbeddingsServer.DIMENSIONS);
        }
    }

    @Test
    void dimensions_knownModel_needsNoCall() throws Exception {
        try (EmbeddingsServer server = new EmbeddingsServer()) {
            assertThat(embedder(server, "text-embedding-3-small").dimensions()).isEqualTo(1536);
            assertThat(server.requests).isEmpty();
        }
    }

    @Test
    void embedQuery_serverDimensionsDisagreeWithKnownModel_failsClearly() throws Exception {
        try (EmbeddingsServer server = new EmbeddingsServer()) {
            assertThatThrownBy(() -> embedder(server, "text-embedding-3-small").embedQuery("x"))
                    .isInstanceOf(EmbeddingException.class)
                    .hasMessageContaining("returned 8 dimensions").hasMessageContaining("expected 1536");
        }
    }

    @Test
    void embedQuery_emptyKey_sendsNoAuthorization() throws Exception {
        try (EmbeddingsServer server = new EmbeddingsServer()) {
            new OpenAiEmbedder("m", server.baseUrl(), "", 0, Duration.ZERO).embedQuery("x");

            assertThat(server.authorizations).containsExactly("null");
        }
    }

    @Test
    void embedQuery_nothingListening_failsNamingServer() throws Exception {
        String url;
        try (EmbeddingsServer server = new EmbeddingsServer()) {
            url = server.baseUrl();
        }
        OpenAiEmbedder e = new OpenAiEmbedder("m", url, KEY, 0, Duration.ZERO);
        assertThatThrownBy(() -> e.embedQuery("x"))
                .isInstanceOf(EmbeddingException.class)
                .hasMessageContaining("cannot reach the embedding server at " + url);
    }

    @Test
    void constructor_badBaseUrl_failsQuotingIt() {
        assertThatThrownBy(() -> new OpenAiEmbedder("m", "localhost:11434", KEY, 0, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'localhost:11434'");
    }

    @Test
    void id_namesModel() {
        assertThat(new OpenAiEmbedder("text-embedding-3-small", "http://127.0.0.1:1/v1", "", 0, Duration.ZERO).id())
                .isEqualTo("openai:text-embedding-3-small");
    }
}
