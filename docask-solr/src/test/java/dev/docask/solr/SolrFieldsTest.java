package dev.docask.solr;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SolrFieldsTest {
    @Test
    void requireSite_lowerCaseDigitsUnderscore_accepted() {
        assertThat(SolrFields.requireSite("vitest")).isEqualTo("vitest");
        assertThat(SolrFields.requireSite("docs_v2")).isEqualTo("docs_v2");
    }

    @Test
    void requireSite_capitalsDashesSpacesOrTooLong_refusedNamingIt() {
        for (String bad : List.of("Vitest", "my-docs", "a b", "_x", "x".repeat(65), "")) {
            assertThatThrownBy(() -> SolrFields.requireSite(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("--site '" + bad + "'");
        }
    }

    @Test
    void tokens_eachSiteHasItsOwnField() {
        assertThat(SolrFields.tokens("a")).isNotEqualTo(SolrFields.tokens("b")).startsWith("bm25_");
    }
}
