package dev.docask.answer.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.testsupport.Fuzz;
import dev.docask.testsupport.FuzzText;
import dev.docask.testsupport.JsonRequest;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Request bodies as a client may send them: any bytes, JSON-ish text, and well-formed JSON of the
 * wrong shape. Reading and interpreting one either gives a request or an {@link ApiException}
 * (a 4xx with a message); nothing else escapes. Inputs come from a fixed seed per test, named in a
 * failure's message ({@link Fuzz}). Inputs per test: docs/reliability.md.
 */
class RequestBodiesFuzzTest {
    static final int TRIES = 3000;
    private static final int MAX_DEPTH = 4;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonBodies BODIES = new JsonBodies(new ObjectMapper(), 64 * 1024);
    private static final List<String> SCALARS = List.of("null", "true", "1", "-0.5", "\"\"", "\"user\"", "\"assistant\"",
            "\"text\"", "\"How do I mock?\"", "\"\\u0000\"", "\"\\ud800\"", "[]", "{}");
    private static final List<String> FIELDS = List.of("question", "messages", "history", "role", "content", "parts", "text",
            "type", "id", "q", "user", "assistant");

    @Test
    void askBody_anyBytes_isARequestOrAnApiError() {
        Fuzz.check(0x5EED_0201L, TRIES, random -> FuzzText.anyBytes(random, 2000), RequestBodiesFuzzTest::readsOrIsRefused);
    }

    @Test
    void askBody_jsonIshText_isARequestOrAnApiError() {
        Fuzz.check(0x5EED_0202L, TRIES, random -> FuzzText.of(random, FuzzText.JSON, 200),
                body -> readsOrIsRefused(body.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void askBody_wellFormedJsonOfAnyShape_isARequestOrAnApiError() {
        Fuzz.check(0x5EED_0203L, TRIES, random -> shape(random, MAX_DEPTH),
                body -> readsOrIsRefused(body.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * A JSON value nested up to {@code depth} deep: a scalar, an array of up to 4 values, or an object
     * with up to 3 distinct fields the API reads, holding values of every JSON type. The whole body is
     * an array or an object.
     */
    private static String shape(Random random, int depth) {
        int pick = depth == 0 ? 0 : depth == MAX_DEPTH ? 1 + random.nextInt(2) : random.nextInt(3);
        if (pick == 0) {
            return scalar(random);
        }
        if (pick == 1) {
            List<String> items = new ArrayList<>();
            for (int i = FuzzText.size(random, 4); i > 0; i--) {
                items.add(shape(random, depth - 1));
            }
            return "[" + String.join(",", items) + "]";
        }
        List<String> keys = new ArrayList<>();
        for (int i = FuzzText.size(random, 3); i > 0; i--) {
            String key = FuzzText.oneOf(random, FIELDS);
            if (!keys.contains(key)) {
                keys.add(key);
            }
        }
        StringBuilder object = new StringBuilder("{");
        for (int i = 0; i < keys.size(); i++) {
            object.append(i == 0 ? "" : ",").append(quote(keys.get(i))).append(':').append(shape(random, depth - 1));
        }
        return object.append('}').toString();
    }

    private static String scalar(Random random) {
        return random.nextBoolean() ? FuzzText.oneOf(random, SCALARS) : quote(FuzzText.anyString(random, 30));
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
