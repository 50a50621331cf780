package dev.docask.ingest;

import org.jspecify.annotations.Nullable;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fenced code block opener ({@code ```lang} or {@code ~~~}). Fences are found at any
 * indentation because MDX nests them inside components and lists.
 */
record Fence(char marker, int length, String info) {

    private static final Pattern OPEN = Pattern.compile("^\\s*(`{3,}|~{3,})(.*)$");

    /** The fence this line opens, or {@code null}. */
    static @Nullable Fence open(String line) {
        Matcher m = OPEN.matcher(line);
        if (!m.matches()) {
            return null;
        }
        String run = m.group(1);
        String info = m.group(2).strip();
        if (run.charAt(0) == '`' && info.contains("`")) {
            return null;
        }
        return new Fence(run.charAt(0), run.length(), info);
    }

    boolean closes(String line) {
        String s = line.strip();
        if (s.length() < length) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) != marker) {
                return false;
            }
        }
        return true;
    }

    /** The line that closes the fence opened at {@code start}; the last line if it never closes. */
    int closingLine(String[] lines, int start) {
        for (int i = start + 1; i < lines.length; i++) {
            if (closes(lines[i])) {
                return i;
            }
        }
        return lines.length - 1;
    }

    /** The opening line, for re-wrapping pieces of a code block split in two. */
    String opener() {
        return String.valueOf(marker).repeat(length) + info;
    }

    String closer() {
        return String.valueOf(marker).repeat(length);
    }
}
