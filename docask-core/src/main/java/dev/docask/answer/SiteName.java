package dev.docask.answer;

import java.util.regex.Pattern;

/*
 * The one place that turns a site's name into words of an answer. An index may have no name
 * (`docask index --site-name ""`, or IndexBuilder.Settings.defaults(...) in the library), so every sentence
 * that names the site must read as well without one: "on this site", "the documentation of this
 * site", "this site's docs" — never "the this site docs". Templates get display() for {siteName},
 * and the default templates put it where a name and "this site" both read.
 */
record SiteName(String name) {
    static final String UNNAMED = "this site";
    private static final Pattern DOCS_WORD = Pattern.compile("(?i)\\b(docs|documentation)$");

    SiteName {
        name = name == null ? "" : name.strip();
    }

    /** What {@code {siteName}} becomes: the name, or "this site". */
    String display() {
        return name.isEmpty() ? UNNAMED : name;
    }

    /** The site's docs as the object of a sentence: "the Vitest docs", "the X Docs" (not "X Docs docs"), or "this site's docs". */
    String docs() {
        if (name.isEmpty()) {
            return UNNAMED + "'s docs";
        }
        return DOCS_WORD.matcher(name).find() ? "the " + name : "the " + name + " docs";
    }

    /** {@code template} with {@code {siteName}} filled in. */
    String fill(String template) {
        return template.replace("{siteName}", display());
    }
}
