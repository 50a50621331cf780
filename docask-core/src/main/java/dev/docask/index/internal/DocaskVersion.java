package dev.docask.index.internal;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The version of docask that is running, as Maven wrote it into {@code docask.properties} when it built the jar: what
 * {@code docask --version} prints and what a manifest records as the build that wrote it.
 */
public final class DocaskVersion {
    static final String RESOURCE = "docask.properties";
    private static final String VERSION = read();

    private DocaskVersion() {
    }

    /**
     * The project version, e.g. {@code 0.2.0-SNAPSHOT}; {@code unknown} where the resource was not filtered (classes
     * compiled by an IDE without Maven), so that a library call never fails for want of it.
     */
    public static String version() {
        return VERSION;
    }

    /** Whether {@link #version()} is the build's: the CLI's version option refuses to print anything else. */
    public static boolean known() {
        return !VERSION.equals(UNKNOWN);
    }

    static final String UNKNOWN = "unknown";

    private static String read() {
        Properties p = new Properties();
        try (InputStream in = DocaskVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return UNKNOWN;
            }
            p.load(in);
        } catch (IOException e) {
            return UNKNOWN;
        }
        String v = p.getProperty("version", "").strip();
        return v.isEmpty() || v.contains("${") ? UNKNOWN : v;
    }
}
