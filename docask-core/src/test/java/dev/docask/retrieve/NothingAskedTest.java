package dev.docask.retrieve;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** docs/retrieval.md §9: a message that asks nothing is refused before any search. */
class NothingAskedTest {
    @Test
    void noLetterOrDigit_asksNothing() {
        assertThat(NothingAsked.in("🙂🙂")).isTrue();
        assertThat(NothingAsked.in("???")).isTrue();
        assertThat(NothingAsked.in("** -> ==")).isTrue();
    }

    @Test
    void onlyGreetingThanksOrFarewell_asksNothing_whateverTheCaseAndMarks() {
        assertThat(NothingAsked.in("hi")).isTrue();
        assertThat(NothingAsked.in("Thanks a lot!")).isTrue();
        assertThat(NothingAsked.in("Hello, can you help me?")).isTrue();
        assertThat(NothingAsked.in("ok, bye 🙂")).isTrue();
        assertThat(NothingAsked.in("thank you so much \u2014 what\u2019s up?")).as("a dash, a typographic apostrophe").isTrue();
    }

    @Test
    void anyOtherWord_makesItAQuestion() {
        assertThat(NothingAsked.in("hi, how do I mock a module?")).isFalse();
        assertThat(NothingAsked.in("help with coverage")).isFalse();
        assertThat(NothingAsked.in("日本語の質問です")).isFalse();
        assertThat(NothingAsked.in("42")).isFalse();
    }

    @Test
    void aWordWrittenAsCode_isAQuestionAboutThatCode() {
        assertThat(NothingAsked.in("--help")).isFalse();
        assertThat(NothingAsked.in("`ok`")).isFalse();
        assertThat(NothingAsked.in("ok()")).isFalse();
        assertThat(NothingAsked.in("all")).as("a plain word is not code").isTrue();
    }

    @Test
    void onlyAskingToGoOn_asksNothingOnItsOwn_andSaysSo() {
        assertThat(NothingAsked.kind("tell me more")).contains(NothingAsked.Kind.GOES_ON);
        assertThat(NothingAsked.kind("Go on.")).contains(NothingAsked.Kind.GOES_ON);
        assertThat(NothingAsked.kind("why?")).contains(NothingAsked.Kind.GOES_ON);
        assertThat(NothingAsked.kind("yes please")).contains(NothingAsked.Kind.GOES_ON);
        assertThat(NothingAsked.kind("Thanks! Can you explain that in more detail?")).contains(NothingAsked.Kind.GOES_ON);
        assertThat(NothingAsked.kind("hi there")).as("greetings alone").contains(NothingAsked.Kind.GREETS);
    }

    @Test
    void askingToGoOnWithASubject_orWithAWordTheDocsNameThingsWith_isAQuestion() {
        assertThat(NothingAsked.in("tell me more about snapshots")).isFalse();
        assertThat(NothingAsked.in("more examples")).isFalse();
        assertThat(NothingAsked.in("details")).as("an HTML element some sites document").isFalse();
        assertThat(NothingAsked.in("`continue`")).isFalse();
    }
}
