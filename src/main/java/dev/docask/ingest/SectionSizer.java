package dev.docask.ingest;

import java.util.ArrayList;
import java.util.List;

/*
 * Retrieval works best on chunks of a few paragraphs: a one-line section carries too little
 * meaning to embed, a five-page section drowns its answer. So empty sections are dropped (their
 * heading survives in the children's breadcrumbs), tiny ones (< chunkSize/8) are merged into the
 * previous section of the page (at the page top, or when that is full, into the next one) with
 * their heading kept as a line, and long ones are cut at the coarsest boundary that fits (see
 * TextSplitter).
 */

/** Turns a page's sections into sized pieces of text, each ready to become a chunk. */
final class SectionSizer {

    /** A sized piece: the section it is cited as, and its text (never blank, never over chunkSize). */
    record Piece(Section section, String text) {
    }

    private final int chunkSize;
    private final TextSplitter splitter;

    SectionSizer(int chunkSize, int chunkOverlap) {
        this.chunkSize = chunkSize;
        this.splitter = new TextSplitter(chunkSize, chunkOverlap);
    }

    List<Piece> size(List<Section> sections) {
        List<Piece> merged = merge(sections);
        List<Piece> out = new ArrayList<>();
        for (Piece p : merged) {
            for (String text : splitter.split(p.text())) {
                out.add(new Piece(p.section(), text));
            }
        }
        return out;
    }

    private List<Piece> merge(List<Section> sections) {
        List<Piece> blocks = new ArrayList<>();
        for (Section s : sections) {
            if (!s.text().isBlank()) {
                blocks.add(new Piece(s, s.text()));
            }
        }
        int tiny = chunkSize / 8;
        List<Piece> out = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            Piece current = blocks.get(i);
            Piece previous = out.isEmpty() ? null : out.get(out.size() - 1);
            boolean small = current.text().length() < tiny;
            if (small && previous != null && fits(previous, current)) {
                out.set(out.size() - 1, join(previous, current, previous.section()));
            } else if (small && i + 1 < blocks.size() && fits(current, blocks.get(i + 1))) {
                // A tiny opening (page intro, "## Options" before its items) is cited as the section it leads into.
                blocks.set(i + 1, join(current, blocks.get(i + 1), blocks.get(i + 1).section()));
            } else {
                out.add(current);
            }
        }
        return out;
    }

    private boolean fits(Piece a, Piece b) {
        return a.section().headingLine().length() + a.text().length() + b.section().headingLine().length()
                + b.text().length() + 6 <= chunkSize;
    }

    /** {@code a} then {@code b}, cited as {@code as}; the heading of whichever is not cited stays as a line. */
    private static Piece join(Piece a, Piece b, Section as) {
        String aText = as == a.section() || a.section().headingLine().isEmpty()
                ? a.text() : a.section().headingLine() + "\n\n" + a.text();
        String bText = as == b.section() || b.section().headingLine().isEmpty()
                ? b.text() : b.section().headingLine() + "\n\n" + b.text();
        return new Piece(as, aText + "\n\n" + bText);
    }
}
