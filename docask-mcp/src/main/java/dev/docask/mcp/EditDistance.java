package dev.docask.mcp;

/*
 * Levenshtein distance, to name the known pages closest to a URL an agent got wrong (an old path,
 * a typo, a missing version segment). Inputs are URL paths, cut to MAX characters so a hostile
 * argument costs at most MAX² steps per page.
 */
final class EditDistance {
    static final int MAX = 300;

    private EditDistance() {
    }

    static int between(String a, String b) {
        String s = a.length() > MAX ? a.substring(0, MAX) : a;
        String t = b.length() > MAX ? b.substring(0, MAX) : b;
        int[] previous = new int[t.length() + 1];
        int[] current = new int[t.length() + 1];
        for (int j = 0; j <= t.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= s.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= t.length(); j++) {
                int substitute = previous[j - 1] + (s.charAt(i - 1) == t.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[t.length()];
    }
}
