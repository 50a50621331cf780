package dev.docask.ingest;

import dev.docask.testsupport.FuzzText;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Every parser a page goes through (front matter, Markdown/MDX sections and cleaning, HTML) on
 * hostile text: a page either gives chunks or is a reported problem (IllegalArgumentException, which
 * SiteReader turns into one); nothing else escapes. Tries per property: docs/reliability.md.
 */
class PagesFuzzTest {
    static final int TRIES = 2000;

    @Property(tries = TRIES)
    void markdownPage_anyText_givesChunksOrAProblem(@ForAll("markdown") String text) {
        readsOrIsAProblem(Framework.MARKDOWN, "guide/page.md", text);
    }

    @Property(tries = TRIES)
    void mdxPage_anyText_givesChunksOrAProblem(@ForAll("markdown") String text) {
        readsOrIsAProblem(Framework.DOCUSAURUS, "docs/page.mdx", text);
    }

    @Property(tries = TRIES)
    void frontMatter_anyYaml_givesValuesOrAProblem(@ForAll("yaml") String yaml) {
        readsOrIsAProblem(Framework.STARLIGHT, "src/content/docs/page.md", "---\n" + yaml + "\n---\n# Title\n\nBody text.\n");
    }

    @Property(tries = TRIES)
    void htmlPage_anyText_givesChunksOrAProblem(@ForAll("html") String text) {
        readsOrIsAProblem(Framework.HTML, "guide/page.html", text);
    }

    @Provide
    Arbitrary<String> markdown() {
        return FuzzText.of(FuzzText.MARKDOWN, 300);
    }

    @Provide
    Arbitrary<String> html() {
        return FuzzText.of(FuzzText.HTML, 300);
    }

    @Provide
    Arbitrary<String> yaml() {
        return FuzzText.of(List.of("a", "b", ":", ": ", "\n", "  ", "- ", "[", "]", "{", "}", ",", "&x ", "*x", "!!str ",
                "!!binary ", "|", ">", "'", "\"", "#", "---", "...", "? ", "%YAML 1.2\n", "<<: *x", "\t", "\u0000", "é",
                "title", "tags", "draft", "true", "null", "~", "1e9", "0x1F"), 120);
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
