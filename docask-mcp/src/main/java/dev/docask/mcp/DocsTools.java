package dev.docask.mcp;

import dev.docask.index.DocIndex;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.internal.SourceSections;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.retrieve.Source;
import dev.docask.retrieve.internal.RetrievalJson;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.jspecify.annotations.Nullable;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;

/*
 * What the three tools do, apart from the protocol (DocsMcp wires them to the SDK). search_docs is
 * the retriever behind its gate, so an off-topic query gets an explicit "nothing relevant" answer
 * with the best scores instead of the least bad chunks; its sources are RetrievalJson's shape, the
 * one /api/search and `docask search --json` give, with each source's text added. fetch_page and
 * list_pages read the index's pages (SitePages): no network, the URLs answers cite.
 */
final class DocsTools {
    static final int MAX_TOP_K = 20;
    static final int PAGE_SIZE = 100;
    static final int MAX_URL_CHARS = 2_000;
    static final int CLOSEST = 5;
    /*
     * The most of a page one fetch_page call returns, in characters: about 10,000 tokens at the 4 characters a token
     * TokenCount reckons with, a tool result an agent's context takes in beside its work (coding agents cap or warn of
     * larger MCP results); a longer page is read on with 'offset'. Most pages are far shorter and come whole.
     */
    static final int MAX_PAGE_CHARS = 40_000;
    private static final String CURSOR_PREFIX = "after:";

    private final DocsMcp.Settings settings;
    private final AtomicReference<@Nullable SitePages> pagesCache = new AtomicReference<>();

    DocsTools(DocsMcp.Settings settings) {
        this.settings = settings;
    }

    CallToolResult search(HybridRetriever retriever, @Nullable Map<String, Object> arguments) {
        ToolArgs args = new ToolArgs("search_docs", arguments, List.of("query", "topK"));
        String query = args.requireText("query", "the question or the words to look for in " + settings.siteDocs(),
                settings.maxQueryChars());
        int topK = args.optionalInt("topK", 1, MAX_TOP_K, settings.defaultTopK());
        RetrievalOptions options = settings.retrieval().toBuilder().topK(topK).build();
        Retrieval r = retriever.retrieve(query, options);
        Map<String, Object> json = RetrievalJson.of(r);
        if (!r.answerable()) {
            HybridRetriever.Thresholds floors = retriever.thresholds(options);
            String message = "Nothing on " + settings.siteDisplay() + " is relevant to that. " + why(r, json, floors)
                    + " Do not cite " + settings.siteDocs() + " for it.";
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("answerable", false);
            out.put("message", message);
            out.put("best", json.get("best"));
            out.put("floors", Map.of("minSimilarity", (float) floors.minSimilarity(),
                    "minKeywordCoverage", (float) floors.minKeywordCoverage()));
            return CallToolResult.builder().addTextContent(message).structuredContent(out).build();
        }
        List<Map<String, Object>> sources = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        text.append(r.sources().size()).append(r.sources().size() == 1 ? " source" : " sources").append(" from ")
                .append(settings.siteDocs()).append(". Cite them by URL.\n");
        List<Map<String, Object>> shapes = RetrievalJson.sources(r.sources());
        for (int i = 0; i < r.sources().size(); i++) {
            Source s = r.sources().get(i);
            Map<String, Object> m = new LinkedHashMap<>(shapes.get(i));
            String sourceText = SourceSections.text(s, PageMarkdown::oneLine, body -> body);
            m.put("text", sourceText);
            sources.add(m);
            text.append("\n[").append(s.n()).append("] ").append(label(s)).append('\n').append(s.url()).append("\n\n")
                    .append(sourceText.strip()).append('\n');
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("answerable", true);
        out.put("sources", sources);
        return CallToolResult.builder().addTextContent(text.toString()).structuredContent(out).build();
    }

    CallToolResult fetch(DocIndex index, @Nullable Map<String, Object> arguments) {
        ToolArgs args = new ToolArgs("fetch_page", arguments, List.of("url", "offset"));
        String url = args.requireText("url", "the URL of a page on " + settings.siteDisplay()
                + " (from search_docs or list_pages)", MAX_URL_CHARS);
        int offset = args.optionalInt("offset", 0, Integer.MAX_VALUE, 0);
        SitePages pages = pages(index);
        SitePages.Page page = pages.find(url).orElseThrow(() -> new ToolError(unknownPage(pages, url)));
        List<Map<String, Object>> sections = new ArrayList<>();
        for (SitePages.Section s : page.sections()) {
            sections.add(Map.of("heading", s.heading(), "url", s.url()));
        }
        String markdown = PageMarkdown.render(page, true);
        if (offset > 0 && offset >= markdown.length()) {
            throw new ToolError("fetch_page: 'offset' " + offset + " is past the end of " + page.url() + ", which is "
                    + markdown.length() + " characters long; call fetch_page without an offset to read it from the start.");
        }
        int end = partEnd(markdown, offset);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("url", page.url());
        out.put("title", page.title());
        out.put("sections", sections);
        if (offset == 0 && end == markdown.length()) {
            return CallToolResult.builder().addTextContent(markdown).structuredContent(out).build();
        }
        StringBuilder text = new StringBuilder().append(markdown, offset, end);
        if (text.charAt(text.length() - 1) != '\n') {
            text.append('\n');
        }
        text.append("\n[Characters ").append(offset + 1).append('–').append(end).append(" of ").append(markdown.length())
                .append(" of this page");
        if (end < markdown.length()) {
            text.append(". For the rest, call fetch_page again with url \"").append(page.url()).append("\" and offset ")
                    .append(end).append(".]\n");
            out.put("nextOffset", end);
        } else {
            text.append(": the end of the page.]\n");
        }
        out.put("offset", offset);
        out.put("totalChars", markdown.length());
        return CallToolResult.builder().addTextContent(text.toString()).structuredContent(out).build();
    }

    /*
     * Where the part of a page that starts at `offset` ends: at most MAX_PAGE_CHARS on, at the end of a line when one
     * ends in the second half of that window (an agent reads whole lines), never inside a surrogate pair.
     */
    static int partEnd(String markdown, int offset) {
        if (markdown.length() - offset <= MAX_PAGE_CHARS) {
            return markdown.length();
        }
        int end = offset + MAX_PAGE_CHARS;
        int newline = markdown.lastIndexOf('\n', end - 1);
        if (newline >= offset + MAX_PAGE_CHARS / 2) {
            return newline + 1;
        }
        return Character.isLowSurrogate(markdown.charAt(end)) ? end - 1 : end;
    }

    CallToolResult list(DocIndex index, @Nullable Map<String, Object> arguments) {
        ToolArgs args = new ToolArgs("list_pages", arguments, List.of("prefix", "cursor"));
        String prefix = args.optionalText("prefix", MAX_URL_CHARS);
        String after = after(args.optionalText("cursor", MAX_URL_CHARS * 2));
        SitePages pages = pages(index);
        String absolute = prefix.isEmpty() ? "" : pages.absolute(prefix);
        List<SitePages.Page> matching = pages.pages().stream()
                .filter(p -> p.url().toLowerCase(Locale.ROOT).startsWith(absolute.toLowerCase(Locale.ROOT))).toList();
        List<SitePages.Page> rest = matching.stream().filter(p -> p.url().compareTo(after) > 0).toList();
        List<SitePages.Page> page = rest.subList(0, Math.min(PAGE_SIZE, rest.size()));
        String next = rest.size() > page.size() ? cursor(page.get(page.size() - 1).url()) : null;

        StringBuilder text = new StringBuilder();
        List<Map<String, Object>> listed = new ArrayList<>();
        if (matching.isEmpty()) {
            text.append("No page URL on ").append(settings.siteDisplay()).append(" starts with ").append(absolute)
                    .append(". The site's top folders: ").append(String.join(", ", topFolders(pages))).append('\n');
        } else if (page.isEmpty()) {
            // a cursor past the last page: pages after it left the index (a reload) since it was given
            text.append("No page comes after the cursor: it is past the last of the ").append(matching.size())
                    .append(matching.size() == 1 ? " page" : " pages").append(prefix.isEmpty() ? "" : " under " + absolute)
                    .append(" (pages may have left the index since). Call list_pages without a cursor to list them from the first.\n");
        } else {
            text.append("Pages ").append(matching.size() - rest.size() + 1).append('–')
                    .append(matching.size() - rest.size() + page.size()).append(" of ").append(matching.size())
                    .append(prefix.isEmpty() ? "" : " under " + absolute).append(":\n");
        }
        for (SitePages.Page p : page) {
            listed.add(Map.of("title", p.title(), "url", p.url()));
            text.append("- ").append(PageMarkdown.oneLine(p.title())).append(": ").append(p.url()).append('\n');
        }
        if (next != null) {
            text.append("More: call list_pages again with cursor \"").append(next).append("\".\n");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("total", matching.size());
        out.put("pages", listed);
        if (next != null) {
            out.put("nextCursor", next);
        }
        return CallToolResult.builder().addTextContent(text.toString()).structuredContent(out).build();
    }

    /** The index's pages, read once per index (a reloaded server gets a new index, and so new pages). */
    SitePages pages(DocIndex index) {
        SitePages cached = pagesCache.get();
        if (cached != null && cached.index() == index) {
            return cached;
        }
        SitePages fresh = SitePages.of(index);
        pagesCache.set(fresh);
        return fresh;
    }

    private String unknownPage(SitePages pages, String url) {
        StringBuilder sb = new StringBuilder("No page at ").append(pages.absolute(url)).append(" on ")
                .append(settings.siteDisplay()).append(". The closest known pages:");
        for (SitePages.Page p : pages.closest(url, CLOSEST)) {
            sb.append("\n- ").append(PageMarkdown.oneLine(p.title())).append(": ").append(p.url());
        }
        return sb.append("\nCall fetch_page with one of these, or find pages with search_docs or list_pages.").toString();
    }

    /*
     * Why nothing passed. The best scores and the floors they missed say it when both missed; when one reached its
     * floor ("similarity 0.45 (needs 0.20)" read as a pass), the gate refused for a reason of its own (a cosine with no
     * shared word, the question-space rule, words the site writes apart...), so that reason is given, from the gated
     * candidate that came closest on the score that passed; a question refused before any search says why instead.
     */
    private static String why(Retrieval r, Map<String, Object> json, HybridRetriever.Thresholds floors) {
        if (r.notSearched().isPresent()) {
            return "It was not searched: " + r.notSearched().get() + ".";
        }
        boolean similarityPassed = r.bestSimilarity().isPresent()
                && (float) r.bestSimilarity().getAsDouble() >= (float) floors.minSimilarity();
        boolean coveragePassed = r.bestCoverage() >= (float) floors.minKeywordCoverage();
        if (!similarityPassed && !coveragePassed || r.gatedOut().isEmpty()) {
            return bestScores(json, floors);
        }
        Hit closest = r.gatedOut().stream().max(Comparator.comparingDouble(h -> coveragePassed ? h.keywordCoverage()
                : h.similarity().orElse(0))).orElseThrow();
        String sim = r.bestSimilarity().isPresent() ? "similarity " + format(r.bestSimilarity().getAsDouble()) + " and " : "";
        return "The closest section had " + sim + "keyword coverage " + format(r.bestCoverage())
                + ", and the relevance gate refused it: " + closest.gatedOut().orElseThrow() + ".";
    }

    private static String bestScores(Map<String, Object> json, HybridRetriever.Thresholds floors) {
        Object best = json.get("best");
        Object similarity = best instanceof Map<?, ?> m ? m.get("similarity") : null;
        Object coverage = best instanceof Map<?, ?> m ? m.get("keywordCoverage") : null;
        String sim = similarity == null ? "" : "similarity " + format(similarity) + " (needs "
                + format(floors.minSimilarity()) + ") and ";
        return "The closest section had " + sim + "keyword coverage " + format(coverage) + " (needs "
                + format(floors.minKeywordCoverage()) + ").";
    }

    private static String format(@Nullable Object number) {
        return number instanceof Number n ? String.format(Locale.ROOT, "%.2f", n.doubleValue()) : "0.00";
    }

    private static String label(Source s) {
        if (s.heading().isEmpty()) {
            return s.title();
        }
        return s.heading().startsWith(s.title()) ? s.heading() : s.title() + " › " + s.heading();
    }

    private static String cursor(String lastUrl) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString((CURSOR_PREFIX + lastUrl).getBytes(StandardCharsets.UTF_8));
    }

    /** The URL a cursor lists after; "" for none. */
    private static String after(String cursor) {
        if (cursor.isEmpty()) {
            return "";
        }
        try {
            String decoded = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            if (decoded.startsWith(CURSOR_PREFIX)) {
                return decoded.substring(CURSOR_PREFIX.length());
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw new ToolError("list_pages: the cursor is not one list_pages gave; call it without a cursor to start "
                + "from the first page.");
    }

    private static List<String> topFolders(SitePages pages) {
        Set<String> folders = new TreeSet<>();
        for (SitePages.Page p : pages.pages()) {
            String rest = pages.baseUrl().isEmpty() || !p.url().startsWith(pages.baseUrl()) ? p.url()
                    : p.url().substring(pages.baseUrl().length());
            String[] parts = rest.split("/");
            folders.add("/" + (parts.length > 1 ? parts[1] + "/" : ""));
        }
        return List.copyOf(folders);
    }
}
