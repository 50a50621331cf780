package dev.docask.retrieve.internal;

import dev.docask.retrieve.HybridRetriever;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ChatQueryTest {
    @Test
    void aMessageWithinTheLimit_isSearchedAsWritten() {
        assertThat(ChatQuery.searchable("  How do I mock a module?  ")).isEqualTo("How do I mock a module?");
    }

    @Test
    void aMessageOverTheLimit_keepsItsOpeningAndItsEnd_withinTheLimit_cutAtWhiteSpace() {
        String log = "at worker.run (node_modules/tinypool/dist/index.js:12:7) ".repeat(400);
        String s = ChatQuery.searchable("Tests hang after upgrading. " + log + "How do I find the open handle?");

        assertThat(s.length()).isLessThanOrEqualTo(HybridRetriever.MAX_QUESTION_CHARS);
        assertThat(s).startsWith("Tests hang after upgrading.").endsWith("How do I find the open handle?").contains("\n…\n");
        assertThat(HybridRetriever.requireQuestion(s)).isEqualTo(s);
        for (String part : s.split("\n…\n")) {
            assertThat(part).as("no word cut in two").doesNotStartWith("ker.run").doesNotEndWith("tinyp");
        }
    }
}
