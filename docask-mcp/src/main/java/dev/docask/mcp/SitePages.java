package dev.docask.mcp;

import dev.docask.index.DocIndex;
import dev.docask.ingest.Chunk;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/*
 * The pages of an index, put back together from its chunks: fetch_page, list_pages and llms.txt
 * read the site as pages, while the index holds sections. Every chunk is kept, copies included
 * (a versioned tree is served at both its URLs, and an agent may hold either), in index order,
 * which is the page's own order. URLs are the chunks' own, so they are the URLs answers cite.
 */
final class SitePages {
    /** One heading section of a page: its URL (with anchor), heading breadcrumb and text. */
    record Section(String url, String heading, String text) {
    }

    /** A page: its URL (no anchor), title, source file and sections in page order. */
    record Page(String url, String title, String source, List<Section> sections) {
        Page {
            sections = List.copyOf(sections);
        }
    }

    private final DocIndex index;
    private final String baseUrl;
    private final List<Page> byUrl;
    private final Map<String, Page> lookup = new LinkedHashMap<>();

    private SitePages(DocIndex index, List<Page> pages) {
        this.index = index;
        this.baseUrl = siteRoot(index);
        this.byUrl = pages.stream().sorted(Comparator.comparing(Page::url)).toList();
        for (Page p : byUrl) {
            lookup.putIfAbsent(key(p.url()), p);
        }
    }

    static SitePages of(DocIndex index) {
        Map<String, List<Chunk>> chunksByPage = new LinkedHashMap<>();
        for (int id = 0; id < index.size(); id++) {
            Chunk c = index.chunk(id);
            chunksByPage.computeIfAbsent(c.pageUrl(), u -> new ArrayList<>()).add(c);
        }
        List<Page> pages = new ArrayList<>(chunksByPage.size());
        chunksByPage.forEach((url, chunks) -> pages.add(page(url, chunks)));
        return new SitePages(index, pages);
    }

    private static Page page(String url, List<Chunk> chunks) {
        List<Section> sections = new ArrayList<>();
        for (Chunk c : chunks) {
            Section last = sections.isEmpty() ? null : sections.get(sections.size() - 1);
            if (last != null && last.url().equals(c.url())) { // a long section cut in pieces
                sections.set(sections.size() - 1,
                        new Section(last.url(), last.heading(), PageMarkdown.join(last.text(), c.text())));
            } else {
                sections.add(new Section(c.url(), c.heading(), c.text()));
            }
        }
        return new Page(url, chunks.get(0).title(), chunks.get(0).source(), sections);
    }

    /**
     * The site root the index's URLs were made with, or, when it recorded none (an index built in code),
     * the scheme and host all its URLs share; empty for site-relative URLs.
     */
    static String siteRoot(DocIndex index) {
        Optional<String> recorded = index.manifest().baseUrl();
        if (recorded.isPresent()) {
            return recorded.get();
        }
        String origin = null;
        for (int id = 0; id < index.size(); id++) {
            String o = origin(index.chunk(id).url());
            if (o.isEmpty() || origin != null && !origin.equals(o)) {
                return "";
            }
            origin = o;
        }
        return origin == null ? "" : origin;
    }

    private static String origin(String url) {
        int scheme = url.indexOf("://");
        if (scheme < 0) {
            return "";
        }
        int pathStart = url.indexOf('/', scheme + 3);
        return pathStart < 0 ? url : url.substring(0, pathStart);
    }

    /** The index these pages were read from. */
    DocIndex index() {
        return index;
    }

    /** The site root the URLs were made with; empty for site-relative URLs. */
    String baseUrl() {
        return baseUrl;
    }

    /** Every page, ordered by URL. */
    List<Page> pages() {
        return byUrl;
    }

    /**
     * The page at {@code url}: its exact URL, with or without an {@code #anchor} or a final slash, or a
     * path on the site ({@code /guide/mocking}).
     */
    Optional<Page> find(String url) {
        return Optional.ofNullable(lookup.get(key(absolute(url))));
    }

    /** {@code url} made absolute against the base URL when it is a path. */
    String absolute(String url) {
        String u = url.strip();
        if (baseUrl.isEmpty() || u.matches("(?i)https?://.*")) {
            return u;
        }
        return baseUrl + (u.startsWith("/") ? u : "/" + u);
    }

    /** The {@code n} pages whose URLs read most like {@code url}, closest first. */
    List<Page> closest(String url, int n) {
        String wanted = path(key(absolute(url)));
        return byUrl.stream()
                .sorted(Comparator.comparingInt((Page p) -> EditDistance.between(wanted, path(key(p.url()))))
                        .thenComparing(Page::url))
                .limit(n).toList();
    }

    /* Lookups ignore the anchor, a final slash, and the case of scheme and host. */
    private static String key(String url) {
        String u = url.strip();
        int hash = u.indexOf('#');
        if (hash >= 0) {
            u = u.substring(0, hash);
        }
        int query = u.indexOf('?');
        if (query >= 0) {
            u = u.substring(0, query);
        }
        while (u.endsWith("/") && u.length() > 1) {
            u = u.substring(0, u.length() - 1);
        }
        int scheme = u.indexOf("://");
        if (scheme > 0) {
            int pathStart = u.indexOf('/', scheme + 3);
            String origin = pathStart < 0 ? u : u.substring(0, pathStart);
            u = origin.toLowerCase(Locale.ROOT) + (pathStart < 0 ? "" : u.substring(pathStart));
        }
        return u;
    }

    private static String path(String key) {
        int scheme = key.indexOf("://");
        if (scheme < 0) {
            return key;
        }
        int pathStart = key.indexOf('/', scheme + 3);
        return pathStart < 0 ? "/" : key.substring(pathStart);
    }
}
