package dev.docask.ingest;

import java.net.URI;
import java.util.Optional;

/*
 * A site deployed under a path (a GitHub Pages project site at https://u.github.io/project/) says so in its config:
 * Docusaurus's `baseUrl`, VitePress's and Astro's `base`, the path of MkDocs's `site_url`. Its pages are served under
 * that path, so a citation must be too, and a user giving the host alone (--base-url https://u.github.io) should not
 * have to know it. The rule:
 * - a base URL with no path gets the config's base path, and the run says so in one line (a user who meant
 *   otherwise sees it);
 * - a base URL whose path already ends with it (https://u.github.io/project, as a re-index keeps from the index)
 *   gets nothing more;
 * - a base URL with another path is the user's word: it is kept, and the run says the config names another;
 * - no base URL (site-relative URLs) stays so: paths are relative to the site, wherever it is deployed.
 * The base URL the corpus records is the one its URLs start with, so a re-index's "up to date" check and the
 * other-site guard compare like with like (docs/design.md, "Ingest").
 */

/** Joins the base URL a run was given with the base path the site's config deploys it under. */
final class BasePath {

    /**
     * The base path a site's config sets.
     *
     * @param path    the path, percent-encoded, "/project" (never "" or "/": a site at the host's root has none)
     * @param setting the setting, as a note names it: {@code baseUrl}
     * @param file    the config file setting it: {@code docusaurus.config.ts}
     */
    record SiteBase(String path, String setting, String file) {
    }

    /** The base URL pages are cited under, and what a run should say about it. */
    record Joined(String baseUrl, Optional<String> note) {
    }

    private BasePath() {
    }

    /** The site base of a config whose base setting {@code key} in {@code file} reads as {@code path} ("" for none). */
    static Optional<SiteBase> of(String path, String key, String file) {
        return path.isEmpty() ? Optional.empty()
                : Optional.of(new SiteBase(new Route(path, null, null).encodedPath(), key, file));
    }

    /** {@code baseUrl} (as IngestOptions holds it: no trailing slash, "" for none) joined with the site's base. */
    static Joined join(String baseUrl, Optional<SiteBase> site) {
        if (site.isEmpty() || baseUrl.isEmpty()) {
            return new Joined(baseUrl, Optional.empty());
        }
        String base = site.get().path();
        String own = Optional.ofNullable(URI.create(baseUrl).getRawPath()).orElse("").replaceAll("/+$", "");
        if (own.isEmpty()) {
            return new Joined(baseUrl + base, Optional.of("URLs are under " + baseUrl + base + "/: " + site.get().file()
                    + " deploys the site there (" + site.get().setting() + "); a base URL with a path of its own is kept as given"));
        }
        if (own.equals(base) || own.endsWith(base)) {
            return new Joined(baseUrl, Optional.empty());
        }
        return new Joined(baseUrl, Optional.of(site.get().file() + " deploys the site under " + base + "/ ("
                + site.get().setting() + "), and the base URL " + baseUrl + " is kept as given"));
    }
}
