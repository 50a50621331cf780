package dev.docask.retrieve;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OpeningSentenceTest {
    @Test
    void severalSentences_openingIsTheFirst() {
        assertThat(OpeningSentence.of("404 page. Please I need help. Where is it made?")).contains("404 page.");
        assertThat(OpeningSentence.of("Feature: referencing variables from markdown pages. Is there an official way?"))
                .contains("Feature: referencing variables from markdown pages.");
    }

    @Test
    void aFirstLineWithoutFullStop_isTheOpening() {
        assertThat(OpeningSentence.of("Cookies undefined in middleware\nI read them in onRequest and get nothing."))
                .contains("Cookies undefined in middleware");
    }

    @Test
    void oneSentence_hasNoOpeningToSearchApart() {
        assertThat(OpeningSentence.of("How do I mock a module?")).isEmpty();
        assertThat(OpeningSentence.of("  How do I mock a module?  ")).isEmpty();
    }

    @Test
    void aMarkFollowedByALowercaseWord_doesNotEndTheSentence() {
        assertThat(OpeningSentence.of("When should I use let! instead of let in RSpec?")).isEmpty();
        assertThat(OpeningSentence.of("Set a default, e.g. the timeout. Then run it.")).contains("Set a default, e.g. the timeout.");
    }
}
