package dev.docask.ingest.internal;


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
    void randomText_losesNothing_andHasNoBlankSentence() {
        java.util.Random random = new java.util.Random(7);
        String[] words = {"Run", "it", "e.g.", "vs.", "Dr.", "2", "`vi.mock`", "\"Yes\"", "(maybe)", "let!", "why?", "ok.", " ", "\n"};
        for (int round = 0; round < 500; round++) {
            StringBuilder text = new StringBuilder();
            for (int w = random.nextInt(20); w > 0; w--) {
                text.append(words[random.nextInt(words.length)]).append(random.nextBoolean() ? " " : "  ");
            }
            java.util.List<String> sentences = Sentences.split(text.toString());
            assertThat(sentences).noneMatch(String::isBlank);
            assertThat(String.join("", sentences).replaceAll("\\s", ""))
                    .isEqualTo(text.toString().replaceAll("\\s", ""));
        }
    }

    @Test
    void blankText_hasNoSentences() {
        assertThat(Sentences.split("   ")).isEmpty();
    }
}
