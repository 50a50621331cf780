package dev.docask.cli;

import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;

/** A display name for a site when none is given: the base URL's host without "www."/"docs.", capitalised. */
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
        String name = host != null ? host.replaceFirst("^(www|docs)\\.", "").replaceFirst("\\.[a-z]+$", "")
                : folder.toAbsolutePath().normalize().getFileName().toString();
        return name.isEmpty() ? "this site" : name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
    }
}
