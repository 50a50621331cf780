package dev.docask.ingest.internal;

import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A name for a site when neither {@code --site-name} nor the site's config gives one
 * ({@code SiteReader.siteName}): the base URL's host without "www."/"docs.", capitalised, else the folder's name;
 * empty when neither gives one. {@code docask index} and {@code IndexBuilder.build} name a site alike (the builder has
 * the base URL only). An empty name is recorded as such: how an unnamed site reads in answers ("on this site") is the
 * answer package's to decide.
 */
public final class SiteNames {
    private SiteNames() {
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
