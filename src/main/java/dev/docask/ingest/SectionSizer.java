package dev.docask.ingest;

import java.util.ArrayList;
import java.util.List;

/*
 * Retrieval works best on chunks of a few paragraphs: a one-line section carries too little
 * meaning to embed, a five-page section drowns its answer. So empty sections are dropped (their
 * heading survives in the children's breadcrumbs), tiny ones (< chunkSize/8) are merged into a
 * neighbour of the same page with their heading kept as a line, and long ones are cut at the
 * coarsest boundary that fits (see TextSplitter).
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
            // A tiny parent first absorbs its children: the parent's anchor covers them all.
            while (current.text().length() < tiny && i + 1 < blocks.size()
                    && blocks.get(i + 1).section().level() > current.section().level()
                    && fits(current, blocks.get(i + 1))) {
                current = join(current, blocks.get(++i));
            }
            Piece previous = out.isEmpty() ? null : out.get(out.size() - 1);
            if (current.text().length() < tiny && previous != null && fits(previous, current)) {
                out.set(out.size() - 1, join(previous, current));
            } else if (current.text().length() < tiny && i + 1 < blocks.size() && fits(current, blocks.get(i + 1))) {
                blocks.set(i + 1, join(current, blocks.get(i + 1)));
            } else {
                out.add(current);
            }
        }
        return out;
    }

    private boolean fits(Piece a, Piece b) {
        return a.text().length() + b.section().headingLine().length() + b.text().length() + 4 <= chunkSize;
    }

    private static Piece join(Piece a, Piece b) {
        String line = b.section().headingLine();
        String text = line.isEmpty() ? a.text() + "\n\n" + b.text() : a.text() + "\n\n" + line + "\n\n" + b.text();
        return new Piece(a.section(), text);
    }
}
