package dev.docask.cli;

import picocli.CommandLine.IVersionProvider;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** {@code docask --version}: the version Maven wrote into {@code docask.properties} when it built the jar. */
final class BuildVersion implements IVersionProvider {
    static final String RESOURCE = "docask.properties";

    @Override
    public String[] getVersion() {
        return new String[] {"docask " + version()};
    }

    /** The project version, e.g. {@code 0.2.0-SNAPSHOT}. */
    static String version() {
        Properties p = new Properties();
        try (InputStream in = BuildVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the docask jar; rebuild it with ./mvnw package");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE + " from the docask jar", e);
        }
        String v = p.getProperty("version", "");
        if (v.isBlank() || v.contains("${")) {
            throw new IllegalStateException(RESOURCE + " holds no built version ('" + v + "'); rebuild with ./mvnw package");
        }
        return v.strip();
    }
}
