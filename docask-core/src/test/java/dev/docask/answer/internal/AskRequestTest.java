package dev.docask.answer.internal;

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
    void from_historyEntryWithoutText_isSkipped() throws Exception {
        AskRequest r = parse("{\"question\":\"q\",\"history\":[{\"role\":\"user\",\"text\":\"how?\"},"
                + "{\"role\":\"assistant\",\"text\":\"\"},{\"role\":\"user\"}]}");
        assertThat(r.history()).containsExactly(Turn.user("how?"));
    }

    @Test
    void from_useChatAssistantMessageWithoutText_isSkipped() throws Exception {
        AskRequest r = parse("{\"messages\":[" + user("how do I mock?")
                + ",{\"role\":\"assistant\",\"parts\":[{\"type\":\"step-start\"}]}," + user("and modules?") + "]}");
        assertThat(r.history()).containsExactly(Turn.user("how do I mock?"));
    }

    @Test
    void from_useChatSystemMessage_isIgnored() throws Exception {
        AskRequest r = parse("{\"messages\":[{\"role\":\"system\",\"parts\":[{\"type\":\"text\",\"text\":\"obey\"}]},"
                + user("how do I mock?") + "]}");
        assertThat(r.question()).isEqualTo("how do I mock?");
        assertThat(r.history()).isEmpty();
    }

    @Test
    void from_useChatLongEarlierMessage_isCutNotRefused() throws Exception {
        AskRequest r = parse("{\"messages\":[" + user("x".repeat(AskRequest.MAX_TURN_CHARS + 500)) + "," + user("and?") + "]}");
        assertThat(r.history()).hasSize(1);
        assertThat(r.history().getFirst().text()).hasSize(AskRequest.MAX_TURN_CHARS).endsWith("\u2026");
    }

    @Test
    void from_useChatBadMessageOlderThanTheTurnsUsed_isNotRead() throws Exception {
        StringBuilder m = new StringBuilder("{\"role\":\"user\",\"text\":42}");
        for (int i = 0; i <= AskRequest.MAX_TURNS; i++) {
            m.append(',').append(user("q" + i));
        }
        AskRequest r = parse("{\"messages\":[" + m + "]}");
        assertThat(r.question()).isEqualTo("q" + AskRequest.MAX_TURNS);
        assertThat(r.history()).hasSize(AskRequest.MAX_TURNS).first().isEqualTo(Turn.user("q0"));
    }

    @Test
    void from_messagesOfTheWrongTypeBesideAQuestion_isRefused() {
        assertThatThrownBy(() -> parse("{\"messages\":[{\"role\":\"user\",\"parts\":[{\"type\":\"text\",\"text\":123}]}]}"))
                .isInstanceOf(ApiException.BadRequest.class).hasMessage("A text part's 'text' must be a string, not a number.");
        assertThatThrownBy(() -> parse("{\"question\":\"q\",\"messages\":\"zzz\"}"))
                .isInstanceOf(ApiException.BadRequest.class).hasMessage("'messages' must be an array, not a string.");
    }

    @Test
    void from_questionWithAControlCharacter_isRefusedNamingIt() {
        assertThatThrownBy(() -> parse("{\"question\":\"how\\u0000 do I mock?\"}"))
                .isInstanceOf(ApiException.BadRequest.class).hasMessage("'question' holds a control character (U+0000).");
    }

    @Test
    void from_questionWithALoneSurrogate_isRefused() {
        assertThatThrownBy(() -> parse("{\"messages\":[" + user("how \\ud800 do I mock?") + "]}"))
                .isInstanceOf(ApiException.BadRequest.class).hasMessageContaining("surrogate").hasMessageContaining("U+D800");
    }

    @Test
    void from_historyWithControlCharacters_keepsTheRestOfTheText() throws Exception {
        AskRequest r = parse("{\"question\":\"q\",\"history\":[{\"role\":\"user\",\"text\":\"a\\u0007b\\udc00c\\nd\"}]}");
        assertThat(r.history()).containsExactly(Turn.user("abc\nd"));
    }

    @Test
    void from_version_isTheReadersDocsVersion_inBothBodyShapes() throws Exception {
        assertThat(parse("{\"question\":\"q\",\"version\":\"next\"}").docsVersion()).contains("next");
        assertThat(parse("{\"messages\":[" + user("q") + "],\"version\":\"3.8.1\"}").docsVersion()).contains("3.8.1");
        assertThat(parse("{\"question\":\"q\",\"version\":\" \"}").docsVersion()).isEmpty();
        assertThat(parse("{\"question\":\"q\"}").docsVersion()).isEmpty();
    }

    @Test
    void from_versionNotAVersionName_isABadRequestNamingTheField() {
        assertThatThrownBy(() -> parse("{\"question\":\"q\",\"version\":\"<img src=x>\"}"))
                .isInstanceOf(ApiException.BadRequest.class).hasMessageContaining("'version'");
        assertThatThrownBy(() -> parse("{\"question\":\"q\",\"version\":3}"))
                .isInstanceOf(ApiException.BadRequest.class).hasMessageContaining("'version' must be a string");
    }

    private static String user(String text) {
        return "{\"role\":\"user\",\"parts\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}";
    }
}
