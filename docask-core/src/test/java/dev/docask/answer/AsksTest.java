package dev.docask.answer;

import dev.docask.index.internal.IndexEngine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class AsksTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            How long does the relay wait between retries?        | quantity
            How many times does Quayside retry a failed delivery? | quantity
            Which Node.js version does the library need?         | quantity
            On which port is the health check served?            | quantity
            How do I install the CLI on macOS?                   | command
            Can I run the relay in Docker?                       | command
            How do I create a new Astro project with npm?        | command
            Which prefetch strategies does Astro support?        | list
            Which providers can Quayside check signatures for?   | list
            What options does the handler take?                  | list
            How do I replay events to a different target?        | nothing
            What happens to an event that used all its attempts? | nothing
            What does a * match in a route pattern?              | nothing
            Which environment variable sets the log level?       | nothing
            """)
    void of_questionWording_tellsWhatItAsksFor(String question, String kind) {
        Asks a = Asks.of(question);

        assertThat(a.quantity()).as("quantity").isEqualTo(kind.equals("quantity"));
        assertThat(a.command()).as("command").isEqualTo(kind.equals("command"));
        assertThat(a.list()).as("list").isEqualTo(kind.equals("list"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            How many times does Quayside retry a failed delivery? | How many does Quayside retry a failed delivery?
            How much time does a build take?                      | How much does a build take?
            How often does the sitemap change?                    | how does the sitemap change?
            How long does the relay wait between retries?         | how does the relay wait between retries?
            How many attempts does an event get?                  | How many attempts does an event get?
            Why is the timeout so long this time?                 | Why is the timeout so long this time?
            """)
    void topicWords_countOrFrequencyQuestion_losesTheUnitItsFormCarries(String question, String topic) {
        assertThat(Asks.topicWords(question)).isEqualTo(topic);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            Can I replay events that a route dropped?          | true
            Why does the exclude option not remove files?     | true
            Does prefetching work for external links?         | true
            How do I replay events to a different target?     | false
            Which providers are supported?                    | false
            """)
    void of_yesNoWhyOrNegativeQuestion_acceptsANegativeAnswer(String question, boolean fits) {
        assertThat(Asks.of(question).negativeFits()).isEqualTo(fits);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            For example, a page rendered on demand shows fresh data.  | How do I render a page on demand?        | true
            E.g. if you add sun.jpg, it is copied to build/sun.jpg.   | Where do static files end up?            | true
            For example, a page rendered on demand shows fresh data.  | Is there an example of on-demand pages?  | false
            Every file in static is copied to the build folder.       | Where do static files end up?            | false
            """)
    void offExample_sentenceThatOpensWithAnExample_offUnlessTheQuestionAsksForOne(String sentence, String question, boolean off) {
        Passages.Passage p = Passages.of(sentence).getFirst();

        assertThat(Asks.of(question).offExample(p)).isEqualTo(off);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            How do I render a page on demand?             | true
            Which port does the dev server listen on?     | true
            What happens to CSS imports when it is off?   | false
            Can I run the relay in Docker?                | false
            """)
    void of_howOrWhichQuestion_wantsSomethingExact(String question, boolean wants) {
        assertThat(Asks.of(question).howOrWhich()).isEqualTo(wants);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            Search engines are told the page changes weekly.   | true
            Search engines are told the page changes often.    | false
            """)
    void fits_howOftenQuestion_frequencyWordIsAQuantity(String sentence, boolean fits) {
        Passages.Passage p = Passages.of(sentence).getFirst();

        assertThat(Asks.of("How often does the sitemap say a page changes?").fits(p, false, false)).isEqualTo(fits);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            What command freezes the current docs as a version?   | false
            Which plugin creates the sitemap file?                | false
            Which prefetch strategies does Astro support?         | true
            Which packages do I install for TypeScript?           | true
            """)
    void of_wordInSBeforeADeterminer_isAVerbNotAList(String question, boolean list) {
        assertThat(Asks.of(question).list()).isEqualTo(list);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            See the Parallelism guide for more details.                          | true
            Learn more about routing.                                            | true
            Read the trade-offs in the isolation recipe before turning it off.   | true
            You can read more about this in the Routing section.                 | true
            Refer to the versioned docs ID as version-1/intro instead.           | false
            Refer to their API documentation for the options:                    | false
            Disabling isolation will improve the speed of your tests.            | false
            """)
    void offPointer_sentenceThatOnlyPointsElsewhere_isOff(String sentence, boolean off) {
        Passages.Passage p = Passages.of(sentence).getFirst();

        assertThat(Asks.of("Why would I turn off test isolation?").offPointer(p)).isEqualTo(off);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            Where can I read more about routing?      | false
            How do I learn more about routing?        | false
            How do I set up routing?                  | true
            """)
    void offPointer_questionAsksWhereToRead_pointerFits(String question, boolean off) {
        Passages.Passage p = Passages.of("Learn more about routing in the guide.").getFirst();

        assertThat(Asks.of(question).offPointer(p)).isEqualTo(off);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            You can enable line numbers with `showLineNumbers` (don't forget the space).   | false
            You can enable line numbers with `showLineNumbers` (don't forget the space …   | false
            Line numbers are not shown unless you set `showLineNumbers`.                  | true
            """)
    void offNegative_negationOnlyInAnAsideInBrackets_isNotNegative(String sentence, boolean off) {
        Passages.Passage p = Passages.of(sentence).getFirst();

        assertThat(Asks.of("How do I turn on line numbers for a code block?").offNegative(p)).isEqualTo(off);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            Can I replay events that a route dropped?              | replay
            Can dropped events be replayed?                        | replayed
            Do I need to run astro sync myself before astro build? | run
            Should I serve my site in production with preview?     | serve
            How do I replay events to a different target?          | ''
            """)
    void of_yesNoQuestion_findsTheVerbItAsksAbout(String question, String verb) {
        String expected = verb.isEmpty() ? "" : IndexEngine.terms(verb).getFirst();

        assertThat(Asks.of(question).predicate()).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            Dropped events are not stored, so they cannot be replayed.   | true
            Replays can only reach events younger than seven days.       | true
            Routes can drop events with the drop flag.                   | false
            Replayed events go through the normal queue.                 | false
            """)
    void answersYesNo_sentenceWithTheQuestionsVerbAndAModal_answers(String sentence, boolean answers) {
        Passages.Passage p = Passages.of(sentence).getFirst();

        assertThat(Asks.of("Can I replay events that a route dropped?").answersYesNo(p, Set.copyOf(IndexEngine.terms(sentence))))
                .isEqualTo(answers);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            What is the difference between a todo test and a skipped test? | true
            How does test.for differ from test.each?                        | true
            Is a preview server different from a production server?         | true
            When should I use forks vs threads?                             | true
            Can one redirect source point to two different destinations?    | false
            How do I replay events to a different target?                   | false
            """)
    void of_questionAboutHowTwoThingsDiffer_asksForADifference(String question, boolean difference) {
        assertThat(Asks.of(question).difference()).isEqualTo(difference);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            Unlike `.skip`, a `.todo` test has no test body.         | true
            Forks isolate with a child process, whereas threads do not. | true
            It differs from `test.each` in how it passes arrays.      | true
            Use `threads` rather than `forks` for speed.              | true
            A todo test is marked as skipped in the report.           | false
            """)
    void contrasts_sentenceThatTellsTwoThingsApart_contrasts(String sentence, boolean contrasts) {
        Passages.Passage p = Passages.of(sentence).getFirst();

        assertThat(Asks.contrasts(p)).isEqualTo(contrasts);
    }
}
