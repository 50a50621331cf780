package dev.docask.ingest;

import java.util.ArrayList;
import java.util.List;

/*
 * Retrieval works best on chunks of a few paragraphs: a one-line section carries too little
 * meaning to embed, a five-page section drowns its answer. So empty sections are dropped (their
 * heading survives in the children's breadcrumbs), tiny ones (< chunkSize/8) are merged with a
 * neighbour, their heading kept as a line, and long ones are cut at the coarsest boundary that fits
 * (see TextSplitter).
 *
 * A merged chunk is cited at one place, so a tiny section is merged only where that place opens
 * onto its text: into the previous section when it lies under that one's heading (a "### Note"
 * under "## Install"; everything lies under the page top), else forward into the next section when
 * that one lies under its own heading (the page intro before the first heading, "## Options"
 * before its items), cited then as the tiny one. A tiny section next to a sibling stays a chunk of
 * its own: merged into "## E_QUEUE_FULL", "## E_QUEUE_LOCKED" was cited at #e_queue_full.
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
        List<Piece> out = new ArrayList<>();
        for (Block block : merge(sections)) {
            for (String text : splitter.split(block.text())) {
                out.add(new Piece(block.cited(), text));
            }
        }
        return out;
    }

    /** Sections merged into one, cited as {@code cited}; the others keep their heading as a line. */
    private record Block(Section cited, List<Section> parts) {
        String text() {
            StringBuilder out = new StringBuilder();
            for (Section part : parts) {
                if (!out.isEmpty()) {
                    out.append("\n\n");
                }
                if (part != cited && !part.headingLine().isEmpty()) {
                    out.append(part.headingLine()).append("\n\n");
                }
                out.append(part.text());
            }
            return out.toString();
        }

        Block join(Block next, Section as) {
            List<Section> all = new ArrayList<>(parts);
            all.addAll(next.parts);
            return new Block(as, all);
        }
    }

    private List<Block> merge(List<Section> sections) {
        List<Block> blocks = new ArrayList<>();
        for (Section s : sections) {
            if (!s.text().isBlank()) {
                blocks.add(new Block(s, List.of(s)));
            }
        }
        int tiny = chunkSize / 8;
        List<Block> out = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            Block current = blocks.get(i);
            Block previous = out.isEmpty() ? null : out.get(out.size() - 1);
            boolean small = current.text().length() < tiny;
            if (small && previous != null && under(current.cited(), previous.cited()) && fits(previous, current)) {
                out.set(out.size() - 1, previous.join(current, previous.cited()));
            } else if (small && i + 1 < blocks.size() && under(blocks.get(i + 1).cited(), current.cited())
                    && fits(current, blocks.get(i + 1))) {
                Block next = blocks.get(i + 1);
                blocks.set(i + 1, current.join(next, current.cited()));
            } else {
                out.add(current);
            }
        }
        return out;
    }

    /** Whether {@code s} lies under {@code parent}'s heading, so that opening {@code parent} shows it. */
    private static boolean under(Section s, Section parent) {
        if (parent.anchor() == null) {
            return true; // the page top
        }
        List<String> p = parent.path();
        return s.level() > parent.level() && s.path().size() > p.size() && s.path().subList(0, p.size()).equals(p);
    }

    private boolean fits(Block a, Block b) {
        return a.text().length() + b.text().length() + a.cited().headingLine().length()
                + b.cited().headingLine().length() + 8 <= chunkSize;
    }
}
