package dev.docask.crawl;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/*
 * robots.txt as RFC 9309 and crawler-commons read it, for the agent name "docask": a group for
 * docask wins over the one for '*'. A missing robots.txt (4xx) allows everything; one that fails
 * (5xx) or cannot be fetched stops the crawl, as the RFC asks (a site in trouble is not crawled), and
 * since this is the first request, a site that cannot be reached is reported here. Google reads at
 * most 500 KiB of it, and so do we. A Crawl-delay above MAX_CRAWL_DELAY is taken as that: a site of
 * 500 pages at one an hour would never finish.
 */

/** The robots.txt rules of the site being crawled. */
final class Robots {
    static final String AGENT = "docask";
    static final long MAX_BYTES = 500 * 1024;
    static final Duration MAX_CRAWL_DELAY = Duration.ofSeconds(30);

    private final BaseRobotRules rules;

    private Robots(BaseRobotRules rules) {
        this.rules = rules;
    }

    static Robots allowAll() {
        return new Robots(new SimpleRobotRules(SimpleRobotRules.RobotRulesMode.ALLOW_ALL));
    }

    /** Fetches and parses {@code origin/robots.txt}; a failure to reach the site is a {@link CrawlException}. */
    static Robots fetch(Fetcher fetcher, CrawlScope scope) throws InterruptedException {
        URI url = scope.resolveOnSite("/robots.txt");
        Fetcher.Fetched f;
        try {
            f = fetcher.get(url, Map.of(), info -> info.statusCode() == 200 ? MAX_BYTES : 0, target -> Optional.empty());
        } catch (Fetcher.FetchFailure e) {
            throw new CrawlException("cannot reach " + scope.start().getHost() + ": " + e.reason() + " (" + url + ")");
        }
        SimpleRobotRulesParser parser = new SimpleRobotRulesParser(Long.MAX_VALUE, 5);
        if (f.status() == 200) {
            return new Robots(parser.parseContent(url.toString(), f.body().data(),
                    f.header("Content-Type").orElse("text/plain"), List.of(AGENT)));
        }
        if (f.status() >= 500 || f.status() == 429) {
            throw new CrawlException(url + " answered HTTP " + f.status()
                    + ": docask does not crawl a site whose robots.txt fails; try again later");
        }
        return allowAll(); // 4xx: no robots.txt, no rules
    }

    boolean allows(URI url) {
        return rules.isAllowed(url.toString());
    }

    /** The Crawl-delay for docask, at most {@link #MAX_CRAWL_DELAY}, if robots.txt sets one. */
    Optional<Duration> crawlDelay() {
        long ms = rules.getCrawlDelay();
        return ms == BaseRobotRules.UNSET_CRAWL_DELAY || ms <= 0 ? Optional.empty()
                : Optional.of(Duration.ofMillis(Math.min(ms, MAX_CRAWL_DELAY.toMillis())));
    }

    /** The Sitemap: lines, as written. */
    List<String> sitemaps() {
        return List.copyOf(rules.getSitemaps());
    }
}
