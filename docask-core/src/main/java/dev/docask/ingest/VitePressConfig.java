package dev.docask.ingest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/*
 * Where a VitePress site serves its pages is set in .vitepress/config.*: `base` (the path the site is deployed under,
 * default '/'), `srcDir` (the folder holding the pages, relative to the project root, default '.'), `cleanUrls`
 * (default false: the site links to, and its sitemap lists, /guide/mocking.html) and `rewrites` (a page's path, relative
 * to srcDir, mapped to another: 'packages/pkg-a/src/pkg-a-docs.md': 'pkg-a/index.md'). A rewrite with parameters is read
 * when they are whole segments (':pkg', or ':slug*' for any number of them); one with a regular expression in it
 * ('(.*)') or a rewrites function is noted, not applied. Read as literals (ConfigFile); a folder with no config file
 * (a copy of the pages alone) keeps clean URLs, as docask always gave them.
 */

/** The routing settings a VitePress site's config writes as literals. */
final class VitePressConfig {

    private static final Pattern PARAMETER = Pattern.compile(":([A-Za-z][A-Za-z0-9]*)(\\*?)");
    private static final Pattern UNREAD = Pattern.compile("[()?+*\\[\\]{}]");

    /** One rewrite: the source pattern as a regex over the page's path, and what it becomes. */
    private record Rewrite(Pattern from, String to) {
    }

    private final String basePath;
    private final String srcDir;
    private final boolean cleanUrls;
    private final List<Rewrite> rewrites;
    private final List<String> notes;
    private final String file;

    private VitePressConfig(String basePath, String srcDir, boolean cleanUrls, List<Rewrite> rewrites, List<String> notes,
                            String file) {
        this.basePath = basePath;
        this.srcDir = srcDir;
        this.cleanUrls = cleanUrls;
        this.rewrites = List.copyOf(rewrites);
        this.notes = List.copyOf(notes);
        this.file = file;
    }

    /** The config of the VitePress project at {@code site} (the folder holding .vitepress). */
    static VitePressConfig read(Path site) {
        return ConfigFile.read(site.resolve(".vitepress"), "config", ".vitepress/").map(VitePressConfig::of)
                .orElseGet(() -> new VitePressConfig("", ".", true, List.of(), List.of(), ""));
    }

    /** The settings of a config file {@code config}. */
    static VitePressConfig of(ConfigFile config) {
        String base = ConfigFile.basePath(config.string("base", "/"));
        String srcDir = config.string("srcDir", ".");
        boolean clean = config.bool("cleanUrls", false);
        List<Rewrite> rewrites = new ArrayList<>();
        config.value("rewrites").ifPresent(value -> {
            if (!(value instanceof Map<?, ?> map)) {
                config.note("rewrites are computed (" + ScriptLiterals.describe(value) + "): pages keep their paths");
                return;
            }
            map.forEach((from, to) -> {
                if (!(to instanceof String target)) {
                    config.note("rewrites '" + from + "' is computed (" + ScriptLiterals.describe(to) + "): not applied");
                } else if (UNREAD.matcher(PARAMETER.matcher(String.valueOf(from)).replaceAll("")).find()) {
                    config.note("rewrites '" + from + "' holds a pattern docask does not read: not applied");
                } else {
                    try {
                        rewrites.add(new Rewrite(pattern(String.valueOf(from)), target));
                    } catch (java.util.regex.PatternSyntaxException twice) { // a parameter named twice
                        config.note("rewrites '" + from + "' holds a pattern docask does not read: not applied");
                    }
                }
            });
        });
        return new VitePressConfig(base, srcDir, clean, rewrites, config.notes(), config.name());
    }

    /** The rewrite's source as a regex: ':name' one segment, ':name*' any number of them, the rest as written. */
    private static Pattern pattern(String from) {
        StringBuilder regex = new StringBuilder();
        Matcher m = PARAMETER.matcher(ConfigFile.trimSlashes(from));
        int at = 0;
        while (m.find()) {
            regex.append(Pattern.quote(ConfigFile.trimSlashes(from).substring(at, m.start())))
                    .append("(?<").append(m.group(1)).append(m.group(2).isEmpty() ? ">[^/]+)" : ">.*)");
            at = m.end();
        }
        regex.append(Pattern.quote(ConfigFile.trimSlashes(from).substring(at)));
        return Pattern.compile(regex.toString());
    }

    /** {@code page} (relative to srcDir, '/'-separated) as the rewrites map it; as it is when none matches. */
    String rewrite(String page) {
        for (Rewrite r : rewrites) {
            Matcher m = r.from().matcher(page);
            if (m.matches()) {
                Matcher p = PARAMETER.matcher(r.to());
                StringBuilder out = new StringBuilder();
                while (p.find()) {
                    String value;
                    try {
                        value = m.group(p.group(1));
                    } catch (IllegalArgumentException unknown) {
                        value = p.group();
                    }
                    p.appendReplacement(out, Matcher.quoteReplacement(value));
                }
                p.appendTail(out);
                return ConfigFile.trimSlashes(out.toString());
            }
        }
        return page;
    }


    /** The path the site is deployed under ("/project"), "" for the host's root. */
    String basePath() {
        return basePath;
    }

    /** The folder holding the pages, relative to the project root. */
    String srcDir() {
        return srcDir;
    }

    /** Whether pages are served without .html. */
    boolean cleanUrls() {
        return cleanUrls;
    }

    /** Settings the config computes, which docask did not read. */
    List<String> notes() {
        return notes;
    }

    /** The config file's name (".vitepress/config.mts"), "" when the site has none. */
    String file() {
        return file;
    }
}
