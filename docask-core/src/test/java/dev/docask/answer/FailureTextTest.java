package dev.docask.answer;

import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.HttpException;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ConnectException;

import static org.assertj.core.api.Assertions.assertThat;

class FailureTextTest {
    @Test
    void of_httpErrorWithKeyInBody_statusOnlyNoBody() {
        String text = FailureText.of(new HttpException(401, "Incorrect API key provided: sk-abc***xyz"));

        assertThat(text).isEqualTo("The language model failed with HTTP status 401.").doesNotContain("sk-");
    }

    @Test
    void of_wrappedCauses_kindFound() {
        assertThat(FailureText.of(new RuntimeException(new AuthenticationException("bad key sk-1")))).contains("API key")
                .doesNotContain("sk-1");
        assertThat(FailureText.of(new RuntimeException(new ConnectException("refused")))).contains("connect");
        assertThat(FailureText.of(new IOException("reset"))).contains("broke off");
    }

    @Test
    void of_unparsableReply_saysSo() {
        assertThat(FailureText.of(new RuntimeException(new com.fasterxml.jackson.core.JsonParseException(null, "x"))))
                .contains("could not read");
    }

    @Test
    void of_incompleteReply_isItsOwnSentence() {
        assertThat(FailureText.of(new ModelCall.IncompleteReplyException(ModelCall.IncompleteReplyException.ENDED_EARLY)))
                .isEqualTo("The language model's reply ended before it was complete.");
    }

    @Test
    void of_providerErrorBodyInTheStream_namesItsErrorTypeOnly() {
        String body = "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded sk-ant-1\"}}";
        assertThat(FailureText.of(new RuntimeException(body)))
                .isEqualTo("The language model is busy (overloaded_error); try again shortly.").doesNotContain("sk-");
        assertThat(FailureText.of(new RuntimeException("{\"error\":{\"type\":\"invalid_request_error\"}}")))
                .isEqualTo("The language model reported an error (invalid_request_error).");
    }

    @Test
    void of_unknownFailure_namesTypeOnly() {
        assertThat(FailureText.of(new IllegalStateException("secret sk-9"))).isEqualTo(
                "The language model failed (IllegalStateException).");
    }
}
