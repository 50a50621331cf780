package dev.docask.ingest;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IngestOptionsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "notaurl            | it does not start with http:// or https://",
            "docs.quayside.dev  | it does not start with http:// or https://",
            "ftp://x.dev        | it does not start with http:// or https://",
            "//x.dev            | it does not start with http:// or https://",
            "https://           | it is not a valid URL",
            "https:///docs      | it has no host",
            "https://x.dev?v=2  | a site root has no ?query or #fragment",
            "https://x dev      | it is not a valid URL"})
    void defaults_baseUrlNotAnAbsoluteHttpUrlWithAHost_refusedQuotingTheValue(String url, String reason) {
        assertThatThrownBy(() -> IngestOptions.defaults(url)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("baseUrl '" + url + "' is not an absolute http(s) URL")
                .hasMessageContaining(reason);
    }

    @Test
    void defaults_httpOrHttpsSiteRoot_keptWithoutTrailingSlash() {
        assertThat(IngestOptions.defaults("https://docs.quayside.dev/").baseUrl()).isEqualTo("https://docs.quayside.dev");
        assertThat(IngestOptions.defaults("HTTP://localhost:3000/docs").baseUrl()).isEqualTo("HTTP://localhost:3000/docs");
    }

    @Test
    void defaults_blankOrNullBaseUrl_meansSiteRelativePaths() {
        assertThat(IngestOptions.defaults("").baseUrl()).isEmpty();
        assertThat(IngestOptions.defaults("  ").baseUrl()).isEmpty();
        assertThat(IngestOptions.defaults(null).baseUrl()).isEmpty();
    }

    @Test
    void requireBaseUrl_messageStartsWithTheCallersName() {
        assertThatThrownBy(() -> IngestOptions.requireBaseUrl("--base-url", "notaurl"))
                .hasMessageStartingWith("--base-url 'notaurl' is not an absolute http(s) URL such as https://vitest.dev");
    }

    @Test
    void ignore_badGlob_isRefusedNamingIt() {
        assertThatThrownBy(() -> new IngestOptions("", null, 1200, 0, java.util.List.of("*.draft.md", "[a-")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ignore '[a-': not a valid glob: Missing '] near index 3");
        assertThatThrownBy(() -> IngestOptions.requireGlob("--ignore", "[a-"))
                .hasMessage("--ignore '[a-': not a valid glob: Missing '] near index 3");
        assertThat(IngestOptions.requireGlob("--ignore", "**/*.draft.md")).isEqualTo("**/*.draft.md");
        assertThatThrownBy(() -> new IngestOptions("", null, 1200, 0, java.util.Arrays.asList("a", null)))
                .isInstanceOf(NullPointerException.class).hasMessage("ignore");
    }
}
