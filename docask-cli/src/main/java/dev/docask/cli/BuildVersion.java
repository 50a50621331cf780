package dev.docask.cli;

import dev.docask.index.internal.DocaskVersion;
import picocli.CommandLine.IVersionProvider;

/** {@code docask --version}: the version Maven wrote into the jar when it built it ({@link DocaskVersion}). */
final class BuildVersion implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"docask " + version()};
    }

    /** The project version, e.g. {@code 0.2.0-SNAPSHOT}. */
    static String version() {
        if (!DocaskVersion.known()) {
            throw new IllegalStateException("the docask jar holds no built version; rebuild it with ./mvnw package");
        }
        return DocaskVersion.version();
    }
}
