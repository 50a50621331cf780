package dev.docask.ingest;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Cuts a long text into pieces of at most {@code size} characters, at paragraph, then line, then
 * sentence, then word boundaries. A code fence is one paragraph: it is only cut (at its lines,
 * each part re-fenced) when it alone exceeds the size. Consecutive pieces share up to
 * {@code overlap} characters of prose so a sentence cut in two is still found whole once.
 */
final class TextSplitter {

    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?:;])\\s+");
    private static final String[] JOINERS = {"\n\n", "\n", " ", " "};

    private final int size;
    private final int overlap;

    TextSplitter(int size, int overlap) {
        this.size = size;
        this.overlap = overlap;
    }

    List<String> split(String text) {
        String t = text.strip();
        if (t.length() <= size) {
            return t.isEmpty() ? List.of() : List.of(t);
        }
        // Room for the overlap and the blank line that separates it from the piece.
        List<String> pieces = split(t, 0, overlap == 0 ? size : size - overlap - 2);
        List<String> out = new ArrayList<>(pieces.size());
        for (int k = 0; k < pieces.size(); k++) {
            String piece = pieces.get(k);
            String tail = k == 0 ? "" : tail(pieces.get(k - 1));
            out.add(tail.isEmpty() ? piece : tail + "\n\n" + piece);
        }
        return out;
    }

    private List<String> split(String text, int level, int budget) {
        if (text.length() <= budget) {
            return List.of(text);
        }
        Fence fence = Fence.open(text.lines().findFirst().orElse(""));
        if (fence != null && isWholeFence(text, fence)) {
            return splitFence(text, fence, budget);
        }
        if (level >= JOINERS.length) {
            List<String> hard = new ArrayList<>();
            for (int i = 0; i < text.length(); i += budget) {
                hard.add(text.substring(i, Math.min(text.length(), i + budget)));
            }
            return hard;
        }
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        String joiner = JOINERS[level];
        for (String part : parts(text, level)) {
            if (part.isBlank()) {
                continue;
            }
            if (part.length() > budget) {
                flush(current, out);
                List<String> pieces = split(part, level + 1, budget);
                out.addAll(pieces.subList(0, pieces.size() - 1));
                // The remainder of a cut part may share its piece with what follows.
                current.append(pieces.get(pieces.size() - 1));
            } else if (current.length() + joiner.length() + part.length() > budget) {
                flush(current, out);
                current.append(part);
            } else {
                if (!current.isEmpty()) {
                    current.append(joiner);
                }
                current.append(part);
            }
        }
        flush(current, out);
        return out;
    }

    private static List<String> parts(String text, int level) {
        return switch (level) {
            case 0 -> blocks(text);
            case 1 -> List.of(text.split("\n"));
            case 2 -> List.of(SENTENCE_END.split(text));
            default -> List.of(text.split("\\s+"));
        };
    }

    /** Paragraphs separated by blank lines, with each code fence kept as one block. */
    static List<String> blocks(String text) {
        List<String> out = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        StringBuilder current = new StringBuilder();
        for (int i = 0; i < lines.length; i++) {
            Fence fence = Fence.open(lines[i]);
            if (fence != null) {
                flush(current, out);
                int end = fence.closingLine(lines, i);
                for (int j = i; j <= end; j++) {
                    current.append(lines[j]).append(j < end ? "\n" : "");
                }
                flush(current, out);
                i = end;
            } else if (lines[i].isBlank()) {
                flush(current, out);
            } else {
                if (!current.isEmpty()) {
                    current.append('\n');
                }
                current.append(lines[i]);
            }
        }
        flush(current, out);
        return out;
    }

    private List<String> splitFence(String text, Fence fence, int budget) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        lines.remove(0);
        if (!lines.isEmpty() && fence.closes(lines.get(lines.size() - 1))) {
            lines.remove(lines.size() - 1);
        }
        int inner = Math.max(20, budget - fence.opener().length() - fence.closer().length() - 2);
        List<String> out = new ArrayList<>();
        for (String body : split(String.join("\n", lines), 1, inner)) {
            out.add(fence.opener() + "\n" + body + "\n" + fence.closer());
        }
        return out;
    }

    private static boolean isWholeFence(String text, Fence fence) {
        String[] lines = text.split("\n", -1);
        return fence.closingLine(lines, 0) == lines.length - 1;
    }

    /** The end of a prose piece, up to {@code overlap} characters, starting at a word. */
    private String tail(String previous) {
        if (overlap == 0 || previous.contains("```") || previous.contains("~~~")) {
            return "";
        }
        if (previous.length() <= overlap) {
            return "";
        }
        int from = previous.length() - overlap;
        int space = previous.indexOf(' ', from);
        return space < 0 ? "" : previous.substring(space + 1).replace('\n', ' ').strip();
    }

    private static void flush(StringBuilder current, List<String> out) {
        if (!current.toString().isBlank()) {
            out.add(current.toString().strip());
        }
        current.setLength(0);
    }
}
