package dev.docask.answer;

import dev.docask.ingest.internal.Sentences;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/*
 * The quotable pieces of a section's text, in reading order: prose sentences, table rows (each
 * cell labelled with its column header, "Flag: --retry-limit; Default: 8", because reference facts
 * often live in tables), list items (each remembers its list, so a list can be quoted whole), and
 * short code blocks whole — a "how do I run it in Docker" question is answered by the `docker run`
 * block, not by a sentence near it. A code block longer than MAX_CODE_LINES is not quotable (its
 * lead-in sentence still is): quoted, it would bury the answer. A code block remembers the
 * sentence just before it when that sentence ends with a colon ("List dead events with:"), so the
 * quote reads as the page does. A sentence shorter than MIN_CHARS is not quoted alone; it joins its neighbour in its
 * paragraph ("Specifies which port to run the dev server on. Defaults to `4321`.").
 */
final class Passages {
    static final int MIN_CHARS = 20;
    static final int MAX_CHARS = 400;
    static final int MAX_CODE_LINES = 12;
    static final int MAX_CODE_CHARS = 800;
    private static final Pattern FENCE = Pattern.compile("(?ms)^[ \\t]*(`{3,}|~{3,})[^\\n]*\\n(.*?)^[ \\t]*\\1[`~]*[ \\t]*$");
    private static final Pattern MDX_WRAPPER = Pattern.compile("(?ms)^[ \\t]*```mdx-code-block[ \\t]*\\n.*?^[ \\t]*```[ \\t]*\\n?");
    private static final Pattern OPEN_FENCE = Pattern.compile("(?m)^[ \\t]*(```|~~~)");
    private static final Pattern CELL_BORDER = Pattern.compile("(?<!\\\\)\\|");
    private static final Pattern SEPARATOR_CELL = Pattern.compile(":?-{2,}:?");
    private static final Pattern PARAGRAPH_BREAK = Pattern.compile("\\n\\s*\\n|\\n(?=\\s*(?:[-*+>]|#{1,6}|\\d+[.)])\\s)");
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern LIST_MARK = Pattern.compile("^\\s*(?:[-*+]|\\d+[.)])\\s+");
    private static final Pattern QUOTE_MARK = Pattern.compile("^\\s*>\\s+");
    private static final Pattern HEADING = Pattern.compile("^\\s*#{1,6}\\s+(.*)$");

    enum Kind { SENTENCE, ROW, ITEM, CODE }

    /**
     * One quotable piece.
     *
     * @param text    as quoted: a sentence, a labelled row, an item, or a fenced block
     * @param words   what its terms and its embedding are taken from (a code block's code)
     * @param list    the list an item belongs to, counted from 0 within the text; -1 for other kinds
     * @param leadIn  for a code block, the sentence that introduces it, else empty
     * @param mark    for a list item, its mark as written ({@code "-"}, {@code "2."}), else empty
     * @param heading the heading inside the text it stands under (small sections merged into one
     *                chunk keep theirs as lines), else empty: the chunk's own heading applies
     * @param columns for a table row, its column headers: context like a heading, since every row
     *                repeats them they say nothing about which row answers; else empty
     * @param paragraph for a sentence, the paragraph it belongs to, counted from 0 within the text; -1
     *                for other kinds
     */
    record Passage(Kind kind, String text, String words, int position, int list, String leadIn, String mark,
                   String heading, String columns, int paragraph) {
        /** What its embedding is made from: a row with its column labels, anything else its words. */
        String meaningText() {
            return kind == Kind.ROW ? text : words;
        }
    }

    private Passages() {
    }

    static List<Passage> of(String chunkText) {
        String text = chunkText;
        List<Passage> out = new ArrayList<>();
        int[] lists = {0, 0}; // lists and paragraphs seen so far
        String[] heading = {""};
        text = MDX_WRAPPER.matcher(text).replaceAll(""); // Docusaurus' <Tabs> around code: markup, not code
        Matcher fence = FENCE.matcher(text);
        int at = 0;
        while (fence.find()) {
            prose(text.substring(at, fence.start()), out, lists, heading);
            String code = fence.group(2).stripTrailing();
            String block = fence.group().strip();
            if (!code.isBlank() && code.lines().count() <= MAX_CODE_LINES && block.length() <= MAX_CODE_CHARS) {
                Passage before = out.isEmpty() ? null : out.getLast();
                String leadIn = before != null && before.kind() == Kind.SENTENCE && before.text().endsWith(":")
                        && before.position() == out.size() - 1 && endsRightBefore(text, at, fence.start(), before.text())
                        ? before.text() : "";
                out.add(new Passage(Kind.CODE, block, code, out.size(), -1, leadIn, "", heading[0], "", -1));
            }
            lists[0]++;
            at = fence.end();
        }
        String rest = text.substring(at);
        Matcher unclosed = OPEN_FENCE.matcher(rest);
        prose(unclosed.find() ? rest.substring(0, unclosed.start()) : rest, out, lists, heading); // code cut off by the chunk's end
        return out;
    }

    /** Whether {@code sentence} is the last prose between {@code from} and the fence at {@code to}. */
    private static boolean endsRightBefore(String text, int from, int to, String sentence) {
        String between = SPACES.matcher(text.substring(from, to)).replaceAll(" ").strip();
        return between.endsWith(sentence);
    }

    private static void prose(String text, List<Passage> out, int[] lists, String[] heading) {
        StringBuilder paragraphs = new StringBuilder();
        List<String> header = null;
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String t = lines[i].strip();
            if (!t.startsWith("|")) {
                header = null;
                paragraphs.append(lines[i]).append('\n');
                continue;
            }
            paragraphs(paragraphs, out, lists, heading);
            List<String> cells = cells(t);
            if (header == null) {
                // a header row is the one above the separator; a chunk that starts inside a table has none,
                // and its rows are quoted without labels rather than labelled with their first row
                boolean headerRow = i + 1 < lines.length && separator(lines[i + 1].strip());
                header = headerRow ? cells : List.of();
                if (headerRow) {
                    continue;
                }
            }
            if (!separator(t)) {
                String row = labelled(header, cells);
                if (row.length() >= MIN_CHARS) {
                    out.add(new Passage(Kind.ROW, cut(row), String.join("; ", cells), out.size(), -1, "", "", heading[0],
                            String.join(" ", header), -1));
                }
            }
        }
        paragraphs(paragraphs, out, lists, heading);
    }

    /** The paragraphs gathered in {@code text} (emptied): list items whole, other prose cut into sentences. */
    private static void paragraphs(StringBuilder text, List<Passage> out, int[] lists, String[] heading) {
        boolean inList = false;
        for (String line : PARAGRAPH_BREAK.split(text)) {
            String stripped = line.strip();
            if (stripped.isEmpty()) {
                continue;
            }
            Matcher mark = LIST_MARK.matcher(stripped);
            boolean item = mark.find();
            if (inList && !item) {
                lists[0]++;
            }
            inList = item;
            Matcher title = HEADING.matcher(stripped);
            if (!item && title.matches()) {
                heading[0] = title.group(1).strip(); // context for what follows, not an answer itself
                continue;
            }
            lists[1]++;
            String paragraph = SPACES.matcher(QUOTE_MARK.matcher(item ? stripped.substring(mark.end()) : stripped)
                    .replaceFirst("")).replaceAll(" ").strip();
            for (String s : item ? List.of(paragraph) : withShortOnes(Sentences.split(paragraph))) {
                if (s.length() >= MIN_CHARS) {
                    out.add(new Passage(item ? Kind.ITEM : Kind.SENTENCE, cut(s), s, out.size(), item ? lists[0] : -1, "",
                            item ? mark.group().strip() : "", heading[0], "", item ? -1 : lists[1]));
                }
            }
        }
        if (inList) {
            lists[0]++;
        }
        text.setLength(0);
    }

    /**
     * A paragraph's sentences with each one shorter than MIN_CHARS joined to the sentence before it (to the one after when it
     * opens the paragraph): "Defaults to `4321`." says what "Specifies which port to run the dev server on." leaves out, and
     * alone it is too short to quote (docs/quality.md, "Short sentences, short gaps and the first source's second
     * pick"). Short sentences alone in their paragraph join one another, and stay out when together still too short.
     */
    static List<String> withShortOnes(List<String> sentences) {
        List<String> out = new ArrayList<>();
        String pending = "";
        for (String s : sentences) {
            if (s.length() < MIN_CHARS && !out.isEmpty()) {
                out.set(out.size() - 1, out.getLast() + " " + s);
            } else if (s.length() < MIN_CHARS) {
                pending = pending.isEmpty() ? s : pending + " " + s;
            } else {
                out.add(pending.isEmpty() ? s : pending + " " + s);
                pending = "";
            }
        }
        if (!pending.isEmpty()) {
            out.add(pending); // only short sentences: still dropped as too short unless they add up
        }
        return out;
    }

    private static String cut(String s) {
        return s.length() > MAX_CHARS ? s.substring(0, MAX_CHARS).strip() + " …" : s;
    }

    /** A table's data row as "Header: cell; Header: cell", empty cells left out. */
    private static String labelled(List<String> header, List<String> cells) {
        List<String> labelled = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            if (!cells.get(i).isEmpty()) {
                String head = i < header.size() ? header.get(i) : "";
                labelled.add(head.isEmpty() ? cells.get(i) : head + ": " + cells.get(i));
            }
        }
        return String.join("; ", labelled);
    }

    /** Whether {@code line} is a table's separator row ({@code |---|:--:|}). */
    private static boolean separator(String line) {
        return line.startsWith("|") && cells(line).stream().allMatch(c -> SEPARATOR_CELL.matcher(c).matches());
    }

    private static List<String> cells(String row) {
        String inner = row.substring(1, row.endsWith("|") && row.length() > 1 ? row.length() - 1 : row.length());
        return CELL_BORDER.splitAsStream(inner).map(c -> c.strip().replace("\\|", "|")).toList(); // a cell's own pipe
    }
}
