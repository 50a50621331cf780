package dev.docask.testsupport;

import dev.docask.ingest.Chunk;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The test sites every module's tests share: the bundled {@code samples/} docs (a small fictional
 * product, 54 chunks) and the questions written for them; a three-chunk Vitest site made by hand, for
 * tests that need an index or sources and a model to ask about them ({@link #VITEST}); a folder of
 * mixed page kinds ({@link #writeMixedFolder(Path)}). Tests run from their module's folder, so the
 * repository root is found by walking up to the folder that holds {@code samples/} and {@code mvnw}.
 */
public final class TestSites {
    /** The base URL the samples are published at. */
    public static final String SAMPLES_BASE_URL = "https://docs.quayside.dev";

    /** Vitest's page on mocking, its section on modules. */
    public static final Chunk MOCKING = new Chunk("https://vitest.dev/guide/mocking#modules", "Mocking", "Mocking › Modules",
            "Use vi.mock to replace a module with a mock. The call is hoisted to the top of the file. "
                    + "Pass a factory to return your own implementation of the module.",
            "guide/mocking.md", Map.of());
    /** The same page, its section on fake timers. */
    public static final Chunk TIMERS = new Chunk("https://vitest.dev/guide/mocking#timers", "Mocking", "Mocking › Timers",
            "Call vi.useFakeTimers to control time in tests. Advance the clock with vi.advanceTimersByTime.",
            "guide/mocking.md", Map.of());
    /** Vitest's config page, the environment option. */
    public static final Chunk CONFIG = new Chunk("https://vitest.dev/config/#environment", "Config", "environment",
            "The environment option sets the test environment, for example jsdom or node.",
            "config/index.md", Map.of());
    /** The hand-made Vitest site: {@link #MOCKING}, {@link #TIMERS}, {@link #CONFIG}. */
    public static final List<Chunk> VITEST = List.of(MOCKING, TIMERS, CONFIG);

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

    /**
     * Writes two Markdown pages ({@code a.md} "Alpha text.", {@code d.mdx} "Delta text.") and one HTML
     * page ({@code sub/c.html} "Gamma text.") into {@code dir}: a folder whose framework must be guessed.
     */
    public static void writeMixedFolder(Path dir) throws IOException {
        Files.createDirectories(dir.resolve("sub"));
        Files.writeString(dir.resolve("a.md"), "# A\n\nAlpha text.");
        Files.writeString(dir.resolve("d.mdx"), "# D\n\nDelta text.");
        Files.writeString(dir.resolve("sub/c.html"), "<html><body><main><h1>C</h1><p>Gamma text.</p></main></body></html>");
    }

    /** The question texts of {@code samples-questions.jsonl}, in order. */
    public static List<String> samplesQuestionTexts() {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        return samplesQuestions().stream().map(line -> {
            try {
                return json.readTree(line).get("question").asText();
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException("samples-questions.jsonl: " + e.getMessage(), e);
            }
        }).toList();
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
