package dev.docask.testsupport;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

import java.util.List;

/**
 * Generators of hostile text for the fuzz tests (docs/reliability.md): runs of the syntax a parser
 * reacts to, mixed with any Unicode (lone surrogates, NUL, BOM, RTL marks), so that most inputs
 * reach deep into the parser instead of stopping at the first unknown character.
 */
public final class FuzzText {
    /** Markdown, MDX and front matter syntax. */
    public static final List<String> MARKDOWN = List.of("#", "## ", "###### ", "\n", "\n\n", "---\n", "---", "```", "```js\n",
            "~~~", "`", "*", "_", "**", "[", "]", "(", ")", "![", "](", "<", ">", "</", "/>", "div", "<details>",
            "<summary>", "{", "}", "{/* ", " */}", "import X from './x'\n", "export const a = {\n", "export default ",
            ":::", ":::note\n", ":::tip Title\n", "|", "| --- |", "-", "1. ", "- ", "> ", "    ", "\t", "$$", "\\", "&amp;",
            "&#", "<!--", "-->", " {#id}", "title: ", "slug: ", "id: ", "draft: true\n", ": ", "[[", "]]", "\u0000",
            "\uFEFF", "\u202E", "é", "\uD83D\uDE00", "\uD800", "\r\n", "\r", "https://x.dev/a", "<Tabs>",
            "<TabItem value=\"a\">", "</TabItem>", "=", "\"", "'", "a", "word ", "Heading", "&", ";", "@include", "<<<");

    /** HTML syntax. */
    public static final List<String> HTML = List.of("<", ">", "</", "/>", "<html>", "<head>", "<title>", "</title>",
            "<body>", "<main>", "<article>", "<h1>", "<h2 id=\"x\">", "</h2>", "<p>", "</p>", "<pre>", "<code>",
            "</code>", "</pre>", "<a href=\"", "\">", "</a>", "<table>", "<tr>", "<td>", "<ul>", "<li>", "<div>", "</div>",
            "<script>", "</script>", "<style>", "<!--", "-->", "<![CDATA[", "]]>", "&amp;", "&#x", "&", ";", "\"", "'",
            "=", " ", "\n", "text", "<meta name=\"robots\" content=\"noindex\">", "<link rel=\"canonical\" href=\"",
            "<meta charset=\"", "\u0000", "\uD800", "é", "<svg>", "<math>", "<template>", "<nav>", "<footer>");

    /** JSON syntax. */
    public static final List<String> JSON = List.of("{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\uD800", "0", "-1",
            "1e999", "true", "false", "null", " ", "\n", "\"question\"", "\"messages\"", "\"history\"", "\"role\"",
            "\"user\"", "\"assistant\"", "\"content\"", "\"parts\"", "\"text\"", "\"type\"", "\"id\"", "\"answerable\"",
            "\"expected_urls\"", "\"answers\"", "\"_id\"", "\"title\"", "\u0000", "\uD800", "é", "NaN", "/*", "//");

    private FuzzText() {
    }

    /** Up to {@code maxTokens} tokens of {@code syntax}, or up to {@code maxTokens * 4} arbitrary characters. */
    public static Arbitrary<String> of(List<String> syntax, int maxTokens) {
        Arbitrary<String> tokens = Arbitraries.of(syntax).list().ofMaxSize(maxTokens).map(l -> String.join("", l));
        Arbitrary<String> any = Arbitraries.strings().all().ofMaxLength(maxTokens * 4);
        Arbitrary<String> mixed = Arbitraries.oneOf(Arbitraries.of(syntax), Arbitraries.strings().all().ofMaxLength(3))
                .list().ofMaxSize(maxTokens).map(l -> String.join("", l));
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(5, tokens), net.jqwik.api.Tuple.of(2, mixed), net.jqwik.api.Tuple.of(1, any));
    }
}
