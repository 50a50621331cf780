package dev.docask.server;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class RedactionTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "mail ann.lee+docs@mail.example.co.uk please | mail [email] please",
            "my key sk-proj-AbCdEf0123456789xyz fails | my key [secret] fails",
            "token ghp_abcdefghijklmnop0123456789 | token [secret]",
            "Authorization: Bearer abc.def-ghi_jkl0123 | Authorization: Bearer [secret]",
            "AKIAIOSFODNN7EXAMPLE is my id | [secret] is my id",
            "session 3f2a9c4e1b7d8a6f5e4c3b2a1d0e9f8a7b6c | session [secret]",
            "jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig | jwt [secret]",
    })
    void redact_emailOrKeyShapedString_isReplaced(String in, String out) {
        assertThat(Redaction.redact(in)).isEqualTo(out);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "how do I configure retries in vitest.config.ts?",
            "what does useFakeTimers do with setTimeout",
            "internationalization-configuration-reference page",
            "is version 2.1.9 compatible with node 20",
    })
    void redact_ordinaryQuestion_isUnchanged(String in) {
        assertThat(Redaction.redact(in)).isEqualTo(in);
    }
}
