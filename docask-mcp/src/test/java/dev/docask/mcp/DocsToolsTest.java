package dev.docask.mcp;

import dev.docask.ingest.Chunk;
import dev.docask.testsupport.TestIndexes;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.docask.testsupport.TestIndexes.chunk;
import static org.assertj.core.api.Assertions.assertThat;

/** The three tools' handlers, called as the SDK calls them, on a real index of 130 pages. */
class DocsToolsTest {
    static final List<Chunk> CHUNKS = chunks();

    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", CHUNKS);

    private static List<Chunk> chunks() {
        List<Chunk> out = new ArrayList<>();
        for (int i = 0; i < 130; i++) {
            String page = String.format("https://x.dev/%s/page-%03d", i % 2 == 0 ? "guide" : "api", i);
            out.add(chunk(page, "Page " + i, "Page " + i, "Page " + i + " explains topic" + i + " in depth."));
            out.add(chunk(page + "#more", "Page " + i, "Page " + i + " › More", "More about topic" + i + "."));
        }
        return out;
    }

    static CallToolResult call(String tool, Map<String, Object> args) {
        SyncToolSpecification spec = DocsMcp.builder(INDEX.retriever()).siteName("X").maxQueryChars(50).build().tools()
                .stream().filter(t -> t.tool().name().equals(tool)).findFirst().orElseThrow();
        return spec.callHandler().apply(null, new McpSchema.CallToolRequest(tool, args));
    }

    static String text(CallToolResult r) {
        return ((McpSchema.TextContent) r.content().get(0)).text();
    }

    @Test
    void listPages_pagesThroughEveryPageOnceWithCursors() {
        Set<Object> seen = new HashSet<>();
        String cursor = null;
        int calls = 0;
        do {
            CallToolResult r = call("list_pages", cursor == null ? Map.of() : Map.of("cursor", cursor));
            Map<?, ?> json = (Map<?, ?>) r.structuredContent();
            assertThat(json.get("total")).isEqualTo(130);
            for (Object p : (List<?>) json.get("pages")) {
                assertThat(seen.add(((Map<?, ?>) p).get("url"))).as("listed once").isTrue();
            }
            cursor = (String) json.get("nextCursor");
            calls++;
        } while (cursor != null);
        assertThat(seen).hasSize(130);
        assertThat(calls).isEqualTo(2);
    }

    @Test
    void listPages_cursorPastTheLastPage_saysSo_notPagesNumberedBackwards() {
        String past = java.util.Base64.getUrlEncoder().withoutPadding()
                .encodeToString("after:https://x.dev/zzz".getBytes(java.nio.charset.StandardCharsets.UTF_8));

        CallToolResult r = call("list_pages", Map.of("cursor", past, "prefix", "/api/"));

        assertThat(text(r)).isEqualTo("No page comes after the cursor: it is past the last of the 65 pages under"
                + " https://x.dev/api/ (pages may have left the index since). Call list_pages without a cursor to list them"
                + " from the first.\n");
        assertThat(((Map<?, ?>) r.structuredContent()).get("pages")).asList().isEmpty();
    }

    @Test
    void listPages_prefix_keepsOnlyPagesUnderIt() {
        Map<?, ?> json = (Map<?, ?>) call("list_pages", Map.of("prefix", "/api/")).structuredContent();
        assertThat(json.get("total")).isEqualTo(65);
        assertThat(text(call("list_pages", Map.of("prefix", "/nothing/"))))
                .isEqualTo("No page URL on X starts with https://x.dev/nothing/. The site's top folders: /api/, /guide/\n");
    }

    @Test
    void fetchPage_joinsTheSectionsOfThePage() {
        assertThat(text(call("fetch_page", Map.of("url", "https://x.dev/guide/page-004/"))))
                .contains("Source: https://x.dev/guide/page-004\n", "- More: https://x.dev/guide/page-004#more",
                        "## More\n\nMore about topic4.");
    }

    @Test
    void badArguments_areToolErrorsNamingTheArgument() {
        assertThat(text(call("search_docs", Map.of("query", 42)))).isEqualTo("search_docs: 'query' must be a string, got 42.");
        assertThat(text(call("search_docs", Map.of("query", "x".repeat(51)))))
                .startsWith("search_docs: 'query' is 51 characters long; the limit is 50.");
        assertThat(text(call("search_docs", Map.of("query", "topic1", "topK", 2.5))))
                .isEqualTo("search_docs: 'topK' must be a whole number from 1 to 20, got 2.5.");
        assertThat(text(call("fetch_page", Map.of("page", "/guide/")))).isEqualTo("fetch_page has no argument 'page'; it takes url, offset.");
        // in the order the tool's description gives them, the same in every run
        assertThat(text(call("search_docs", Map.of("q", "retries")))).isEqualTo("search_docs has no argument 'q'; it takes query, topK.");
        assertThat(text(call("list_pages", Map.of("path", "/")))).isEqualTo("list_pages has no argument 'path'; it takes prefix, cursor.");
        assertThat(call("fetch_page", Map.of()).isError()).isTrue();
    }

    @Test
    void searchDocs_retrievalTopKAboveWhatTheToolTakes_defaultsToTheToolsMaximum() {
        SyncToolSpecification search = DocsMcp.builder(INDEX.retriever()).siteName("X")
                .retrieval(dev.docask.retrieve.RetrievalOptions.builder().topK(50).build()).build().tools().stream()
                .filter(t -> t.tool().name().equals("search_docs")).findFirst().orElseThrow();

        assertThat(((Map<?, ?>) search.tool().inputSchema().get("properties")).get("topK").toString()).contains("maximum=20")
                .contains("default 20").doesNotContain("default 50");
        Map<?, ?> json = (Map<?, ?>) search.callHandler().apply(null,
                new McpSchema.CallToolRequest("search_docs", Map.of("query", "explains topic in depth"))).structuredContent();
        assertThat((List<?>) json.get("sources")).isNotEmpty().hasSizeLessThanOrEqualTo(20);
    }

    @Test
    void searchDocs_topK_limitsTheSources() {
        Map<?, ?> json = (Map<?, ?>) call("search_docs", Map.of("query", "topic7 in depth", "topK", 1)).structuredContent();
        assertThat(json.get("answerable")).isEqualTo(true);
        assertThat((List<?>) json.get("sources")).hasSize(1);
    }

    @Test
    void searchDocs_refused_givesTheGatesReason_notAScoreThatReachedItsFloorAsMissing() {
        // the mock's cosine of a question sharing no word with the site is ignored, not below the floor
        assertThat(text(call("search_docs", Map.of("query", "sourdough bread recipe"))))
                .startsWith("Nothing on X is relevant to that. The closest section had similarity 0.37 and keyword coverage 0.00, "
                        + "and the relevance gate refused it: similarity 0.3")
                .contains("ignored (no shared word)").doesNotContain("needs");
        assertThat(text(call("search_docs", Map.of("query", "capital of France"))))
                .startsWith("Nothing on X is relevant to that. The closest section had similarity 0.00 (needs 0.20) "
                        + "and keyword coverage 0.00 (needs 0.50).");
        assertThat(text(call("search_docs", Map.of("query", "thanks!"))))
                .isEqualTo("Nothing on X is relevant to that. It was not searched: the question asks nothing a page can answer: "
                        + "it only greets, thanks or says goodbye. Do not cite the X docs for it.");
    }

    @Test
    void searchDocs_anotherSectionOfTheSourcesPage_comesUnderItsOwnUrl() {
        CallToolResult r = call("search_docs", Map.of("query", "explains depth florbulate zorgon", "topK", 1));
        String more = "Section: Page 13 › More\nURL: https://x.dev/api/page-013#more\n\nMore about topic13.";
        assertThat(text(r)).contains("[1] Page 13\nhttps://x.dev/api/page-013\n\nPage 13 explains topic13 in depth.\n\n" + more);
        Map<?, ?> first = (Map<?, ?>) ((List<?>) ((Map<?, ?>) r.structuredContent()).get("sources")).get(0);
        assertThat((String) first.get("text")).isEqualTo("Page 13 explains topic13 in depth.\n\n" + more);
    }
}
