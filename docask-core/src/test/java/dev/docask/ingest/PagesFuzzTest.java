package dev.docask.ingest;

import dev.docask.testsupport.Fuzz;
import dev.docask.testsupport.FuzzText;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Every parser a page goes through (front matter, Markdown/MDX sections and cleaning, HTML) on
 * hostile text: a page either gives chunks or is a reported problem (IllegalArgumentException, which
 * SiteReader turns into one); nothing else escapes. Inputs come from a fixed seed per test, named in
 * a failure's message ({@link Fuzz}). Inputs per test: docs/reliability.md.
 */
class PagesFuzzTest {
    static final int TRIES = 2000;

    private static final List<String> YAML = List.of("a", "b", ":", ": ", "\n", "  ", "- ", "[", "]", "{", "}", ",", "&x ",
            "*x", "!!str ", "!!binary ", "|", ">", "'", "\"", "#", "---", "...", "? ", "%YAML 1.2\n", "<<: *x", "\t", "\u0000",
            "é", "title", "tags", "draft", "true", "null", "~", "1e9", "0x1F");

    @Test
    void markdownPage_anyText_givesChunksOrAProblem() {
        Fuzz.check(0x5EED_0101L, TRIES, PagesFuzzTest::markdown,
                text -> readsOrIsAProblem(Framework.MARKDOWN, "guide/page.md", text));
    }

    @Test
    void mdxPage_anyText_givesChunksOrAProblem() {
        Fuzz.check(0x5EED_0102L, TRIES, PagesFuzzTest::markdown,
                text -> readsOrIsAProblem(Framework.DOCUSAURUS, "docs/page.mdx", text));
    }

    @Test
    void frontMatter_anyYaml_givesValuesOrAProblem() {
        Fuzz.check(0x5EED_0103L, TRIES, PagesFuzzTest::yaml, yaml -> readsOrIsAProblem(Framework.STARLIGHT,
                "src/content/docs/page.md", "---\n" + yaml + "\n---\n# Title\n\nBody text.\n"));
    }

    @Test
    void htmlPage_anyText_givesChunksOrAProblem() {
        Fuzz.check(0x5EED_0104L, TRIES, PagesFuzzTest::html,
                text -> readsOrIsAProblem(Framework.HTML, "guide/page.html", text));
    }

    private static String markdown(Random random) {
        return FuzzText.of(random, FuzzText.MARKDOWN, 300);
    }

    private static String html(Random random) {
        return FuzzText.of(random, FuzzText.HTML, 300);
    }

    private static String yaml(Random random) {
        return FuzzText.of(random, YAML, 120);
    }

    static void readsOrIsAProblem(Framework framework, String file, String text) {
        PageReader reader = new PageReader(framework, new PageRouter(framework, Path.of("fuzz-site")),
                new IngestOptions("https://x.dev", framework, 400, 50, List.of()), new Includes(Map.of()));
        try {
            reader.read(file, text);
        } catch (IllegalArgumentException reported) {
            // a reported problem for this page
        }
    }
}
