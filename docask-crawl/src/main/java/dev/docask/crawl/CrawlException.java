package dev.docask.crawl;

/**
 * A crawl that cannot run or found nothing to read: the site cannot be reached, its robots.txt fails,
 * its sitemaps hold no page. The message names the URL and what went wrong, in plain words. A page
 * that fails is not one of these: it becomes a problem of the corpus and the crawl goes on.
 *
 * <pre>{@code
 * try {
 *     SiteCrawler.builder("https://docs.example.com").build().crawl();
 * } catch (CrawlException e) {
 *     System.err.println(e.getMessage()); // cannot reach docs.example.com: the host name does not resolve
 * }
 * }</pre>
 */
public final class CrawlException extends RuntimeException {
    public CrawlException(String message) {
        super(message);
    }

    public CrawlException(String message, Throwable cause) {
        super(message, cause);
    }
}
