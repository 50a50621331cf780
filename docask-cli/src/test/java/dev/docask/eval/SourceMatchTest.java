package dev.docask.eval;

import dev.docask.ingest.Chunk;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.Source;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SourceMatchTest {
    static Source source(int n, String url, String path, String... copyUrls) {
        Chunk c = new Chunk(url, "T", "H", "text", path, Map.of());
        Hit h = Hit.builder(n, c).copyUrls(List.of(copyUrls)).bm25(1, 1f).vectorRank(1).similarity(0.9f).keywordCoverage(1f)
                .score(0.1).build();
        return new Source(n, url, "T", "H", path, List.of(h));
    }

    static Question byUrl(String... urls) {
        return Question.answerable("q", "question", List.of(urls), List.of("docs/x.md"));
    }

    static Question byFile(String... files) {
        return Question.answerable("q", "question", List.of(), List.of(files));
    }

    @Test
    void matches_urlWithAnchor_equalsExpectedUrl() {
        assertThat(SourceMatch.matches(byUrl("https://vitest.dev/config/retry"),
                source(1, "https://vitest.dev/config/retry#retry", "config/retry.md"))).isTrue();
    }

    @Test
    void matches_urlThatOnlySharesPrefix_doesNotMatch() {
        assertThat(SourceMatch.matches(byUrl("https://vitest.dev/config/retry"),
                source(1, "https://vitest.dev/config/retry-count#x", "config/retry.md"))).isFalse();
    }

    @Test
    void matches_collapsedCopyUrlExpected_matches() {
        Source s = source(1, "https://docusaurus.io/docs/i18n#a", "versioned/i18n.md",
                "https://docusaurus.io/docs/next/i18n#a");
        assertThat(SourceMatch.matches(byUrl("https://docusaurus.io/docs/next/i18n"), s)).isTrue();
    }

    @Test
    void matches_questionWithUrls_ignoresFiles() {
        Question q = Question.answerable("q", "question", List.of("https://x/a"), List.of("docs/config/retry.md"));
        assertThat(SourceMatch.matches(q, source(1, "https://x/b", "config/retry.md"))).isFalse();
    }

    @Test
    void matches_noUrls_fileEndsWithSourceAtSegmentBoundary() {
        assertThat(SourceMatch.matches(byFile("docs/guide/cli-generated.md"),
                source(1, "https://x/guide/cli", "guide/cli-generated.md"))).isTrue();
        assertThat(SourceMatch.matches(byFile("docs/guide/cli-generated.md"),
                source(1, "https://x/guide/cli", "docs/guide/cli-generated.md"))).isTrue();
    }

    @Test
    void matches_noUrls_suffixInsideSegment_doesNotMatch() {
        assertThat(SourceMatch.matches(byFile("docs/config/retry.md"), source(1, "https://x/try", "try.md"))).isFalse();
        assertThat(SourceMatch.matches(byFile("docs/config/retry.md"), source(1, "https://x/r", "fig/retry.md"))).isFalse();
    }

    @Test
    void firstMatchRank_expectedAtThird_returns3() {
        List<Source> sources = List.of(source(1, "https://x/a", "a.md"), source(2, "https://x/b", "b.md"),
                source(3, "https://x/c#h", "c.md"));
        assertThat(SourceMatch.firstMatchRank(byUrl("https://x/c"), sources, 6)).isEqualTo(3);
    }

    @Test
    void firstMatchRank_expectedBeyondK_returns0() {
        List<Source> sources = List.of(source(1, "https://x/a", "a.md"), source(2, "https://x/b", "b.md"));
        assertThat(SourceMatch.firstMatchRank(byUrl("https://x/b"), sources, 1)).isZero();
    }
}
