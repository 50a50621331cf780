package dev.docask.answer;

import dev.docask.ingest.Chunk;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ExtractiveAnswerTest {
    @Test
    void write_firstBlockSaysItIsQuoted() {
        List<String> blocks = ExtractiveAnswer.write("vi.mock", Retrievals.of(TestSites.MOCKING).sources(), new SiteName("Vitest"));

        assertThat(blocks.getFirst()).contains("Quoted from the Vitest docs").contains("no language model");
    }

    @Test
    void write_unnamedSite_saysThisSitesDocs() {
        List<String> blocks = ExtractiveAnswer.write("vi.mock", Retrievals.of(TestSites.MOCKING).sources(), new SiteName(""));

        assertThat(blocks.getFirst()).startsWith("Quoted from this site's docs (").doesNotContain("the this site");
    }

    @Test
    void write_bestOverlappingSentenceQuotedWithItsNumber() {
        List<String> blocks = ExtractiveAnswer.write("how do I advance the clock with fake timers?",
                Retrievals.of(TestSites.MOCKING, TestSites.TIMERS).sources(), new SiteName("Vitest"));

        assertThat(blocks.get(1)).isEqualTo("\n\n> Advance the clock with vi.advanceTimersByTime. [2]");
    }

    @Test
    void write_sameInput_sameOutput() {
        var sources = Retrievals.of(TestSites.MOCKING, TestSites.TIMERS, TestSites.CONFIG).sources();

        assertThat(ExtractiveAnswer.write("mock module timers", sources, new SiteName("V")))
                .isEqualTo(ExtractiveAnswer.write("mock module timers", sources, new SiteName("V")));
    }

    @Test
    void write_atMostThreeQuotesAndTwoPerSource() {
        var sources = Retrievals.of(TestSites.MOCKING, TestSites.TIMERS).sources();

        List<String> blocks = ExtractiveAnswer.write("module mock factory hoisted file implementation", sources, new SiteName("V"));

        assertThat(blocks).hasSizeLessThanOrEqualTo(4);
        assertThat(blocks.stream().filter(b -> b.endsWith("[1]"))).hasSizeLessThanOrEqualTo(2);
    }

    @Test
    void write_noWordShared_quotesFirstSentenceOfFirstSource() {
        List<String> blocks = ExtractiveAnswer.write("zzz qqq", Retrievals.of(TestSites.CONFIG).sources(), new SiteName("V"));

        assertThat(blocks).hasSize(2);
        assertThat(blocks.get(1)).startsWith("\n\n> The environment option sets").endsWith("[1]");
    }

    @Test
    void sentences_tableRow_oneSentenceWithHeaderLabels() {
        String text = "Flags of the relay command are listed here.\n| Flag | Default |\n|---|---|\n| `--retry-limit <n>` | `8` |";

        assertThat(ExtractiveAnswer.sentences(text)).containsExactly("Flags of the relay command are listed here.",
                "Flag: `--retry-limit <n>`; Default: `8`");
    }

    @Test
    void sentences_codeFencesAndListMarksRemoved() {
        Chunk c = new Chunk("https://x.dev/a", "A", "", """
                Intro sentence that explains things.

                ```js
                vi.mock('./path.js'). Another line of code.
                ```
                - A list item that is long enough.
                1. A numbered item that is long enough.""", "a.md", Map.of());

        assertThat(ExtractiveAnswer.sentences(c.text())).containsExactly("Intro sentence that explains things.",
                "A list item that is long enough.", "A numbered item that is long enough.");
    }
}
