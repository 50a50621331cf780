package dev.docask.ingest;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One page from text to chunks: parse front matter, route, clean, split at headings, size.
 * Skipped pages (drafts, noindex, partials, included fragments) yield empty; unreadable ones throw
 * {@link IllegalArgumentException} with the reason.
 */
final class PageReader {

    private static final List<String> SUMMARY_KEYS = List.of("description", "hero", "tagline", "titleTemplate");

    private final Framework framework;
    private final PageRouter router;
    private final String baseUrl;
    private final SectionSizer sizer;
    private final Includes includes;
    private final Set<String> included;

    PageReader(Framework framework, PageRouter router, IngestOptions options, Includes includes) {
        this.framework = framework;
        this.router = router;
        this.baseUrl = options.baseUrl();
        this.sizer = new SectionSizer(options.chunkSize(), options.chunkOverlap());
        this.includes = includes;
        this.included = includes.targets();
    }

    Optional<List<Chunk>> read(String file, String text) {
        if (text.isBlank()) {
            // Nothing of its own to say: a chunk made of its file name would only add noise.
            throw new IllegalArgumentException("the file is empty");
        }
        return framework == Framework.HTML ? readHtml(file, text, Optional.empty()) : readMarkdown(file, text);
    }

    /** A built HTML page served at {@code url} (fetched, not read from a folder), named {@code file} as a copy of the site would name it. */
    Optional<List<Chunk>> readServed(String file, String text, URI url) {
        if (text.isBlank()) {
            throw new IllegalArgumentException("the page is empty");
        }
        return readHtml(file, text, Optional.of(url));
    }

    private Optional<List<Chunk>> readMarkdown(String file, String text) {
        if (included.contains(file)) {
            return Optional.empty();
        }
        FrontMatter front = FrontMatter.parse(text);
        if (front.isTrue("draft") || front.isTrue("noindex")) {
            return Optional.empty();
        }
        Optional<Route> route = router.route(file, front);
        if (route.isEmpty()) {
            return Optional.empty();
        }
        String body = includes.expand(file, front.body());
        // Docusaurus compiles .md files as MDX too.
        boolean mdx = framework == Framework.DOCUSAURUS || file.toLowerCase(Locale.ROOT).endsWith(".mdx");
        String cleaned = new MarkdownCleaner(mdx).clean(body);
        MarkdownSections.Parsed parsed = MarkdownSections.parse(cleaned, new Slugger(Slugger.styleOf(framework)));
        String title = front.find("title").or(() -> Optional.ofNullable(parsed.h1()).filter(h -> !h.isBlank()))
                .orElseGet(() -> fileTitle(file));
        String summary = SUMMARY_KEYS.stream().map(front::find).flatMap(Optional::stream)
                .collect(Collectors.joining("\n\n"));
        return Optional.of(chunks(file, title, route.get(), parsed.sections(), metadata(front, route.get()), summary));
    }

    private Optional<List<Chunk>> readHtml(String file, String text, Optional<URI> served) {
        HtmlPages.HtmlPage page = HtmlPages.parse(text, served);
        if (page.noindex()) {
            return Optional.empty();
        }
        Optional<Route> routed = router.route(file, FrontMatter.parse(""));
        if (routed.isEmpty()) {
            return Optional.empty();
        }
        Route route = page.canonicalPath().map(p -> new Route(p, null, routed.get().docType())).orElse(routed.get());
        MarkdownSections.Parsed parsed = MarkdownSections.parse(MarkdownCleaner.tidy(page.markdown()),
                new Slugger(Slugger.Style.NONE));
        String title = page.title().isBlank() ? fileTitle(file) : page.title();
        return Optional.of(chunks(file, title, route, parsed.sections(), metadata(FrontMatter.parse(""), route), ""));
    }

    private List<Chunk> chunks(String file, String title, Route route, List<Section> sections,
                               Map<String, String> metadata, String summary) {
        String pageUrl = baseUrl + route.encodedPath();
        List<Chunk> out = new ArrayList<>();
        for (SectionSizer.Piece piece : sizer.size(sections)) {
            String anchor = piece.section().anchor();
            String url = anchor == null || anchor.isEmpty() ? pageUrl : pageUrl + "#" + anchor;
            out.add(new Chunk(url, title, piece.section().heading(), piece.text(), file, metadata));
        }
        if (out.isEmpty()) {
            // A page made only of components (a home page, a team page) still exists: keep what it says of itself.
            String text = summary.isBlank() ? title : summary;
            for (SectionSizer.Piece piece : sizer.size(List.of(new Section(0, List.of(), null, text)))) {
                out.add(new Chunk(pageUrl, title, "", piece.text(), file, metadata));
            }
        }
        return out;
    }

    private static Map<String, String> metadata(FrontMatter front, Route route) {
        Map<String, String> meta = new LinkedHashMap<>();
        front.find("docType").or(() -> front.find("type")).or(() -> Optional.ofNullable(route.docType()))
                .ifPresent(t -> meta.put("docType", t));
        front.find("tags").ifPresent(t -> meta.put("tags", t));
        Optional.ofNullable(route.version()).ifPresent(v -> meta.put("version", v));
        return meta;
    }

    private static String fileTitle(String file) {
        String[] parts = file.split("/");
        String stem = PageRouter.stem(parts[parts.length - 1]);
        boolean index = stem.equalsIgnoreCase("index") || stem.equalsIgnoreCase("readme");
        String name = index && parts.length > 1 ? parts[parts.length - 2] : stem;
        return Stream.of(PageRouter.unprefixed(name).split("[-_ ]+")).filter(w -> !w.isEmpty())
                .map(w -> Character.toUpperCase(w.charAt(0)) + w.substring(1)).collect(Collectors.joining(" "));
    }
}
