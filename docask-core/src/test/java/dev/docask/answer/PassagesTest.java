package dev.docask.answer;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PassagesTest {
    private static List<String> texts(String text) {
        return Passages.of(text).stream().map(Passages.Passage::text).toList();
    }

    @Test
    void of_tableRow_onePassageWithHeaderLabels() {
        String text = "Flags of the relay command are listed here.\n| Flag | Default |\n|---|---|\n| `--retry-limit <n>` | `8` |";

        assertThat(Passages.of(text)).extracting(Passages.Passage::kind, Passages.Passage::text).containsExactly(
                org.assertj.core.groups.Tuple.tuple(Passages.Kind.SENTENCE, "Flags of the relay command are listed here."),
                org.assertj.core.groups.Tuple.tuple(Passages.Kind.ROW, "Flag: `--retry-limit <n>`; Default: `8`"));
    }

    @Test
    void of_tableRowWithFullStops_isNotCutIntoSentences() {
        String text = "| Field | Description |\n|---|---|\n| `id` | Stable id. Same across retries. |";

        assertThat(texts(text)).containsExactly("Field: `id`; Description: Stable id. Same across retries.");
    }

    @Test
    void of_chunkStartingInsideATable_quotesItsRowsUnlabelled_notLabelledWithTheFirstRow() {
        // the second chunk of a long options table (Docusaurus' plugin-content-docs): its header row is in the first
        String text = "| `tagsBasePath` | `string` | `'tags'` | URL route for the tags list page. |\n"
                + "| `sidebarPath` | `string` | `undefined` | Path to a sidebars configuration file. |";

        assertThat(texts(text)).containsExactly("`tagsBasePath`; `string`; `'tags'`; URL route for the tags list page.",
                "`sidebarPath`; `string`; `undefined`; Path to a sidebars configuration file.");
    }

    @Test
    void of_tableRowWithAnEscapedPipeInACell_keepsTheCellWhole() {
        String text = "| Name | Type | Description |\n| --- | --- | --- |\n"
                + "| `defaultMode` | 'light' \\| 'dark' | The color mode when user first visits the site. |";

        assertThat(texts(text)).containsExactly(
                "Name: `defaultMode`; Type: 'light' | 'dark'; Description: The color mode when user first visits the site.");
    }

    @Test
    void of_shortCodeBlock_isOnePassageWholeWithItsFence() {
        String text = "Intro sentence that explains things.\n\n```bash\ndocker run -d \\\n  -p 8080:8080 relay\n```\n\nAfter it comes a closing sentence.";

        assertThat(Passages.of(text)).extracting(Passages.Passage::kind).containsExactly(Passages.Kind.SENTENCE,
                Passages.Kind.CODE, Passages.Kind.SENTENCE);
        assertThat(Passages.of(text).get(1).text()).isEqualTo("```bash\ndocker run -d \\\n  -p 8080:8080 relay\n```");
        assertThat(Passages.of(text).get(1).words()).isEqualTo("docker run -d \\\n  -p 8080:8080 relay");
    }

    @Test
    void of_codeBlockLongerThanTheLimit_isNotQuotable() {
        String code = "line\n".repeat(Passages.MAX_CODE_LINES + 1);

        assertThat(texts("A sentence before the code.\n\n```\n" + code + "```\n")).containsExactly("A sentence before the code.");
    }

    @Test
    void of_codeBlockAfterSentenceEndingInColon_remembersItAsLeadIn() {
        List<Passages.Passage> ps = Passages.of("List dead events with:\n\n```bash\nquayside events list --status dead\n```");

        assertThat(ps.get(1).leadIn()).isEqualTo("List dead events with:");
        assertThat(Passages.of("Dead events are kept.\n\n```bash\nquayside events list\n```").get(1).leadIn()).isEmpty();
    }

    @Test
    void of_codeCutOffByTheChunkEnd_isLeftOut() {
        assertThat(texts("A sentence before the code.\n\n```js\nconst a = 1. Another(line);")).containsExactly(
                "A sentence before the code.");
    }

    @Test
    void of_listItems_wholeWithoutMarksAndGroupedByList() {
        List<Passages.Passage> ps = Passages.of("""
                Intro sentence that explains things.

                - A list item that is long enough. It has two sentences.
                - Another item that is long enough.

                Between the lists comes a sentence.

                1. A numbered item that is long enough.""");

        assertThat(ps).extracting(Passages.Passage::text).containsExactly("Intro sentence that explains things.",
                "A list item that is long enough. It has two sentences.", "Another item that is long enough.",
                "Between the lists comes a sentence.", "A numbered item that is long enough.");
        assertThat(ps).extracting(Passages.Passage::list).containsExactly(-1, 0, 0, -1, 1);
    }

    @Test
    void of_sentenceShorterThanTheMinimum_joinsItsNeighbourInItsParagraph() {
        // "Defaults to `4321`." alone is too short to quote, and it is what the sentence before it leaves out
        // (docs/quality.md, "Short sentences, short gaps and the first source's second pick")
        List<Passages.Passage> ps = Passages.of("Specifies which port to run the dev server on. Defaults to `4321`.\n\n"
                + "Not yet. The preview server is started by the preview command.\n\nToo short.");

        assertThat(ps).extracting(Passages.Passage::text).containsExactly(
                "Specifies which port to run the dev server on. Defaults to `4321`.",
                "Not yet. The preview server is started by the preview command.");
        assertThat(ps).extracting(Passages.Passage::paragraph).containsExactly(1, 2);
    }

    @Test
    void of_sentences_rememberTheirParagraph() {
        List<Passages.Passage> ps = Passages.of("The delay doubles each time. It never exceeds ten minutes.\n\n"
                + "Use the retry limit to stop early.\n\n- an item of a list, long enough to quote");

        assertThat(ps).extracting(Passages.Passage::paragraph).containsExactly(1, 1, 2, -1);
    }
}
