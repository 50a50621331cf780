package dev.docask.ingest;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SectionSizerTest {

    private static final String LONG = "This section has enough words to stand on its own as a chunk of documentation text. ".repeat(2);

    private static Section section(int level, String heading, String text) {
        return new Section(level, heading == null ? List.of() : List.of(heading), heading == null ? null : heading.toLowerCase(), text);
    }

    @Test
    void size_emptySection_dropped() {
        List<SectionSizer.Piece> pieces = new SectionSizer(400, 0).size(List.of(
                section(0, null, ""), section(2, "Options", ""), section(3, "Retry", LONG)));
        assertThat(pieces).extracting(p -> p.section().anchor()).containsExactly("retry");
    }

    @Test
    void size_tinySubsection_mergedIntoItsParentWithItsHeading() {
        List<SectionSizer.Piece> pieces = new SectionSizer(400, 0).size(List.of(
                section(2, "Install", LONG), new Section(3, List.of("Install", "Upgrade"), "upgrade", "Run it again.")));
        assertThat(pieces).hasSize(1);
        assertThat(pieces.get(0).section().anchor()).isEqualTo("install");
        assertThat(pieces.get(0).text()).endsWith("### Upgrade\n\nRun it again.");
    }

    @Test
    void size_tinySiblingSection_keptAtItsOwnAnchor_neverCitedAsItsNeighbour() {
        List<SectionSizer.Piece> pieces = new SectionSizer(400, 0).size(List.of(
                section(2, "E_QUEUE_FULL", LONG), section(2, "E_QUEUE_LOCKED", "Another relay uses the queue."),
                section(2, "Next", LONG)));
        assertThat(pieces).extracting(p -> p.section().anchor()).containsExactly("e_queue_full", "e_queue_locked", "next");
        assertThat(pieces.get(1).text()).isEqualTo("Another relay uses the queue.");
    }

    @Test
    void size_tinyPageTop_mergedIntoNextSection_citedAtThePageTop() {
        List<SectionSizer.Piece> pieces = new SectionSizer(400, 0).size(List.of(
                section(0, null, "Intro."), section(2, "First", LONG)));
        assertThat(pieces).hasSize(1);
        assertThat(pieces.get(0).section().anchor()).isNull();
        assertThat(pieces.get(0).text()).startsWith("Intro.\n\n## First\n\n").contains(LONG.strip());
    }

    @Test
    void size_tinyHeadingBeforeItsItems_mergedForward_citedAsItself() {
        List<SectionSizer.Piece> pieces = new SectionSizer(400, 0).size(List.of(
                section(2, "Options", "All optional."), new Section(3, List.of("Options", "retry"), "retry", LONG)));
        assertThat(pieces).hasSize(1);
        assertThat(pieces.get(0).section().anchor()).isEqualTo("options");
        assertThat(pieces.get(0).text()).startsWith("All optional.\n\n### retry\n\n");
    }

    @Test
    void size_tinySectionWhenNeighbourFull_keptAlone() {
        String full = "word ".repeat(79).strip();
        List<SectionSizer.Piece> pieces = new SectionSizer(400, 0).size(List.of(
                section(2, "A", full), section(2, "B", "Tiny."), section(2, "C", full)));
        assertThat(pieces).extracting(SectionSizer.Piece::text).containsExactly(full, "Tiny.", full);
    }

    @Test
    void size_longSection_splitIntoPiecesOfTheSameSection() {
        String text = (LONG + "\n\n").repeat(6);
        List<SectionSizer.Piece> pieces = new SectionSizer(400, 50).size(List.of(section(2, "Big", text)));
        assertThat(pieces).hasSizeGreaterThan(2).allSatisfy(p -> {
            assertThat(p.section().anchor()).isEqualTo("big");
            assertThat(p.text().length()).isLessThanOrEqualTo(400);
        });
    }
}
