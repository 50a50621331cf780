package dev.docask.server;

import dev.docask.answer.internal.UiMessageStream;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.Source;
import dev.docask.testsupport.TestIndexes;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UiMessageStreamTest {
    private final ObjectMapper json = new ObjectMapper();
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final UiMessageStream ui = new UiMessageStream(bytes, json);

    private static Source source() {
        var chunk = TestIndexes.chunk("https://x.dev/guide/mocking#vi-mock", "Mocking", "Mocking › vi.mock", "Use vi.mock.");
        return new Source(1, chunk.url(), chunk.title(), chunk.heading(), chunk.source(),
                List.of(Hit.builder(0, chunk).bm25(1, 2f).vectorRank(1).similarity(0.5f).keywordCoverage(1f).score(0.03).build()));
    }

    private List<JsonNode> parts() {
        return FakeModels.parts(bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void stream_writesProtocolPartsWithOnlyTheirDefinedFields() throws IOException {
        ui.start("ans_1", json.createObjectNode().put("refused", false));
        ui.source(source());
        ui.delta("Use ");
        ui.delta("");
        ui.delta("vi.mock [1].");
        ui.finish(json.createObjectNode().put("refused", false));
        List<JsonNode> parts = parts();
        assertThat(FakeModels.types(parts)).containsExactly("start", "source-url", "text-start", "text-delta",
                "text-delta", "text-end", "finish", "[DONE]");
        assertThat(parts.get(1).fieldNames()).toIterable().containsExactlyInAnyOrder("type", "sourceId", "url", "title", "providerMetadata");
        assertThat(parts.get(1).get("title").asText()).isEqualTo("Mocking › vi.mock");
        assertThat(parts.get(3).fieldNames()).toIterable().containsExactly("type", "id", "delta");
        assertThat(parts.get(3).get("id").asText()).isEqualTo(parts.get(2).get("id").asText());
    }

    @Test
    void error_closesOpenTextThenEndsTheStream() throws IOException {
        ui.start("ans_1", json.createObjectNode());
        ui.delta("Use");
        ui.error("The language model failed with HTTP status 500.");
        assertThat(FakeModels.types(parts())).containsExactly("start", "text-start", "text-delta", "text-end", "error", "[DONE]");
    }

    @Test
    void ping_isAnSseCommentThatClientsIgnore() throws IOException {
        ui.ping();
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(": ping\n\n");
        assertThat(parts()).isEmpty();
    }

    @Test
    void write_toAClosedClient_throwsSoTheCallerCanCancel() {
        UiMessageStream gone = new UiMessageStream(new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("broken pipe");
            }
        }, json);
        assertThatThrownBy(gone::ping).isInstanceOf(IOException.class);
    }
}
