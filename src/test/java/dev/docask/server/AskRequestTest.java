package dev.docask.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.answer.Turn;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AskRequestTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static AskRequest parse(String body) throws Exception {
        JsonNode node = JSON.readTree(body);
        return AskRequest.from(node, 500);
    }

    @Test
    void from_questionAndHistory_keepsTurnsInOrder() throws Exception {
        AskRequest r = parse("{\"question\":\"  and modules? \",\"history\":[{\"role\":\"user\",\"text\":\"how do I mock?\"},"
                + "{\"role\":\"assistant\",\"content\":\"Use vi.fn() [1].\"}]}");
        assertThat(r.question()).isEqualTo("and modules?");
        assertThat(r.history()).containsExactly(Turn.user("how do I mock?"), Turn.assistant("Use vi.fn() [1]."));
    }

    @Test
    void from_useChatMessages_takesTheLastUserMessageAsTheQuestion() throws Exception {
        AskRequest r = parse("{\"messages\":[{\"role\":\"user\",\"parts\":[{\"type\":\"text\",\"text\":\"how do I mock?\"}]},"
                + "{\"role\":\"assistant\",\"parts\":[{\"type\":\"source-url\",\"url\":\"https://x\"},{\"type\":\"text\",\"text\":\"Use vi.fn().\"}]},"
                + "{\"role\":\"user\",\"parts\":[{\"type\":\"text\",\"text\":\"and modules?\"}]}]}");
        assertThat(r.question()).isEqualTo("and modules?");
        assertThat(r.history()).containsExactly(Turn.user("how do I mock?"), Turn.assistant("Use vi.fn()."));
    }

    @Test
    void from_longHistory_keepsTheLatestTurns() throws Exception {
        StringBuilder h = new StringBuilder();
        for (int i = 0; i < 14; i++) {
            h.append(i == 0 ? "" : ",").append("{\"role\":\"user\",\"text\":\"q").append(i).append("\"}");
        }
        AskRequest r = parse("{\"question\":\"q\",\"history\":[" + h + "]}");
        assertThat(r.history()).hasSize(AskRequest.MAX_TURNS).first().isEqualTo(Turn.user("q4"));
    }

    @Test
    void from_overLongQuestion_isRefusedNamingTheLimit() {
        assertThatThrownBy(() -> parse("{\"question\":\"" + "é".repeat(501) + "\"}"))
                .isInstanceOf(ApiException.BadRequest.class).hasMessage("'question' is longer than 500 characters.");
    }

    @Test
    void from_historyEntryWithoutText_isRefused() {
        assertThatThrownBy(() -> parse("{\"question\":\"q\",\"history\":[{\"role\":\"user\"}]}"))
                .isInstanceOf(ApiException.BadRequest.class).hasMessageContaining("no text");
    }
}
