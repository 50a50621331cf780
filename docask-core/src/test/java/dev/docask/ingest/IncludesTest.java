package dev.docask.ingest;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class IncludesTest {

    private final Includes includes = new Includes(Map.of(
            "guide/cli.md", "# CLI\n\n<!--@include: ./cli-generated.md-->\n\nEnd.",
            "guide/cli-generated.md", "---\ntitle: hidden\n---\n### root\n\nRoot path",
            "guide/migration.md", "Before\n<!--@include: ./examples/done.md{2,3}-->\nAfter",
            "guide/examples/done.md", "line1\nline2\nline3\nline4",
            "loop.md", "a <!--@include: ./loop.md--> b"));

    @Test
    void targets_includedFiles_resolvedRelativeToTheIncluder() {
        assertThat(includes.targets()).containsExactlyInAnyOrder("guide/cli-generated.md", "guide/examples/done.md", "loop.md");
    }

    @Test
    void expand_include_replacedByBodyWithoutFrontMatter() {
        assertThat(includes.expand("guide/cli.md", "# CLI\n\n<!--@include: ./cli-generated.md-->\n\nEnd."))
                .isEqualTo("# CLI\n\n### root\n\nRoot path\n\nEnd.");
    }

    @Test
    void expand_lineRange_onlyThoseLines() {
        assertThat(includes.expand("guide/migration.md", "Before\n<!--@include: ./examples/done.md{2,3}-->\nAfter"))
                .isEqualTo("Before\nline2\nline3\nAfter");
    }

    @Test
    void expand_selfInclude_stopsAtDepthLimit() {
        assertThat(includes.expand("loop.md", "a <!--@include: ./loop.md--> b")).startsWith("a a a").endsWith("b b b");
    }

    @Test
    void expand_missingFile_dropsTheDirective() {
        assertThat(includes.expand("x.md", "a<!--@include: ./nope.md-->b")).isEqualTo("ab");
    }

    @Test
    void resolve_parentAndSiteRootPaths() {
        assertThat(Includes.resolve("blog/post.md", "../guide/x.md")).isEqualTo("guide/x.md");
        assertThat(Includes.resolve("a/b/c.md", "@/shared/x.md")).isEqualTo("shared/x.md");
    }

    @Test
    void expand_mdxPartialImport_replacedOutsideCodeOnly() {
        Includes mdx = new Includes(Map.of(
                "guides/_partial.mdx", "---\nx: 1\n---\n### Tags file\n\nPartial body.",
                "guides/page.mdx", ""));
        String page = "import Part from './_partial.mdx';\n\n<Part />\n\n```mdx\n<Part />\n```";
        String out = mdx.expand("guides/page.mdx", page);
        assertThat(out).contains("\n### Tags file\n\nPartial body.\n").endsWith("```mdx\n<Part />\n```");
        assertThat(mdx.targets()).isEmpty();
    }
}
