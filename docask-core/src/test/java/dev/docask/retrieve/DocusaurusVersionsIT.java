package dev.docask.retrieve;

import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.SiteReader;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** Version-aware retrieval on the real Docusaurus docs: 3.8.1 served at /docs, the next version at /docs/next. */
class DocusaurusVersionsIT {
    private static final String NEXT = "https://docusaurus.io/docs/next/";
    @TempDir
    static Path tmp;
    private static DocIndex index;
    private static HybridRetriever retriever;

    @BeforeAll
    static void build() throws IOException {
        Path site = TestSites.sharedData().resolve("docs/docusaurus/website");
        Assumptions.assumeTrue(Files.isDirectory(site), "skipped: no Docusaurus docs at " + site);
        IndexBuilder.build(SiteReader.read(site, IngestOptions.defaults("https://docusaurus.io")), Optional.empty(),
                IndexBuilder.Settings.defaults("none"), tmp.resolve("idx"), n -> { });
        index = DocIndex.open(tmp.resolve("idx"));
        retriever = HybridRetriever.create(index, Optional.empty());
    }

    @AfterAll
    static void close() {
        if (index != null) {
            index.close();
        }
    }

    private static List<String> urls(String question, RetrievalOptions options) {
        return retriever.retrieve(question, options).sources().stream().map(Source::url).toList();
    }

    @Test
    void readerOnNext_docsPagesAreCitedAtTheirNextUrls() {
        RetrievalOptions onNext = RetrievalOptions.builder().docsVersion("next").build();
        for (String q : List.of("How do I hide a doc from the sidebar?", "How do I add a search bar?",
                "Translate the labels of sidebar categories")) {
            List<String> docs = urls(q, onNext).stream().filter(u -> u.startsWith("https://docusaurus.io/docs/")).toList();
            assertThat(docs).as(q).isNotEmpty().allMatch(u -> u.startsWith(NEXT));
        }
    }

    @Test
    void readerOnLatest_noSourceIsANextUrl() {
        RetrievalOptions onLatest = RetrievalOptions.builder().docsVersion("3.8.1").build();
        assertThat(urls("How do I hide a doc from the sidebar?", onLatest)).isNotEmpty().noneMatch(u -> u.startsWith(NEXT));
    }

    @Test
    void noVersionAsked_aSectionBothVersionsHold_isCitedAtTheReleasedVersion_whereNextRankedIt() {
        String q = "Which Node.js version does Docusaurus require?";
        List<String> all = urls(q, RetrievalOptions.builder().noMaxPerSource().topK(40).build());
        String next = NEXT + "installation#requirements";
        String released = "https://docusaurus.io/docs/installation#requirements";
        assertThat(all).contains(released).first().isEqualTo(next); // `next` words it a little closer

        List<String> shown = urls(q, RetrievalOptions.defaults());
        assertThat(shown).first().isEqualTo(released);
        assertThat(shown).doesNotContain(next);
        for (String url : shown) { // no `next` section is shown whose released copy was a candidate
            if (url.startsWith(NEXT)) {
                assertThat(all).as(url).doesNotContain(url.replace("/docs/next/", "/docs/"));
            }
        }
    }

    @Test
    void questionNamingV3_theV2MigrationPagesRankAfterTheRest() {
        String q = "migrate my site to v3";
        List<String> aware = urls(q, RetrievalOptions.defaults());
        List<String> unaware = urls(q, RetrievalOptions.builder().versionAware(false).build());

        assertThat(aware).first().asString().contains("/migration/v3");
        assertThat(unaware.subList(0, 3)).anyMatch(DocusaurusVersionsIT::v2Migration); // what the rule fixes
        int firstV2 = aware.stream().filter(DocusaurusVersionsIT::v2Migration).findFirst().map(aware::indexOf).orElse(-1);
        if (firstV2 >= 0) {
            assertThat(aware.subList(firstV2, aware.size())).allMatch(DocusaurusVersionsIT::v2Migration);
        }
    }

    @Test
    void questionUpgradingFromV2_theV3GuideComesFirst_notTheGuideThatLedToV2() {
        String q = "How do I upgrade from Docusaurus v2?";
        assertThat(urls(q, RetrievalOptions.defaults())).first().asString().contains("/migration/v3");
        assertThat(urls(q, RetrievalOptions.builder().versionAware(false).build()).subList(0, 3))
                .anyMatch(DocusaurusVersionsIT::v2Migration); // what the rule fixes
    }

    @Test
    void aReleaseNoPageNames_isAskedAsItsMajor() {
        assertThat(urls("Build fails after updating to 3.1.0", RetrievalOptions.defaults()))
                .anyMatch(u -> u.contains("/migration/v3"));
    }

    private static boolean v2Migration(String url) {
        return url.matches(".*/migration/v2([/#].*)?");
    }
}
