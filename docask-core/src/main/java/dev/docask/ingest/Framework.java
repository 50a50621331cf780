package dev.docask.ingest;

import java.util.Arrays;
import java.util.Locale;

/**
 * The documentation frameworks whose routing docask reproduces.
 *
 * <pre>{@code
 * Framework f = Framework.requireByName("starlight");          // STARLIGHT; the message lists the names on a typo
 * IngestOptions o = new IngestOptions("https://docs.astro.build", f, 1200, 150, List.of());
 * }</pre>
 */
public enum Framework {
    DOCUSAURUS, VITEPRESS, STARLIGHT, MKDOCS, HTML, MARKDOWN;

    /** The name used on the command line, e.g. {@code starlight}. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a {@code --framework} value; the message lists the accepted names. */
    public static Framework requireByName(String name) {
        for (Framework f : values()) {
            if (f.cliName().equalsIgnoreCase(name.trim())) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown framework '" + name + "'; expected one of "
                + Arrays.stream(values()).map(Framework::cliName).toList());
    }
}
