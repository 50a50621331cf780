package dev.docask.answer;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code [n]} citations of an answer text, split into those that name a source and those that
 * do not. Accepts {@code [1]}, {@code [1, 2]} and {@code [1][2]}; a bracket holding anything but
 * numbers and commas (e.g. a Markdown link label or an array index {@code [i]}) is not a citation.
 *
 * @param valid   numbers of existing sources, in order of first use
 * @param invalid numbers that match no source, in order of first use
 */
record Citations(List<Integer> valid, List<Integer> invalid) {
    private static final Pattern BRACKET = Pattern.compile("\\[(\\s*\\d{1,4}\\s*(?:,\\s*\\d{1,4}\\s*)*)]");

    Citations {
        valid = List.copyOf(valid);
        invalid = List.copyOf(invalid);
    }

    /** Parses {@code text}; sources are numbered 1..{@code sourceCount}. */
    static Citations parse(String text, int sourceCount) {
        Set<Integer> valid = new LinkedHashSet<>();
        Set<Integer> invalid = new LinkedHashSet<>();
        Matcher m = BRACKET.matcher(text);
        while (m.find()) {
            for (String part : m.group(1).split(",")) {
                int n = Integer.parseInt(part.strip());
                (n >= 1 && n <= sourceCount ? valid : invalid).add(n);
            }
        }
        return new Citations(List.copyOf(valid), List.copyOf(invalid));
    }
}
