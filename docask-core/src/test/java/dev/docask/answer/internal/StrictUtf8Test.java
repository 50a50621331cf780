package dev.docask.answer.internal;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StrictUtf8Test {
    private static ApiException refusal(Runnable r) {
        try {
            r.run();
        } catch (ApiException e) {
            return e;
        }
        throw new AssertionError("no ApiException");
    }

    @Test
    void decode_overlongSlash_is400NotASlash() {
        byte[] overlong = {'{', '"', 'q', '"', ':', '"', '.', '.', (byte) 0xC0, (byte) 0xAF, '"', '}'};

        ApiException e = refusal(() -> StrictUtf8.decode(overlong, "The request body"));

        assertThat(e.status()).isEqualTo(400);
        assertThat(e.getMessage()).isEqualTo("The request body is not valid UTF-8 (at byte 8).");
    }

    @Test
    void decode_invalidByteOrLoneSurrogateOrCutSequence_is400() {
        assertThat(refusal(() -> StrictUtf8.decode(new byte[]{'a', (byte) 0xFF}, "x")).status()).isEqualTo(400);
        assertThat(refusal(() -> StrictUtf8.decode(new byte[]{(byte) 0xED, (byte) 0xA0, (byte) 0x80}, "x")).status())
                .isEqualTo(400);
        assertThat(refusal(() -> StrictUtf8.decode(new byte[]{'a', (byte) 0xE2, (byte) 0x82}, "x")).status()).isEqualTo(400);
    }

    @Test
    void decode_wellFormedUtf8_isTheText() {
        String text = "Grüße, 日本, 🙂";

        assertThat(StrictUtf8.decode(text.getBytes(StandardCharsets.UTF_8), "x")).isEqualTo(text);
    }

    @Test
    void requireUtf8Charset_otherCharset_is415() {
        assertThat(refusal(() -> StrictUtf8.requireUtf8Charset("application/json; charset=utf-16")).status()).isEqualTo(415);
        assertThat(refusal(() -> StrictUtf8.requireUtf8Charset("application/json;charset=\"ISO-8859-1\"")).getMessage())
                .contains("ISO-8859-1");
    }

    @Test
    void requireUtf8Charset_utf8OrNone_passes() {
        StrictUtf8.requireUtf8Charset("application/json; charset=UTF-8");
        StrictUtf8.requireUtf8Charset("application/json;charset=utf8");
        StrictUtf8.requireUtf8Charset("application/json");
        StrictUtf8.requireUtf8Charset(null);
    }

    @Test
    void requireQuery_percentEncodedInvalidUtf8_is400() {
        assertThat(refusal(() -> StrictUtf8.requireQuery("q=%C0%AF")).status()).isEqualTo(400);
        assertThat(refusal(() -> StrictUtf8.requireQuery("q=abc%FF")).status()).isEqualTo(400);
        assertThat(refusal(() -> StrictUtf8.requireQuery("q=\uFFFD")).status()).isEqualTo(400);
        assertThatThrownBy(() -> StrictUtf8.requireQuery("q=%4")).hasMessageContaining("two hex digits");
    }

    @Test
    void requireQuery_wellFormed_passes() {
        StrictUtf8.requireQuery("q=Gr%C3%BC%C3%9Fe+und%20so&x=1");
        StrictUtf8.requireQuery(null);
    }
}
