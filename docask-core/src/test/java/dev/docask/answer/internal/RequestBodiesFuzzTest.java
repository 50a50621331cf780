package dev.docask.answer.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.testsupport.FuzzText;
import dev.docask.testsupport.JsonRequest;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Request bodies as a client may send them: any bytes, JSON-ish text, and well-formed JSON of the
 * wrong shape. Reading and interpreting one either gives a request or an {@link ApiException}
 * (a 4xx with a message); nothing else escapes. Tries per property: docs/reliability.md.
 */
class RequestBodiesFuzzTest {
    static final int TRIES = 3000;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonBodies BODIES = new JsonBodies(new ObjectMapper(), 64 * 1024);

    @Property(tries = TRIES)
    void askBody_anyBytes_isARequestOrAnApiError(@ForAll("bytes") byte[] body) {
        readsOrIsRefused(body);
    }

    @Property(tries = TRIES)
    void askBody_jsonIshText_isARequestOrAnApiError(@ForAll("jsonText") String body) {
        readsOrIsRefused(body.getBytes(StandardCharsets.UTF_8));
    }

    @Property(tries = TRIES)
    void askBody_wellFormedJsonOfAnyShape_isARequestOrAnApiError(@ForAll("shapes") String body) {
        readsOrIsRefused(body.getBytes(StandardCharsets.UTF_8));
    }

    @Provide
    Arbitrary<byte[]> bytes() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(2000);
    }

    @Provide
    Arbitrary<String> jsonText() {
        return FuzzText.of(FuzzText.JSON, 200);
    }

    /** Objects with the fields the API reads, holding values of every JSON type. */
    @Provide
    Arbitrary<String> shapes() {
        Arbitrary<String> scalar = Arbitraries.oneOf(Arbitraries.of("null", "true", "1", "-0.5", "\"\"", "\"user\"",
                        "\"assistant\"", "\"text\"", "\"How do I mock?\"", "\"\\u0000\"", "\"\\ud800\"", "[]", "{}"),
                Arbitraries.strings().all().ofMaxLength(30).map(s -> quote(s)));
        Arbitrary<String> field = Arbitraries.of("question", "messages", "history", "role", "content", "parts", "text",
                "type", "id", "q", "user", "assistant");
        Arbitrary<String> value = Arbitraries.recursive(() -> scalar,
                inner -> Arbitraries.oneOf(
                        inner.list().ofMaxSize(4).map(l -> "[" + String.join(",", l) + "]"),
                        net.jqwik.api.Combinators.combine(field.list().ofMaxSize(3).uniqueElements(), inner.list().ofSize(3))
                                .as((ks, vs) -> {
                                    StringBuilder o = new StringBuilder("{");
                                    for (int i = 0; i < ks.size(); i++) {
                                        o.append(i == 0 ? "" : ",").append(quote(ks.get(i))).append(':').append(vs.get(i));
                                    }
                                    return o.append('}').toString();
                                })), 4);
        return value;
    }

    private static String quote(String s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void readsOrIsRefused(byte[] body) {
        try {
            JsonNode node = BODIES.readObject(new JsonRequest(body));
            AskRequest request = AskRequest.from(node, AskRequest.DEFAULT_MAX_QUESTION_CHARS);
            assertThat(request.question()).isNotBlank();
        } catch (ApiException refused) {
            assertThat(refused.getMessage()).isNotBlank().doesNotContain("Exception").doesNotContain("\tat ");
        }
    }
}
