package dev.docask.answer;

import dev.docask.retrieve.HybridRetriever;
import org.junit.jupiter.api.Test;

import java.util.List;

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

    @Test
    void leansOnContext_continuationPronounOrShort_true() {
        assertThat(FollowUpRewriter.leansOnContext("and a default export?")).isTrue();
        assertThat(FollowUpRewriter.leansOnContext("What about snapshot tests in watch mode?")).isTrue();
        assertThat(FollowUpRewriter.leansOnContext("how do I reset it between the tests?")).isTrue();
        assertThat(FollowUpRewriter.leansOnContext("why?")).isTrue();
        assertThat(FollowUpRewriter.leansOnContext("could you explain that in a little more detail?"))
                .as("long, but it only asks to go on").isTrue();
    }

    @Test
    void leansOnContext_namesItsSubject_false() {
        assertThat(FollowUpRewriter.leansOnContext("how do I control time with fake timers?")).isFalse();
        assertThat(FollowUpRewriter.leansOnContext("how do I check that a spy was called?")).isFalse();
        assertThat(FollowUpRewriter.leansOnContext("android emulator setup steps")).isFalse();
    }

    @Test
    void withContext_joinsThePreviousUserQuestionOnly() {
        List<Turn> history = List.of(Turn.user("how do I mock a module?"), Turn.assistant("Use vi.mock [1]."));

        assertThat(FollowUpRewriter.withContext("and a default export?", history))
                .isEqualTo("how do I mock a module? and a default export?");
        assertThat(FollowUpRewriter.withContext("and a default export?", List.of(Turn.assistant("Hi."))))
                .isEqualTo("and a default export?");
    }

    @Test
    void withContext_joinedOverTheLimit_followUpAlone() {
        List<Turn> history = List.of(Turn.user("x".repeat(HybridRetriever.MAX_QUESTION_CHARS)));

        assertThat(FollowUpRewriter.withContext("and timers?", history)).isEqualTo("and timers?");
    }
}
