package dev.docask.ingest.internal;

import org.jsoup.nodes.Document;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/*
 * Built pages name their product in each <title> ("Getting started | Quayside", Docusaurus's and
 * VitePress's default template) or in og:site_name, and that beats the host (docs.quayside.dev,
 * quayside.netlify.app). One page's title can still mislead ("Home | Welcome"), so a name counts only
 * when more than half of the pages read claim it, more of them than any other claim, and a site of
 * several pages needs two pages to agree.
 */

/**
 * A name for a site when neither {@code --site-name} nor the site's config gives one
 * ({@code SiteReader.siteName}): what the built pages' titles and {@code og:site_name} agree on
 * ({@link #agreed}), else the base URL's host without "www."/"docs.", capitalised, else the folder's name;
 * empty when none gives one. The reader and the crawl put the site's own name in the corpus ({@code Corpus.siteName}),
 * and {@code IndexBuilder.build} falls back to the host: {@code docask index} and a library build name a site alike. An empty name is recorded as such: how an unnamed site reads in answers ("on this site") is the
 * answer package's to decide.
 */
public final class SiteNames {
    private SiteNames() {
    }

    private static final Pattern TITLE_SEPARATOR = Pattern.compile("\\s+[|\\-\u2013\u2014\u00b7\u00bb:]{1,2}\\s+");
    private static final int MAX_LENGTH = 60;

    /**
     * The names one built page gives its site: its {@code og:site_name}, else the first and last part of a
     * {@code <title>} cut at a separator ("Mocking | Quayside" claims "Mocking" and "Quayside"); none for a
     * title without one.
     */
    public static List<String> claims(Document page) {
        String og = page.select("meta[property=og:site_name]").attr("content").strip();
        if (!og.isEmpty()) {
            return og.length() > MAX_LENGTH ? List.of() : List.of(og);
        }
        String[] parts = TITLE_SEPARATOR.split(page.title().strip());
        if (parts.length < 2) {
            return List.of();
        }
        Set<String> out = new LinkedHashSet<>();
        for (String part : List.of(parts[0].strip(), parts[parts.length - 1].strip())) {
            if (!part.isEmpty() && part.length() <= MAX_LENGTH) {
                out.add(part);
            }
        }
        return List.copyOf(out);
    }

    /** The name that more than half of the pages claim ({@link #claims}), and more pages than any other; see the rule above. */
    public static Optional<String> agreed(Collection<List<String>> claimsPerPage) {
        Map<String, Integer> votes = new LinkedHashMap<>();
        claimsPerPage.forEach(page -> new LinkedHashSet<>(page).forEach(name -> votes.merge(name, 1, Integer::sum)));
        int pages = claimsPerPage.size();
        int most = votes.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        List<String> top = new ArrayList<>();
        votes.forEach((name, n) -> {
            if (n == most) {
                top.add(name);
            }
        });
        boolean enough = most * 2 > pages && (most >= 2 || pages == 1);
        return enough && top.size() == 1 ? Optional.of(top.get(0)) : Optional.empty();
    }

    /** The base URL's host as a name ("Quayside" for {@code https://docs.quayside.dev}), else {@code folder}'s name. */
    public static String fromBaseUrl(String baseUrl, Path folder) {
        String host = host(baseUrl);
        Path folderName = folder.toAbsolutePath().normalize().getFileName();
        return capitalised(host != null ? host : folderName == null ? "" : folderName.toString());
    }

    /** The base URL's host as a name; empty without one. */
    public static String fromBaseUrl(String baseUrl) {
        String host = host(baseUrl);
        return capitalised(host == null ? "" : host);
    }

    private static @org.jspecify.annotations.Nullable String host(String baseUrl) {
        try {
            String host = baseUrl.isBlank() ? null : URI.create(baseUrl).getHost();
            return host == null ? null : host.replaceFirst("^(www|docs)\\.", "").replaceFirst("\\.[a-z]+$", "");
        } catch (IllegalArgumentException ignored) {
            return null; // no host to name it by
        }
    }

    private static String capitalised(String name) {
        return name.isEmpty() ? "" : name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
    }
}
