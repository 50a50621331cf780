package dev.docask.cli;

import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A name for a site when neither {@code --site-name} nor the site's config gives one
 * ({@code SiteReader.siteName}): the base URL's host without "www."/"docs.",
 * else the folder's name, capitalised; empty when neither gives one. An empty name is recorded as
 * such: how an unnamed site reads in answers ("on this site") is the answer package's to decide.
 */
final class SiteNames {
    private SiteNames() {
    }

    static String fromBaseUrl(String baseUrl, Path folder) {
        String host = null;
        try {
            host = baseUrl.isBlank() ? null : URI.create(baseUrl).getHost();
        } catch (IllegalArgumentException ignored) {
            // fall back to the folder name
        }
        Path folderName = folder.toAbsolutePath().normalize().getFileName();
        String name = host != null ? host.replaceFirst("^(www|docs)\\.", "").replaceFirst("\\.[a-z]+$", "")
                : folderName == null ? "" : folderName.toString();
        return name.isEmpty() ? "" : name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
    }
}
