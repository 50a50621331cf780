package dev.docask.crawl;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The links of a page a crawl without a sitemap follows: {@code <a href>}s and a refresh's URL, unless the page says
 * nofollow.
 */
final class LinkFinder {
    private LinkFinder() {
    }

    /** The page at {@code url} as jsoup reads it (links resolve against {@code url}); empty when it cannot. */
    static Optional<Document> parse(URI url, byte[] html, Optional<String> charset) {
        try {
            return Optional.of(Jsoup.parse(new ByteArrayInputStream(html), charset.orElse(null), url.toString()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Absolute http(s) links of a page, in page order; none for a nofollow page. */
    static List<URI> links(Document doc) {
        String robots = doc.select("meta[name=robots]").attr("content").toLowerCase(Locale.ROOT);
        if (robots.contains("nofollow") || robots.contains("none")) {
            return List.of();
        }
        List<URI> out = new ArrayList<>();
        for (Element a : doc.select("a[href]")) {
            if (!a.attr("rel").toLowerCase(Locale.ROOT).contains("nofollow")) {
                CrawlScope.parse(a.absUrl("href")).ifPresent(out::add);
            }
        }
        // a redirect stub (a site's root sent on to /latest/ or /docs/intro, as mike and GitHub Pages do) links by its refresh
        for (Element meta : doc.select("meta[http-equiv]")) {
            if (meta.attr("http-equiv").strip().equalsIgnoreCase("refresh")) {
                Optional<URI> base = CrawlScope.parse(doc.baseUri());
                refreshUrl(meta.attr("content")).flatMap(u -> base.flatMap(b -> CrawlScope.resolve(b, u))).ifPresent(out::add);
            }
        }
        return out;
    }

    /**
     * The URL of a refresh's content as HTML reads it: a delay, then {@code ;} or {@code ,}, then the URL with or without
     * {@code url=} and quotes ({@code 0; url=/docs/intro}); empty when it names none.
     */
    static Optional<String> refreshUrl(String content) {
        int sep = content.replace(',', ';').indexOf(';');
        if (sep < 0) {
            return Optional.empty();
        }
        String url = content.substring(sep + 1).strip();
        if (url.regionMatches(true, 0, "url", 0, 3) && url.substring(3).stripLeading().startsWith("=")) {
            url = url.substring(url.indexOf('=') + 1).strip();
        }
        if (url.length() >= 2 && (url.charAt(0) == '\'' || url.charAt(0) == '"')) {
            int close = url.indexOf(url.charAt(0), 1);
            url = (close < 0 ? url.substring(1) : url.substring(1, close)).strip();
        }
        return url.isEmpty() ? Optional.empty() : Optional.of(url);
    }
}
