package dev.docask.mcp;

import dev.docask.ingest.Chunk;
import dev.docask.testsupport.TestIndexes;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.docask.testsupport.TestIndexes.chunk;
import static org.assertj.core.api.Assertions.assertThat;

/** fetch_page on a page longer than one call gives: it comes in parts, each saying where the next starts. */
class FetchPageTest {
    static final String LONG = "https://x.dev/guide/long";

    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", chunks());

    /** A page of 45 long sections: about 95,000 characters as rendered, three parts. */
    private static List<Chunk> chunks() {
        List<Chunk> out = new ArrayList<>();
        for (int i = 0; i < 45; i++) {
            StringBuilder text = new StringBuilder();
            for (int line = 0; line < 40; line++) {
                text.append("Section ").append(i).append(" line ").append(line).append(" says something about long pages.\n");
            }
            out.add(chunk(LONG + "#part-" + i, "Long", "Long › Part " + i, text.toString().strip()));
        }
        out.add(chunk("https://x.dev/guide/short", "Short", "Short", "A short page."));
        return out;
    }

    private static CallToolResult fetch(Map<String, Object> args) {
        SyncToolSpecification spec = DocsMcp.builder(INDEX.retriever()).siteName("X").build().tools().stream()
                .filter(t -> t.tool().name().equals("fetch_page")).findFirst().orElseThrow();
        return spec.callHandler().apply(null, new McpSchema.CallToolRequest("fetch_page", args));
    }

    private static String text(CallToolResult r) {
        return ((McpSchema.TextContent) r.content().get(0)).text();
    }

    @Test
    void fetchPage_aPageOverTheBound_comesInPartsThatJoinToTheWholePage() {
        String whole = PageMarkdown.render(SitePages.of(INDEX.index()).find(LONG).orElseThrow(), true);
        assertThat(whole.length()).isGreaterThan(2 * DocsTools.MAX_PAGE_CHARS);

        StringBuilder joined = new StringBuilder();
        Pattern last = Pattern.compile("\n\n\\[Characters (\\d+)–(\\d+) of (\\d+) of this page(?:\\. For the rest, call fetch_page "
                + "again with url \"" + Pattern.quote(LONG) + "\" and offset (\\d+)\\.|: the end of the page\\.)]\n$");
        Integer offset = 0;
        int parts = 0;
        while (offset != null) {
            CallToolResult r = fetch(offset == 0 ? Map.of("url", LONG) : Map.of("url", LONG, "offset", offset));
            assertThat(r.isError()).isNotEqualTo(Boolean.TRUE);
            String text = text(r);
            Matcher m = last.matcher(text);
            assertThat(m.find()).as("the last line says where the rest is: %s", text.substring(Math.max(0, text.length() - 300))).isTrue();
            String part = text.substring(0, m.start() + 1); // the part, with the newline that ends it
            assertThat(part.length()).isLessThanOrEqualTo(DocsTools.MAX_PAGE_CHARS + 1);
            assertThat(Integer.parseInt(m.group(1))).isEqualTo(offset + 1);
            assertThat(Integer.parseInt(m.group(3))).isEqualTo(whole.length());
            Map<?, ?> json = (Map<?, ?>) r.structuredContent();
            assertThat(json.get("totalChars")).isEqualTo(whole.length());
            joined.append(whole, offset, Integer.parseInt(m.group(2)));
            assertThat(whole.substring(offset, Integer.parseInt(m.group(2)))).isEqualTo(part.substring(0,
                    Integer.parseInt(m.group(2)) - offset));
            offset = m.group(4) == null ? null : Integer.valueOf(m.group(4));
            assertThat(json.get("nextOffset")).isEqualTo(offset);
            parts++;
        }
        assertThat(parts).isEqualTo(3);
        assertThat(joined.toString()).as("nothing skipped or repeated").isEqualTo(whole);
    }

    @Test
    void fetchPage_aShortPage_isWhole_andAnOffsetPastTheEnd_isAToolError() {
        String text = text(fetch(Map.of("url", "/guide/short")));
        assertThat(text).contains("A short page.").doesNotContain("[Characters");

        CallToolResult past = fetch(Map.of("url", LONG, "offset", 10_000_000));
        assertThat(past.isError()).isTrue();
        assertThat(text(past)).startsWith("fetch_page: 'offset' 10000000 is past the end of " + LONG + ", which is ");

        assertThat(text(fetch(Map.of("url", LONG, "offset", -1))))
                .isEqualTo("fetch_page: 'offset' must be a whole number from 0 to 2147483647, got -1.");
    }
}
