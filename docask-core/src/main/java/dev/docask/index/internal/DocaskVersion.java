package dev.docask.index.internal;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The version of docask that is running, as Maven wrote it into {@code docask.properties} when it built the jar: what
 * {@code docask --version} prints; {@link #build()} is what a manifest records as the build that wrote it.
 */
public final class DocaskVersion {
    static final String RESOURCE = "docask.properties";
    static final String UNKNOWN = "unknown";
    private static final Properties PROPERTIES = load();
    private static final String VERSION = value("version");
    private static final String BUILD = VERSION.endsWith("-SNAPSHOT") && !value("built").equals(UNKNOWN)
            ? VERSION + "+" + value("built") : VERSION;

    private DocaskVersion() {
    }

    /**
     * The project version, e.g. {@code 0.2.0-SNAPSHOT}; {@code unknown} where the resource was not filtered (classes
     * compiled by an IDE without Maven), so that a library call never fails for want of it.
     */
    public static String version() {
        return VERSION;
    }

    /**
     * What a manifest records as the docask that wrote it: the version of a release, e.g. {@code 0.2.0}; a snapshot's
     * with the time its jar was built as build metadata, e.g. {@code 0.2.0-SNAPSHOT+20261206T124003Z}, since two builds of one
     * snapshot may read pages and measure gates differently (docs/reliability.md, "A build with nothing to do writes
     * nothing").
     */
    public static String build() {
        return BUILD;
    }

    /** Whether {@link #version()} is the build's: the CLI's version option refuses to print anything else. */
    public static boolean known() {
        return !VERSION.equals(UNKNOWN);
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = DocaskVersion.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            p.clear();
        }
        return p;
    }

    private static String value(String key) {
        String v = PROPERTIES.getProperty(key, "").strip();
        return v.isEmpty() || v.contains("${") ? UNKNOWN : v;
    }
}
