package dev.docask.ingest;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import dev.docask.ingest.Corpus.Problem;

import static org.assertj.core.api.Assertions.assertThat;

class RouteClashesTest {

    private static Chunk chunk(String url, String source) {
        return new Chunk(url, "T", "", "text", source, Map.of());
    }

    @Test
    void find_sameFileManySections_noClash() {
        assertThat(RouteClashes.find(List.of(chunk("https://x.dev/a", "a.md"), chunk("https://x.dev/a#b", "a.md")))).isEmpty();
    }

    @Test
    void find_threeFilesAtOnePage_eachLaterFileReportedOnceAgainstTheFirst() {
        List<Chunk> chunks = List.of(chunk("https://x.dev/a", "a.md"), chunk("https://x.dev/a#one", "a/index.md"),
                chunk("https://x.dev/a#two", "a/index.md"), chunk("https://x.dev/a", "a/README.md"));
        assertThat(RouteClashes.find(chunks)).containsExactly(
                new Problem("a/index.md", "same URL as a.md: https://x.dev/a (both are indexed)"),
                new Problem("a/README.md", "same URL as a.md: https://x.dev/a (both are indexed)"));
    }
}
