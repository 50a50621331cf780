package dev.docask.crawl;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UrlGlobTest {
    @Test
    void matches_doubleStar_crossesSegmentsAndStarDoesNot() {
        assertThat(UrlGlob.parse("include", "/docs/**").matches("/docs/a/b.html")).isTrue();
        assertThat(UrlGlob.parse("include", "/docs/*").matches("/docs/a/b.html")).isFalse();
        assertThat(UrlGlob.parse("include", "docs/*").matches("/docs/a.html")).isTrue();
    }

    @Test
    void matches_globWithoutSlash_matchesTheLastSegment() {
        assertThat(UrlGlob.parse("exclude", "*.pdf").matches("/files/manual.pdf")).isTrue();
        assertThat(UrlGlob.parse("exclude", "*.{pdf,zip}").matches("/a/b.zip")).isTrue();
        assertThat(UrlGlob.parse("exclude", "*.pdf").matches("/files/manual.html")).isFalse();
    }

    @Test
    void parse_unbalancedBraces_isRefusedNamingTheOption() {
        assertThatThrownBy(() -> UrlGlob.parse("exclude", "a}")).hasMessage("exclude 'a}': a '}' without its '{'");
        assertThatThrownBy(() -> UrlGlob.parse("exclude", " ")).hasMessageContaining("empty glob");
    }
}
