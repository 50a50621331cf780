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

/** The links of a page a crawl without a sitemap follows: {@code <a href>}s, unless the page says nofollow. */
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
        return out;
    }
}
