package dev.docask.answer;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FollowUpRewriterTest {
    @Test
    void clean_quotedReplyWithExtraLines_firstLineUnquoted() {
        assertThat(FollowUpRewriter.clean("\"How do I reset timers?\"\nThis is standalone.", "and reset?"))
                .isEqualTo("How do I reset timers?");
    }

    @Test
    void clean_emptyOrOverlongReply_keepsOriginal() {
        assertThat(FollowUpRewriter.clean("  ", "and reset?")).isEqualTo("and reset?");
        assertThat(FollowUpRewriter.clean("x".repeat(500), "and reset?")).isEqualTo("and reset?");
    }
}
