package dev.docask.retrieve;

import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/*
 * A package the site never mentions (docs/retrieval.md §4): a question word written the way npm names packages (lower
 * case letters, digits and hyphens, perhaps under an @scope/) that holds the site's own tool's name and more letters
 * ("vitest-fetch-mock", "redocusaurus", "@storybook/addon-vitest") names a package built on that tool. When no page
 * writes it, it is someone else's package, documented elsewhere, and the site's pages on the parts of its name ("fetch",
 * "mock") answer another question. The site's tool is the word of the site's name that the calibration found among the
 * site's own tools (docs/retrieval.md §4, "Questions about another tool"), so a site named "Docs" or "Samples" has none.
 */
final class SitePackages {
    /** A word as npm writes a package name; group 1 is the name without its scope. */
    private static final Pattern PACKAGE = Pattern.compile("(?:@[a-z0-9][a-z0-9._-]*/)?([a-z0-9]+(?:-[a-z0-9]+)*)");
    /** What the name must hold besides the tool's: letters ("vitest3", "astro-v5" are the tool at a version). */
    private static final Pattern MORE = Pattern.compile("[a-z]{2,}");
    /** Marks around a written word that are not part of it. */
    private static final String EDGES = "\"'`()[]{}<>,;:!?.*";

    private SitePackages() {
    }

    /** The word of {@code siteName} that is one of the site's own tools, lower case ("vitest"); empty when none is. */
    static Optional<String> siteTool(String siteName, List<String> ownTools) {
        for (String word : siteName.split("[^\\p{L}\\p{N}]+")) {
            for (String tool : ownTools) {
                if (!word.isEmpty() && tool.equalsIgnoreCase(word)) {
                    return Optional.of(word.toLowerCase(Locale.ROOT));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The first word of {@code question} that names a package holding {@code siteTool} and that no chunk writes, as
     * written; {@code null} when there is none. {@code writes} says whether some chunk writes a package name as it is
     * written ({@code IndexEngine.writesAsWritten}); where it cannot tell (empty), the word counts as written.
     */
    static @Nullable String unmentioned(String question, String siteTool, Function<String, Optional<Boolean>> writes) {
        for (String written : question.split("\\s+")) {
            String word = strip(written);
            Matcher m = PACKAGE.matcher(word);
            if (!m.matches()) {
                continue;
            }
            String name = m.group(1);
            int at = name.indexOf(siteTool);
            if (at < 0 || !MORE.matcher(name.substring(0, at) + " " + name.substring(at + siteTool.length())).find()) {
                continue;
            }
            if (!writes.apply(name).orElse(true)) {
                return word;
            }
        }
        return null;
    }

    private static String strip(String written) {
        int from = 0;
        int to = written.length();
        while (from < to && EDGES.indexOf(written.charAt(from)) >= 0) {
            from++;
        }
        while (to > from && EDGES.indexOf(written.charAt(to - 1)) >= 0) {
            to--;
        }
        String word = written.substring(from, to);
        return word.endsWith("'s") ? word.substring(0, word.length() - 2) : word;
    }
}
