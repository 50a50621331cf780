package dev.docask.crawl;

import org.junit.jupiter.api.Test;

import java.net.http.HttpHeaders;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class PageFetchTest {
    private static HttpHeaders robotsTag(String... values) {
        return HttpHeaders.of(Map.of("X-Robots-Tag", List.of(values)), (a, b) -> true);
    }

    @Test
    void noindex_xRobotsTagForEveryoneOrDocask_counts() {
        assertThat(PageFetch.noindex(robotsTag("noindex"))).isTrue();
        assertThat(PageFetch.noindex(robotsTag("none"))).isTrue();
        assertThat(PageFetch.noindex(robotsTag("docask: noindex, nofollow"))).isTrue();
        assertThat(PageFetch.noindex(robotsTag("noindex, unavailable_after: 25 Jun 2030 15:00:00 PST"))).isTrue();
    }

    @Test
    void noindex_xRobotsTagForAnotherCrawler_doesNotCount() {
        assertThat(PageFetch.noindex(robotsTag("googlebot: noindex"))).isFalse();
        assertThat(PageFetch.noindex(robotsTag("nofollow", "noarchive"))).isFalse();
    }

    @Test
    void isHtml_htmlAndXhtml_andNoTypeAtAll() {
        assertThat(PageFetch.isHtml(Optional.of("text/html; charset=UTF-8"))).isTrue();
        assertThat(PageFetch.isHtml(Optional.of("application/xhtml+xml"))).isTrue();
        assertThat(PageFetch.isHtml(Optional.empty())).isTrue();
        assertThat(PageFetch.isHtml(Optional.of("application/pdf"))).isFalse();
    }

    @Test
    void retryAfter_secondsOrHttpDate() {
        assertThat(Fetcher.retryAfter("3")).contains(Duration.ofSeconds(3));
        assertThat(Fetcher.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT")).contains(Duration.ZERO);
        assertThat(Fetcher.retryAfter("soon")).isEmpty();
    }
}
