package dev.docask.answer;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CitationsTest {
    @Test
    void parse_singleListAndAdjacentForms_allFound() {
        Citations c = Citations.parse("A [1]. B [2, 3]. C [4][1].", 4);

        assertThat(c.valid()).containsExactly(1, 2, 3, 4);
        assertThat(c.invalid()).isEmpty();
    }

    @Test
    void parse_numberWithoutSource_isInvalidNotValid() {
        Citations c = Citations.parse("Yes [2][9], and [0].", 3);

        assertThat(c.valid()).containsExactly(2);
        assertThat(c.invalid()).containsExactly(9, 0);
    }

    @Test
    void parse_bracketsThatAreNotCitations_areIgnored() {
        Citations c = Citations.parse("Use arr[i] or [the docs](https://x.dev) or [1a].", 3);

        assertThat(c.valid()).isEmpty();
        assertThat(c.invalid()).isEmpty();
    }

    @Test
    void parse_repeatedCitation_reportedOnceInOrderOfFirstUse() {
        assertThat(Citations.parse("[3] then [1] then [3]", 3).valid()).containsExactly(3, 1);
    }
}
