package dev.docask.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The test sites every module's tests share: the bundled {@code samples/} docs (a small fictional
 * product, 54 chunks) and the questions written for them. Tests run from their module's folder, so
 * the repository root is found by walking up to the folder that holds {@code samples/} and {@code mvnw}.
 */
public final class TestSites {
    /** The base URL the samples are published at. */
    public static final String SAMPLES_BASE_URL = "https://docs.quayside.dev";

    private TestSites() {
    }

    /** The repository's root folder. */
    public static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("samples/README.md")) && Files.isRegularFile(p.resolve("mvnw"))) {
                return p;
            }
        }
        throw new IllegalStateException("no samples/ folder above " + Path.of("").toAbsolutePath());
    }

    /** The bundled sample docs, {@code samples/}. */
    public static Path samples() {
        return root().resolve("samples");
    }

    /** The shared data folder beside the repository ({@code ../shared/data}); it may be missing. */
    public static Path sharedData() {
        return root().resolve("../shared/data").normalize();
    }

    /** The lines of {@code samples-questions.jsonl}: questions about the samples, with the pages that answer them. */
    public static List<String> samplesQuestions() {
        try (InputStream in = TestSites.class.getResourceAsStream("/samples-questions.jsonl")) {
            if (in == null) {
                throw new IllegalStateException("samples-questions.jsonl is not on the test class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
