package dev.docask.ingest;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class TextSplitterTest {

    private static String sentence(int n) {
        return "Sentence number " + n + " talks about retries and queues.";
    }

    private static String paragraph(int from, int count) {
        return IntStream.range(from, from + count).mapToObj(TextSplitterTest::sentence).collect(Collectors.joining(" "));
    }

    @Test
    void split_shortText_oneUnchangedPiece() {
        assertThat(new TextSplitter(200, 20).split("  Short text.  ")).containsExactly("Short text.");
    }

    @Test
    void split_blankText_noPieces() {
        assertThat(new TextSplitter(200, 20).split(" \n ")).isEmpty();
    }

    @Test
    void split_paragraphs_cutBetweenParagraphs() {
        String p1 = paragraph(0, 3);
        String p2 = paragraph(3, 3);
        String p3 = paragraph(6, 3);
        List<String> pieces = new TextSplitter(400, 0).split(p1 + "\n\n" + p2 + "\n\n" + p3);
        assertThat(pieces).containsExactly(p1 + "\n\n" + p2, p3);
    }

    @Test
    void split_longParagraph_cutAtSentences() {
        List<String> pieces = new TextSplitter(200, 0).split(paragraph(0, 12));
        assertThat(pieces).hasSizeGreaterThan(1).allSatisfy(p -> {
            assertThat(p.length()).isLessThanOrEqualTo(200);
            assertThat(p).startsWith("Sentence number").endsWith("queues.");
        });
    }

    @Test
    void split_codeFenceThatFits_neverCut() {
        String code = "```js\n" + IntStream.range(0, 8).mapToObj(i -> "const v" + i + " = compute(" + i + ")")
                .collect(Collectors.joining("\n")) + "\n```";
        String text = paragraph(0, 4) + "\n\n" + code + "\n\n" + paragraph(4, 4);
        List<String> pieces = new TextSplitter(300, 0).split(text);
        assertThat(pieces).anySatisfy(p -> assertThat(p).contains(code));
    }

    @Test
    void split_codeFenceLargerThanSize_cutAtLinesAndRefenced() {
        String code = "```ts\n" + IntStream.range(0, 40).mapToObj(i -> "export const value" + i + " = " + i + ";")
                .collect(Collectors.joining("\n")) + "\n```";
        List<String> pieces = new TextSplitter(300, 40).split(code);
        assertThat(pieces).hasSizeGreaterThan(2).allSatisfy(p -> {
            assertThat(p).startsWith("```ts\n").endsWith("\n```");
            assertThat(p.length()).isLessThanOrEqualTo(300);
        });
        String joined = String.join("\n", pieces);
        IntStream.range(0, 40).forEach(i -> assertThat(joined).contains("export const value" + i + " = " + i + ";"));
    }

    @Test
    void split_withOverlap_nextPieceRepeatsTailOfPrevious() {
        List<String> pieces = new TextSplitter(300, 60).split(paragraph(0, 4) + "\n\n" + paragraph(4, 4) + "\n\n" + paragraph(8, 4));
        assertThat(pieces).hasSizeGreaterThan(1);
        for (int k = 1; k < pieces.size(); k++) {
            String overlap = pieces.get(k).substring(0, pieces.get(k).indexOf("\n\n"));
            assertThat(overlap.length()).isLessThanOrEqualTo(60);
            assertThat(pieces.get(k - 1).replace('\n', ' ')).endsWith(overlap);
        }
        assertThat(pieces).allSatisfy(p -> assertThat(p.length()).isLessThanOrEqualTo(300));
    }

    @Test
    void split_oneEnormousWord_hardCut() {
        String word = "x".repeat(1000);
        List<String> pieces = new TextSplitter(300, 0).split(word);
        assertThat(String.join("", pieces)).isEqualTo(word);
        assertThat(pieces).allSatisfy(p -> assertThat(p.length()).isLessThanOrEqualTo(300));
    }
}
