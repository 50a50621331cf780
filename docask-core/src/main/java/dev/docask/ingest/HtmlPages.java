package dev.docask.ingest;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/*
 * Built sites wrap each page in navigation, sidebars, footers and "edit this page" links that
 * repeat on every page and would match every question. We keep the main content only, found by
 * the containers the common docs themes render into, and turn it into the same Markdown shape the
 * source readers produce (headings carrying their HTML ids as {#id}), so sectioning is shared.
 */

/** Extracts the main content of a built HTML page as Markdown with explicit heading ids. */
final class HtmlPages {

    /** The readable part of one HTML page. */
    record HtmlPage(String title, String markdown, Optional<String> canonicalPath, boolean noindex) {
    }

    private static final List<String> CONTENT = List.of(".theme-doc-markdown", ".vp-doc", ".sl-markdown-content",
            ".md-content", "[role=main]", "main", "article");
    private static final String NOISE = "nav, aside, footer, script, style, noscript, template, button, form, svg, "
            + ".theme-edit-this-page, .edit-link, .edit-this-page, [class*=edit-this-page], .md-source-file, "
            + ".pagination-nav, .breadcrumbs, .table-of-contents, .toc, .headerlink, .hash-link, .header-anchor, "
            + ".sl-anchor-link, .prev-next, .pager, .md-content__button, .md-footer, .VPDocFooter";

    private HtmlPages() {
    }

    /** A page from a folder: a canonical link counts by its path, wherever it points. */
    static HtmlPage parse(String html) {
        return parse(html, Optional.empty());
    }

    /**
     * A page served at {@code served} (fetched from the site) when given: a relative canonical link is
     * resolved against it, and one to another scheme, host or port is not the page's URL on this site.
     */
    static HtmlPage parse(String html, Optional<URI> served) {
        Document doc = Jsoup.parse(html);
        String robots = doc.select("meta[name=robots]").attr("content");
        Optional<String> canonical = Optional.of(doc.select("link[rel=canonical]").attr("href"))
                .filter(h -> !h.isBlank()).map(h -> served.isPresent() ? servedPath(served.get(), h) : pathOf(h))
                .filter(p -> p.startsWith("/"));
        Element main = CONTENT.stream().map(doc::selectFirst).filter(e -> e != null).findFirst().orElse(doc.body());
        main.select(NOISE).remove();
        main.select("header").stream().filter(h -> h.selectFirst("h1") == null).forEach(Element::remove);
        Element h1 = main.selectFirst("h1");
        String title = h1 != null ? h1.text() : doc.title();
        StringBuilder md = new StringBuilder();
        render(main, md);
        // A redirect stub (<meta http-equiv="refresh">) is not a page of its own.
        boolean skip = robots.toLowerCase(Locale.ROOT).contains("noindex") || !doc.select("meta[http-equiv=refresh]").isEmpty();
        return new HtmlPage(title.strip(), md.toString(), canonical, skip);
    }

    private static void render(Element element, StringBuilder md) {
        for (Node node : element.childNodes()) {
            if (node instanceof TextNode text) {
                md.append(text.text());
            } else if (node instanceof Element e) {
                renderElement(e, md);
            }
        }
    }

    private static void renderElement(Element e, StringBuilder md) {
        String tag = e.normalName();
        switch (tag) {
            case "h1", "h2", "h3", "h4", "h5", "h6" -> {
                String id = e.id().isEmpty() ? childAnchorId(e) : e.id();
                md.append("\n\n").append("#".repeat(tag.charAt(1) - '0')).append(' ').append(e.text().strip());
                md.append(id.isEmpty() ? "" : " {#" + id + "}").append("\n\n");
            }
            case "pre" -> {
                Element code = e.selectFirst("code");
                String lang = code == null ? "" : code.classNames().stream().filter(c -> c.startsWith("language-"))
                        .map(c -> c.substring("language-".length())).findFirst().orElse("");
                String body = (code == null ? e : code).wholeText().stripTrailing();
                md.append("\n\n```").append(lang).append('\n').append(body).append("\n```\n\n");
            }
            case "code" -> md.append('`').append(e.text()).append('`');
            case "br" -> md.append('\n');
            case "li" -> {
                md.append("\n- ");
                render(e, md);
                md.append('\n');
            }
            case "tr" -> {
                md.append('\n');
                e.children().forEach(cell -> md.append("| ").append(cell.text()).append(' '));
                md.append("|\n");
            }
            case "p", "div", "section", "table", "ul", "ol", "blockquote", "dl", "dd", "dt", "details", "figure" -> {
                md.append("\n\n");
                render(e, md);
                md.append("\n\n");
            }
            case "img" -> {
            }
            default -> render(e, md);
        }
    }

    private static String childAnchorId(Element heading) {
        Element anchor = heading.selectFirst("a[id], a[name]");
        return anchor == null ? "" : anchor.id().isEmpty() ? anchor.attr("name") : anchor.id();
    }

    private static String servedPath(URI page, String href) {
        try {
            URI target = page.resolve(href.strip());
            boolean sameSite = page.getScheme().equalsIgnoreCase(String.valueOf(target.getScheme()))
                    && page.getHost().equalsIgnoreCase(String.valueOf(target.getHost())) && page.getPort() == target.getPort();
            return sameSite && target.getRawPath() != null ? target.getRawPath() : "";
        } catch (IllegalArgumentException e) {
            return "";
        }
    }

    private static String pathOf(String href) {
        try {
            String path = URI.create(href.strip()).getRawPath();
            return path == null ? "" : path;
        } catch (IllegalArgumentException e) {
            return "";
        }
    }
}
