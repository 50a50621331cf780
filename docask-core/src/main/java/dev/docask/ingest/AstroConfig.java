package dev.docask.ingest;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/*
 * Where a Starlight site serves its pages is set in astro.config.*: `base` (the path it is deployed under, default
 * '/'), `trailingSlash` ('always', 'never' or the default 'ignore') and `build.format` ('directory', the default,
 * 'file' or 'preserve'). Starlight links to a page as its formatPath does: with 'file', /guide/setup.html (the root
 * /index.html) whatever trailingSlash says; otherwise /guide/setup/, without the slash under 'never'. Read as
 * literals (ConfigFile); a value Astro does not accept keeps the default, noted too.
 */

/** The routing settings an Astro site's config writes as literals. */
final class AstroConfig {

    /** How Starlight writes a page's URL. */
    enum Style { SLASH, NO_SLASH, HTML_FILE }

    private final String basePath;
    private final Style style;
    private final List<String> notes;
    private final String file;

    private AstroConfig(String basePath, Style style, List<String> notes, String file) {
        this.basePath = basePath;
        this.style = style;
        this.notes = List.copyOf(notes);
        this.file = file;
    }

    /** The config of the Astro project at {@code site} (the folder holding astro.config.*). */
    static AstroConfig read(Path site) {
        return ConfigFile.read(site, "astro.config", "").map(AstroConfig::of)
                .orElseGet(() -> new AstroConfig("", Style.SLASH, List.of(), ""));
    }

    /** The settings of a config file {@code config}. */
    static AstroConfig of(ConfigFile config) {
        String base = ConfigFile.basePath(config.string("base", "/"));
        String slash = config.string("trailingSlash", "ignore").toLowerCase(Locale.ROOT);
        String format = config.string("build", "format", "directory").toLowerCase(Locale.ROOT);
        if (!List.of("always", "never", "ignore").contains(slash)) {
            config.note("trailingSlash '" + slash + "' is not one Astro accepts: read as 'ignore'");
        }
        if (!List.of("directory", "file", "preserve").contains(format)) {
            config.note("build.format '" + format + "' is not one Astro accepts: read as 'directory'");
        }
        Style style = format.equals("file") ? Style.HTML_FILE : slash.equals("never") ? Style.NO_SLASH : Style.SLASH;
        return new AstroConfig(base, style, config.notes(), config.name());
    }

    /** The path the site is deployed under ("/docs"), "" for the host's root. */
    String basePath() {
        return basePath;
    }

    /** How page URLs end. */
    Style style() {
        return style;
    }

    /** Settings the config computes, which docask did not read. */
    List<String> notes() {
        return notes;
    }

    /** The config file's name, "" when the site has none. */
    String file() {
        return file;
    }
}
