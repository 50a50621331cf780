package dev.docask.ingest;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import com.google.errorprone.annotations.CheckReturnValue;
import org.jspecify.annotations.Nullable;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.FileSystems;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.PatternSyntaxException;

/**
 * How to read a documentation folder.
 *
 * <pre>{@code
 * IngestOptions o = IngestOptions.defaults("https://vitest.dev");   // framework detected, 1200 / 150 characters
 * IngestOptions mine = new IngestOptions("https://vitest.dev", Framework.VITEPRESS, 800, 100, List.of("drafts/**"));
 * }</pre>
 *
 * @param baseUrl      public site root, an absolute http(s) URL such as {@code https://vitest.dev}; page paths
 *                     are appended to it. Blank means none: sources cite site-relative paths
 * @param framework    the framework, or {@code null} to detect it from the folder
 * @param chunkSize    longest chunk text in characters (default 1200)
 * @param chunkOverlap characters repeated between consecutive pieces of a long section (default 150)
 * @param ignore       glob patterns (relative to the folder) of files to leave out; each must be a
 *                     valid {@link java.nio.file.FileSystem#getPathMatcher glob}
 */
@CheckReturnValue
public record IngestOptions(String baseUrl, @Nullable Framework framework, int chunkSize, int chunkOverlap,
                            List<String> ignore) {

    public static final int DEFAULT_CHUNK_SIZE = 1200;
    public static final int DEFAULT_CHUNK_OVERLAP = 150;

    public IngestOptions {
        baseUrl = baseUrl == null || baseUrl.isBlank() ? "" : requireBaseUrl("baseUrl", baseUrl.strip()).replaceAll("/+$", "");
        ignore = ignore == null ? List.of() : ignore;
        ignore.forEach(g -> requireGlob("ignore", g));
        ignore = List.copyOf(ignore);
        if (chunkSize < 200) {
            throw new IllegalArgumentException("chunkSize must be at least 200, got " + chunkSize);
        }
        if (chunkOverlap < 0 || chunkOverlap >= chunkSize / 2) {
            throw new IllegalArgumentException("chunkOverlap must be between 0 and chunkSize/2, got " + chunkOverlap);
        }
    }

    /**
     * Defaults for a site served at {@code baseUrl}, framework detected.
     *
     * @throws IllegalArgumentException if {@code baseUrl} is neither blank nor an absolute http(s) URL with a host
     */
    public static IngestOptions defaults(String baseUrl) {
        return new IngestOptions(baseUrl, null, DEFAULT_CHUNK_SIZE, DEFAULT_CHUNK_OVERLAP, List.of());
    }

    /**
     * {@code url} if it can be a site root (an absolute http(s) URL with a host, no query or fragment),
     * else an {@link IllegalArgumentException} whose message starts with {@code name} and quotes {@code url}.
     *
     * <pre>{@code
     * IngestOptions.requireBaseUrl("baseUrl", "notaurl");
     * // --base-url 'notaurl' is not an absolute http(s) URL such as https://vitest.dev: it does not start with http:// or https://
     * }</pre>
     */
    @CanIgnoreReturnValue // also called only to check
    public static String requireBaseUrl(String name, String url) {
        String problem;
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            problem = !scheme.equals("http") && !scheme.equals("https") ? "it does not start with http:// or https://"
                    : uri.getHost() == null ? "it has no host"
                    : uri.getRawQuery() != null || uri.getRawFragment() != null ? "a site root has no ?query or #fragment"
                    : null;
        } catch (URISyntaxException e) {
            problem = "it is not a valid URL (" + e.getReason() + ")";
        }
        if (problem != null) {
            throw new IllegalArgumentException(name + " '" + url + "' is not an absolute http(s) URL such as"
                    + " https://vitest.dev: " + problem);
        }
        return url;
    }

    /**
     * {@code glob} if it compiles as a {@link java.nio.file.FileSystem#getPathMatcher glob}, else an
     * {@link IllegalArgumentException} whose message starts with {@code name} and quotes {@code glob}.
     *
     * <pre>{@code
     * IngestOptions.requireGlob("ignore", "[a-");
     * // --ignore '[a-': not a valid glob: Missing '] near index 3
     * }</pre>
     */
    @CanIgnoreReturnValue // also called only to check
    public static String requireGlob(String name, String glob) {
        Objects.requireNonNull(glob, name);
        try {
            FileSystems.getDefault().getPathMatcher("glob:" + glob);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(name + " '" + glob + "': not a valid glob: " + e.getDescription()
                    + (e.getIndex() >= 0 ? " near index " + e.getIndex() : ""), e);
        }
        return glob;
    }
}
