package dev.docask.index.internal;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A docs version a question names (docs/retrieval.md, "Versions"): "v3", "version 2", "3.x", "3.8.1", and where
 * the words around it say so, bare numbers too ({@link #in}). A bare "3.5" alone is a number, not a version.
 * <p>
 * {@code leaving} marks the version the reader upgrades from ("upgrading from v2", "what changed since 3.x"): the
 * pages such a question wants are those of the version after it, not the guide that led to it.
 *
 * <pre>{@code
 * NamedVersion.in("upgrading from 2.4 to 3.0");  // [2.4 (2, leaving), 3.0 (3)]
 * NamedVersion.in("wait 3.5 seconds");           // []
 * }</pre>
 *
 * @param text    the version as the question writes it ("v2", "3.1.0", "version 2")
 * @param major   its major version
 * @param leaving whether the question upgrades from it
 */
public record NamedVersion(String text, int major, boolean leaving) {
    private static final String NUMBER = "v?\\d{1,6}(?:\\.(?:\\d{1,6}|x))*";
    /** "v3", "v3.2", "version 3", "3.x", "3.8.1". */
    private static final Pattern NAMED = Pattern.compile(
            "(?i)(?<![\\w.])(?:v(?:ersion\\s?)?\\d{1,6}(?:\\.(?:\\d{1,6}|x))*|\\d{1,6}\\.(?:x|\\d{1,6}\\.(?:\\d{1,6}|x))(?:\\.\\d{1,6})*)(?!\\w|\\.\\w)");
    /** "from [word] A to [word] B": the word is most often the product's name ("from Docusaurus 2 to 3"). */
    private static final Pattern RANGE = Pattern.compile("(?i)(?<![\\w.])(?:from|since)\\s+(?:(\\p{L}[\\p{L}\\d.-]*)\\s+)?("
            + NUMBER + ")\\s+(?:to|->|→)\\s+(?:\\p{L}[\\p{L}\\d.-]*\\s+)?(" + NUMBER + ")(?!\\w|\\.\\w)");
    private static final String UPGRADING = "(?<![\\w.])(?:upgrad|updat|migrat|bump)\\w*\\s+(?:\\p{L}[\\p{L}\\d.-]*\\s+){0,3}";
    /** "upgrading to 3.0", "migrating from Docusaurus 2": a number after a verb of upgrading. */
    private static final Pattern UPGRADE = Pattern.compile("(?i)" + UPGRADING
            + "(from|to)\\s+(?:(\\p{L}[\\p{L}\\d.-]*)\\s+)?(" + NUMBER + ")(?!\\w|\\.\\w)");
    /** A verb of upgrading right before a range: "an upgrade from 2.3 to 2.4". */
    private static final Pattern UPGRADING_BEFORE = Pattern.compile("(?i)" + UPGRADING + "$");
    /** What comes right before a version the question leaves: "from", "since", maybe the product's name between. */
    private static final Pattern LEAVING = Pattern.compile("(?i)(?<![\\w.])(?:from|since)\\s+(?:\\p{L}[\\p{L}\\d.-]*\\s+)?$");
    private static final Pattern MAJOR = Pattern.compile("(?i)(?:v|version\\s?)?(\\d{1,6})(?:\\.|$).*");

    /**
     * The versions {@code question} names, in the order it names them. A number written as a version ("v3", "3.x",
     * "3.8.1") always is one; "3.0" is one after a verb of upgrading or in a range with a version or a product's name
     * ("from Astro 4 to 5"); a whole number only after a product's name ("upgrading from Docusaurus 2"). Other numbers
     * are amounts: "increased from 2.4 to 3.0 mg", "from 5 to 10 seconds", "updating the grid to 2 columns".
     */
    public static List<NamedVersion> in(String question) {
        if (!startsANumber(question)) {
            return List.of(); // most questions: every retrieval asks, so the patterns run only where one could match
        }
        List<NamedVersion> out = new ArrayList<>(2);
        List<int[]> read = new ArrayList<>(1); // spans already read, so that a version is named once
        Matcher r = RANGE.matcher(question);
        while (r.find()) {
            boolean upgrading = UPGRADING_BEFORE.matcher(question.substring(Math.max(0, r.start() - 60), r.start())).find();
            if (marked(r.group(2)) || marked(r.group(3)) || name(r.group(1))
                    || upgrading && (dotted(r.group(2)) || dotted(r.group(3)))) {
                out.add(of(r.group(2), true));
                out.add(of(r.group(3), false));
                read.add(new int[] {r.start(), r.end()});
            }
        }
        Matcher u = UPGRADE.matcher(question);
        while (u.find()) {
            if (!within(read, u.start(3)) && (dotted(u.group(3)) || marked(u.group(3)) || name(u.group(2)))) {
                out.add(of(u.group(3), u.group(1).equalsIgnoreCase("from")));
                read.add(new int[] {u.start(3), u.end(3)});
            }
        }
        Matcher m = NAMED.matcher(question);
        while (m.find()) {
            if (!within(read, m.start())) {
                String before = question.substring(Math.max(0, m.start() - 40), m.start());
                out.add(of(m.group(), LEAVING.matcher(before).find()));
            }
        }
        return out;
    }

    /** Whether some word of {@code text} starts with a digit, or with "v" and a digit, as every version does ("w1za" does not). */
    private static boolean startsANumber(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (Character.isDigit(text.charAt(i))) {
                int at = i > 0 && (text.charAt(i - 1) == 'v' || text.charAt(i - 1) == 'V') ? i - 1 : i;
                if (at == 0 || !Character.isLetterOrDigit(text.charAt(at - 1)) && text.charAt(at - 1) != '.') {
                    return true;
                }
            }
        }
        return false;
    }

    /** Written as only a version is: "v3", "3.x", "3.8.1". */
    private static boolean marked(String number) {
        return Character.toLowerCase(number.charAt(0)) == 'v' || number.indexOf('x') >= 0 || number.indexOf('.') != number.lastIndexOf('.');
    }

    private static boolean dotted(String number) {
        return number.indexOf('.') >= 0;
    }

    /** A product's name before a number ("Docusaurus 2"), or the word "version". */
    private static boolean name(@Nullable String word) {
        return word != null && (Character.isUpperCase(word.charAt(0)) || word.equalsIgnoreCase("version"));
    }

    private static boolean within(List<int[]> spans, int at) {
        return spans.stream().anyMatch(span -> at >= span[0] && at < span[1]);
    }

    private static NamedVersion of(String text, boolean leaving) {
        // the patterns above only find versions
        return new NamedVersion(text, majorOf(text).orElseThrow(() -> new IllegalStateException("not a version: " + text)), leaving);
    }

    /**
     * The leading major of a version name: "3.8.1" → 3, "v2" → 2, "version 2" → 2, "next" or "3rc" → none.
     * <pre>{@code
     * NamedVersion.majorOf("3.x");  // OptionalInt[3]
     * }</pre>
     */
    public static OptionalInt majorOf(String version) {
        Matcher m = MAJOR.matcher(version.strip());
        return m.matches() ? OptionalInt.of(Integer.parseInt(m.group(1))) : OptionalInt.empty();
    }
}
