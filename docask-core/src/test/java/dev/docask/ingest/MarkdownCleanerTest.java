package dev.docask.ingest;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MarkdownCleanerTest {

    private static String mdx(String source) {
        return new MarkdownCleaner(true).clean(source);
    }

    private static String md(String source) {
        return new MarkdownCleaner(false).clean(source);
    }

    @Test
    void clean_escapedPipeInATableCell_staysEscapedSoTheRowKeepsItsCells() {
        String out = mdx("""
                | Name | Type |
                | --- | --- |
                | `defaultMode` | <code>'light' \\| 'dark'</code> |

                Outside a table a \\| is a pipe.
                """);
        assertThat(out).isEqualTo("""
                | Name | Type |
                | --- | --- |
                | `defaultMode` | 'light' \\| 'dark' |

                Outside a table a | is a pipe.""");
    }

    @Test
    void clean_exportThatNeverCloses_dropsItsLineOnly_andKeepsThePage() {
        String out = mdx("""
                export const a = {

                # Retries

                The relay retries a failed delivery eight times.
                """);
        assertThat(out).contains("# Retries").contains("The relay retries a failed delivery eight times.")
                .doesNotContain("export");
    }

    @Test
    void clean_importAndExportLines_removedEvenWhenMultiLine() {
        String out = mdx("""
                import Tabs from '@theme/Tabs';
                import {
                  FileTree,
                  Steps,
                } from '@astrojs/starlight/components';
                export const Highlight = ({children}) => (
                  <span style={{color: 'red'}}>{children}</span>
                );

                Prose stays.
                """);
        assertThat(out).isEqualTo("Prose stays.");
    }

    @Test
    void clean_jsxTags_removedWithTheirTextKept() {
        String out = mdx("""
                <Tabs groupId="pm">
                  <TabItem value="npm" label="npm">
                    Install with npm.
                  </TabItem>
                </Tabs>

                <ReadMore>Read the <a href="/x">guide</a> first.</ReadMore>

                <Since v="4.2.0" />
                <Card
                  title="Multi-line"
                  href="/somewhere"
                >
                  Card body.
                </Card>
                """);
        assertThat(out).doesNotContain("<", ">", "TabItem", "groupId", "href");
        assertThat(out).contains("Install with npm.", "Read the guide first.", "Card body.");
    }

    @Test
    void clean_characterReferencesInProse_decoded_butNotInCode() {
        String out = mdx("""
                Returns <code>Promise&lt;Array&lt;Entry&gt;&gt;</code> &amp; more &#169; &#x7B;x&#125; &colon;
                Literal `&lt;T&gt;` in code, and &notanentity; stays.

                ```html
                <p>&lt;b&gt;</p>
                ```
                """);
        assertThat(out).contains("Returns Promise<Array<Entry>> & more © {x} :")
                .contains("`&lt;T&gt;`")
                .contains("&notanentity; stays")
                .contains("<p>&lt;b&gt;</p>");
    }

    @Test
    void clean_codeFences_keptWholeWithTheirMarkup() {
        String source = """
                Before.

                ```jsx title="App.jsx"
                import React from 'react';
                <div className="x">{value}</div>
                <!-- not a comment here -->
                ```

                After.
                """;
        assertThat(mdx(source)).contains("import React from 'react';\n<div className=\"x\">{value}</div>\n<!-- not a comment here -->")
                .startsWith("Before.").endsWith("After.");
    }

    @Test
    void clean_indentedFenceInsideComponent_keptWhole() {
        String out = mdx("""
                <TabItem value="yarn">
                  ```bash
                  yarn add x
                  ```
                </TabItem>
                """);
        assertThat(out).isEqualTo("```bash\n  yarn add x\n  ```");
    }

    @Test
    void clean_admonitions_keepTitleAndContent() {
        String out = mdx("""
                :::tip

                Use the cache.

                :::

                ::: warning Careful
                Do not do that.
                :::

                :::note[Have a resource to share?]
                Open a PR.
                :::
                """);
        assertThat(out).doesNotContain(":::");
        assertThat(out).contains("**Tip:**", "Use the cache.", "**Warning: Careful**", "Do not do that.",
                "**Note: Have a resource to share?**", "Open a PR.");
    }

    @Test
    void clean_unknownContainer_markerDroppedContentKept() {
        assertThat(md("::: code-group\n```sh\nnpm i\n```\n:::")).isEqualTo("```sh\nnpm i\n```");
    }

    @Test
    void clean_htmlAndMdxComments_dropped() {
        String out = mdx("Keep <!-- hidden\nacross lines --> this. {/* mdx comment */} And this.");
        assertThat(out).isEqualTo("Keep  this.  And this.");
    }

    @Test
    void clean_inlineCode_keptVerbatim() {
        assertThat(mdx("Use the `<Link>` component or `{props}`.")).isEqualTo("Use the `<Link>` component or `{props}`.");
    }

    @Test
    void clean_links_reducedToTheirText() {
        assertThat(md("See [the `vi.mock` docs](/api/vi#vi-mock \"title\") and ![logo](/logo.png).\n\n[ref]: https://x.dev"))
                .isEqualTo("See the `vi.mock` docs and logo.");
    }

    @Test
    void clean_vueScriptSetup_removed() {
        String out = md("<script setup>\nimport Home from './Home.vue'\nconst x = 1\n</script>\n\n<Home />\n\nText.");
        assertThat(out).isEqualTo("Text.");
    }

    @Test
    void clean_markdownFileProseStartingWithImport_kept() {
        assertThat(md("import the module before use.")).isEqualTo("import the module before use.");
    }

    @Test
    void clean_typeParametersInProse_notMistakenForTags() {
        assertThat(md("Returns Promise<Response> or Array<string>.")).isEqualTo("Returns Promise<Response> or Array<string>.");
    }

    @Test
    void clean_htmlGluedToWords_removed() {
        assertThat(md("Serverless, Static<br/> and (item: <a href=\"/x\">SitemapItem</a>)"))
                .isEqualTo("Serverless, Static and (item: SitemapItem)");
    }

    @Test
    void clean_mdxStringExpression_keptAsText() {
        assertThat(mdx("Use {'<'} carefully.")).isEqualTo("Use < carefully.");
    }

    @Test
    void clean_headingWithBadgeAndExplicitId_badgeDroppedIdKept() {
        assertThat(md("## coverage.instrumenter <Version type=\"experimental\">4.1.5</Version> {#coverage-instrumenter}"))
                .isEqualTo("## coverage.instrumenter {#coverage-instrumenter}");
    }

    @Test
    void clean_autolink_keptAsUrl() {
        assertThat(md("Visit <https://example.dev/docs> now.")).isEqualTo("Visit https://example.dev/docs now.");
    }

    @Test
    void clean_blankLineRuns_collapsedToOne() {
        assertThat(md("a\n\n\n\nb")).isEqualTo("a\n\nb");
    }

    @Test
    void clean_vueInterpolation_droppedInMarkdown() {
        assertThat(md("Version {{ version }} is out.")).isEqualTo("Version  is out.");
    }

    @Test
    void clean_indentationFromComponents_removedButListNestingKept() {
        assertThat(mdx("<Card>\n    Nested prose.\n</Card>\n\n- item\n  - child")).isEqualTo("Nested prose.\n\n- item\n  - child");
    }

    /** Text that counts how often it is read: a regex's work, without a clock. */
    private static final class CountingText implements CharSequence {
        private final String text;
        private long reads;

        CountingText(String text) {
            this.text = text;
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public char charAt(int index) {
            reads++;
            return text.charAt(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            reads += end - start;
            return text.subSequence(start, end);
        }

        @Override
        public String toString() {
            return text;
        }
    }

    @Test
    void unlink_unclosedBracketsAndLinkOpeners_readInLinearWork() {
        for (String unit : new String[] {"[", "[a](", "![a](", "![", "[a]["}) {
            CountingText text = new CountingText(unit.repeat(20_000));
            MarkdownCleaner.unlink(text);
            // Each opener rescanning the rest of the page would read it about 10^8 times.
            assertThat(text.reads).as(unit).isLessThan(50L * text.length());
        }
    }

    @Test
    void unlink_linksNextToStrayBrackets_stillReduced() {
        assertThat(MarkdownCleaner.unlink("[a [b](https://x.dev/b) and ![img](i.png) and [c][ref]"))
                .isEqualTo("[a b and img and c");
    }

    @Test
    void clean_unclosedOpenersRepeated_lookaheadStaysWithinBudget() {
        for (String unit : new String[] {"{", "{'", "<a {", "{#", "{{"}) {
            for (boolean mdx : new boolean[] {true, false}) {
                String text = unit.repeat(20_000);
                InlineScanner scanner = new InlineScanner(text, mdx);
                scanner.scan();
                assertThat(scanner.lookedAhead()).as(unit + " mdx=" + mdx)
                        .isLessThanOrEqualTo((InlineScanner.LOOKAHEAD_PER_CHAR + 1L) * text.length() + 2);
            }
        }
    }

    @Test
    void clean_headingWithManyUnclosedElements_keepsItsText() {
        String out = md("# Title " + "<a>".repeat(20_000) + " end");
        assertThat(out).startsWith("# Title").endsWith("end");
    }
}
