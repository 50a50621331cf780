package dev.docask.testsupport;

import java.util.List;
import java.util.Random;

/**
 * Generators of hostile text for the fuzz tests (docs/reliability.md): runs of the syntax a parser
 * reacts to, mixed with any Unicode (lone surrogates, NUL, BOM, RTL marks), so that most inputs
 * reach deep into the parser instead of stopping at the first unknown character. Every generator
 * draws from the seeded {@link Random} it is given, so a run is replayed from its seed ({@link Fuzz}).
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

    /**
     * Characters that break text handling: NUL and other controls, line ends, a BOM, bidi marks,
     * zero-width characters, lone and paired surrogates, noncharacters, quotes and escapes.
     */
    private static final String NASTY = "\u0000\u0001\u0007\u0008\t\n\u000B\f\r\u001B\u007F\u0085\u00A0\u00AD\u00E9"
            + "\u200B\u200D\u200E\u200F\u2028\u2029\u202A\u202E\u2066\uFEFF\uFFFD\uFFFE\uFFFF\uD800\uDBFF\uDC00\uDFFF"
            + "\uD83D\uDE00\"'\\/<>&{}[]:;#*_`|~ ";

    private FuzzText() {
    }

    /**
     * Up to {@code maxTokens} tokens of {@code syntax} (5 in 8), up to {@code maxTokens} pieces that are
     * each a token or up to 3 arbitrary characters (2 in 8), or up to {@code maxTokens * 4} arbitrary
     * characters (1 in 8).
     */
    public static String of(Random random, List<String> syntax, int maxTokens) {
        int pick = random.nextInt(8);
        StringBuilder text = new StringBuilder();
        if (pick < 5) {
            for (int i = size(random, maxTokens); i > 0; i--) {
                text.append(oneOf(random, syntax));
            }
            return text.toString();
        }
        if (pick < 7) {
            for (int i = size(random, maxTokens); i > 0; i--) {
                text.append(random.nextBoolean() ? oneOf(random, syntax) : anyString(random, 3));
            }
            return text.toString();
        }
        return anyString(random, maxTokens * 4);
    }

    /** Up to {@code maxLength} of any UTF-16 chars (lone surrogates too), often the nasty ones. */
    public static String anyString(Random random, int maxLength) {
        int length = size(random, maxLength);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append(anyChar(random));
        }
        return text.toString();
    }

    /** Up to {@code maxSize} random bytes (not UTF-8, mostly). */
    public static byte[] anyBytes(Random random, int maxSize) {
        byte[] bytes = new byte[size(random, maxSize)];
        random.nextBytes(bytes);
        return bytes;
    }

    /** One of {@code values}, uniformly. */
    public static <T> T oneOf(Random random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    /**
     * A size from 0 to {@code max}: the edges 0 and {@code max} 1 in 10 times, otherwise biased towards
     * small sizes (as shrinking-minded generators are), yet reaching {@code max}.
     */
    public static int size(Random random, int max) {
        if (max <= 0) {
            return 0;
        }
        int edge = random.nextInt(10);
        if (edge == 0) {
            return random.nextBoolean() ? 0 : max;
        }
        return random.nextInt(random.nextInt(max) + 2);
    }

    private static char anyChar(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> NASTY.charAt(random.nextInt(NASTY.length()));
            case 1 -> (char) (0x20 + random.nextInt(0x5F)); // printable ASCII
            default -> (char) random.nextInt(0x10000); // any char, surrogates and noncharacters too
        };
    }
}
