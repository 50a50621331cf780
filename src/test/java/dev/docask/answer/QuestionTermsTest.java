package dev.docask.answer;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class QuestionTermsTest {
    @Test
    void of_identifiers_keptWholeAndSplit() {
        assertThat(QuestionTerms.of("How does createAskHandler use vi.mock?"))
                .contains("createaskhandler", "create", "ask", "handler", "vi.mock", "vi", "mock")
                .doesNotContain("how", "does", "use");
    }

    @Test
    void of_snakeAndKebabCase_split() {
        assertThat(QuestionTerms.of("retry_limit and --retry-limit")).contains("retry_limit", "retry", "limit");
    }

    @Test
    void normalise_caseSpacesAndEndPunctuation_ignored() {
        assertThat(QuestionTerms.normalise("  How do I   MOCK? ")).isEqualTo(QuestionTerms.normalise("how do i mock"));
    }
}
