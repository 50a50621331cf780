package dev.docask.ingest;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SentencesTest {
    @Test
    void aSentenceEnds_atAMarkFollowedByWhatStartsASentence() {
        assertThat(Sentences.split("Run it. 2 tests fail! `vi.mock` helps? \"Yes,\" they said. (Then stop.)"))
                .containsExactly("Run it.", "2 tests fail!", "`vi.mock` helps?", "\"Yes,\" they said.", "(Then stop.)");
    }

    @Test
    void aMarkBeforeALowercaseWord_keepsTheSentenceWhole() {
        assertThat(Sentences.split("Use let! instead, e.g. in specs. Done."))
                .containsExactly("Use let! instead, e.g. in specs.", "Done.");
    }

    @Test
    void aKnownAbbreviation_doesNotEndTheSentence() {
        assertThat(Sentences.split("Plant vs. Cow Calcium. Ask Dr. Jenkins, e.g. Tuesday.")).containsExactly(
                "Plant vs. Cow Calcium.", "Ask Dr. Jenkins, e.g. Tuesday.");
    }

    @Test
    void blankText_hasNoSentences() {
        assertThat(Sentences.split("   ")).isEmpty();
    }
}
