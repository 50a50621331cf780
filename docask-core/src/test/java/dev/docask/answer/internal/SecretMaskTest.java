package dev.docask.answer.internal;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SecretMaskTest {
    private static final SecretMask NONE = SecretMask.of(Map.of());

    @Test
    void mask_configuredKey_isMaskedWhateverItsShape() {
        SecretMask mask = SecretMask.of(Map.of("MY_PROXY_API_KEY", "hunter2hunter2", "HOME", "/root"));

        assertThat(mask.mask("rejected hunter2hunter2 from /root")).isEqualTo("rejected *** from /root");
    }

    @Test
    void mask_bearerSkKey_keepsTheWordMasksTheKey() {
        String logged = NONE.mask("401: Incorrect API key provided: Bearer sk-proj-abcdefGHIJ1234567890xyz");

        assertThat(logged).isEqualTo("401: Incorrect API key provided: Bearer ***");
    }

    @Test
    void mask_keyShapedTokens_areMasked() {
        assertThat(NONE.mask("key sk-ant-api03-AbCdEf123456 rejected")).isEqualTo("key *** rejected");
        assertThat(NONE.mask("{\"api_key\": \"abcdef12345\"}")).isEqualTo("{\"api_key\": \"***\"}");
        assertThat(NONE.mask("token 0123456789abcdef0123456789abcdef!")).isEqualTo("token ***!");
        assertThat(NONE.mask("AIzaSyD4x9Qw8LmN7pR2sT5vX1yZ3bC6dE0fGhJ is bad")).isEqualTo("*** is bad");
    }

    @Test
    void mask_ordinaryText_isLeftAlone() {
        String text = "The language model failed with HTTP status 500: max_tokens is 800; see https://platform.openai.com/docs";

        assertThat(NONE.mask(text)).isEqualTo(text);
        assertThat(NONE.mask("internationalisationsprojektleiterinnen")).isEqualTo("internationalisationsprojektleiterinnen");
    }

    @Test
    void describe_failureWithCause_oneMaskedLine() {
        Exception e = new IllegalStateException("call failed", new RuntimeException("Bearer sk-secret-0123456789\nmore"));

        String line = NONE.describe(e);

        assertThat(line).doesNotContain("sk-secret").doesNotContain("\n").contains("call failed").contains("Bearer ***");
    }
}
