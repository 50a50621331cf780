package dev.docask.retrieve;

import dev.docask.ingest.Chunk;
import dev.docask.testsupport.TestIndexes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.Map;

import static dev.docask.testsupport.TestIndexes.chunk;
import static org.assertj.core.api.Assertions.assertThat;

/** Version-aware retrieval (docs/retrieval.md, "Versions"), on a small Docusaurus-shaped site: 3.8.1 at /docs, next at /docs/next. */
class VersionPreferenceTest {
    private static final String SITE = "https://docs.example";
    private static final String SIDEBAR = "Set sidebarCollapsible to false to keep every sidebar category open.";
    private static final String PLUGIN_381 = "The plugin option routeBasePath sets the docs route; in 3.8.1 it defaults to docs.";
    private static final String PLUGIN_NEXT = "The plugin option routeBasePath sets the docs route; it now also accepts an empty string.";

    private static final List<Chunk> CHUNKS = List.of(
            chunk(SITE + "/docs/sidebar#collapsible", "Sidebar", "Collapsible", SIDEBAR, Map.of("version", "3.8.1")),
            chunk(SITE + "/docs/next/sidebar#collapsible", "Sidebar", "Collapsible", SIDEBAR, Map.of("version", "next")),
            chunk(SITE + "/docs/plugin#routebasepath", "Docs plugin", "routeBasePath", PLUGIN_381, Map.of("version", "3.8.1")),
            chunk(SITE + "/docs/next/plugin#routebasepath", "Docs plugin", "routeBasePath", PLUGIN_NEXT, Map.of("version", "next")),
            chunk(SITE + "/docs/migration/v2", "Upgrading to v2", "", "How to upgrade your site from v1: run the upgrade command and move the config.",
                    Map.of("version", "3.8.1")),
            chunk(SITE + "/docs/migration/v3", "Upgrading to v3", "", "How to upgrade your site to the new major: update React and MDX, then the config.",
                    Map.of("version", "3.8.1")),
            chunk(SITE + "/docs/next/faster", "Faster builds", "", "The experimental faster option swaps the bundler for Rspack.",
                    Map.of("version", "next")),
            chunk(SITE + "/blog/release", "Release notes", "", "The release adds a sidebar option and a plugin option.", Map.of()));

    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", CHUNKS);

    private static Retrieval retrieve(String question, RetrievalOptions.Builder options) {
        return INDEX.retriever().retrieve(question, options.minSimilarity(0).minKeywordCoverage(0).build());
    }

    private static List<String> sourceUrls(Retrieval r) {
        return r.sources().stream().map(Source::url).toList();
    }

    @Test
    void docsVersion_copyOfThatVersion_isCitedAtItsUrl() {
        Retrieval r = retrieve("sidebarCollapsible category open", RetrievalOptions.builder().docsVersion("next"));

        assertThat(sourceUrls(r)).first().isEqualTo(SITE + "/docs/next/sidebar#collapsible");
        assertThat(r.sources().get(0).hits().get(0).copyUrls()).containsExactly(SITE + "/docs/sidebar#collapsible");
    }

    @Test
    void noDocsVersion_copiesAreCitedAtTheCanonicalUrl() {
        Retrieval r = retrieve("sidebarCollapsible category open", RetrievalOptions.builder());

        assertThat(sourceUrls(r)).first().isEqualTo(SITE + "/docs/sidebar#collapsible");
    }

    @Test
    void docsVersion_pagesOfOtherVersionsRankAfterTheReadersVersion() {
        List<String> latest = sourceUrls(retrieve("routeBasePath plugin option", RetrievalOptions.builder().docsVersion("3.8.1").noMaxPerSource()));
        List<String> next = sourceUrls(retrieve("routeBasePath plugin option", RetrievalOptions.builder().docsVersion("next").noMaxPerSource()));

        assertThat(latest.indexOf(SITE + "/docs/plugin#routebasepath"))
                .isLessThan(latest.indexOf(SITE + "/docs/next/plugin#routebasepath"));
        assertThat(next.indexOf(SITE + "/docs/next/plugin#routebasepath"))
                .isLessThan(next.indexOf(SITE + "/docs/plugin#routebasepath"));
    }

    @Test
    void noVersionAskedOrNamed_theVersionsOfOnePage_takeOnePlace() {
        String question = "routeBasePath plugin option";
        java.util.function.Function<List<String>, Long> versionsOfThePage =
                urls -> urls.stream().filter(u -> u.endsWith("/plugin#routebasepath")).count();

        assertThat(versionsOfThePage.apply(sourceUrls(retrieve(question, RetrievalOptions.builder())))).isEqualTo(1);
        assertThat(versionsOfThePage.apply(sourceUrls(retrieve(question, RetrievalOptions.builder().noMaxPerSource()))))
                .as("without the page limit both versions are sources").isEqualTo(2);
    }

    @Test
    void docsVersion_thePageIsCitedOnce_atTheReadersVersion() {
        for (String version : List.of("3.8.1", "next")) {
            List<String> urls = sourceUrls(retrieve("routeBasePath empty string", RetrievalOptions.builder().docsVersion(version)));

            assertThat(urls.stream().filter(u -> u.endsWith("/plugin#routebasepath")))
                    .as("two versions of a page are not two answers; the reader's is the one kept")
                    .containsExactly(SITE + (version.equals("next") ? "/docs/next" : "/docs") + "/plugin#routebasepath");
        }
    }

    @Test
    void docsVersion_anotherVersionsPage_staysASource_whenTheReadersVersionHasNoneOfIt() {
        Retrieval r = retrieve("faster option Rspack bundler", RetrievalOptions.builder().docsVersion("3.8.1"));

        assertThat(sourceUrls(r)).contains(SITE + "/docs/next/faster");
    }

    @Test
    void retrieval_saysWhichVersionFolderItRankedFor() {
        assertThat(retrieve("routeBasePath plugin option", RetrievalOptions.builder().docsVersion("v3")).docsVersion())
                .as("a major stands for its latest folder").contains("3.8.1");
        assertThat(retrieve("routeBasePath plugin option", RetrievalOptions.builder().docsVersion("NEXT")).docsVersion())
                .contains("next");
        assertThat(retrieve("routeBasePath plugin option", RetrievalOptions.builder().docsVersion("sidebar")).docsVersion())
                .as("no folder: ranked as without a version").isEmpty();
        assertThat(retrieve("what changed in v3 for the plugin option", RetrievalOptions.builder()).docsVersion())
                .as("a major the question names").contains("3.8.1");
        assertThat(retrieve("routeBasePath plugin option", RetrievalOptions.builder()).docsVersion()).isEmpty();
    }

    @Test
    void docsVersion_unversionedPages_keepTheirPlace() {
        Retrieval r = retrieve("release notes sidebar option", RetrievalOptions.builder().docsVersion("next"));

        assertThat(sourceUrls(r)).first().isEqualTo(SITE + "/blog/release");
    }

    @Test
    void docsVersion_unknownToTheIndex_changesNothing() {
        RetrievalOptions.Builder none = RetrievalOptions.builder();
        assertThat(sourceUrls(retrieve("routeBasePath plugin option", RetrievalOptions.builder().docsVersion("1.0"))))
                .isEqualTo(sourceUrls(retrieve("routeBasePath plugin option", none)));
        assertThat(INDEX.retriever().docsVersionProblem("1.0")).as("so the command line can say so").hasValue(
                "docs version 1.0 matches none of the index's versions (3.8.1, next): the sources are chosen as if no version were given");
        assertThat(INDEX.retriever().docsVersionProblem("NEXT")).isEmpty();
        assertThat(INDEX.retriever().docsVersionProblem("v3")).as("a major the index has").isEmpty();
    }

    @Test
    void docsVersion_aMajor_meansTheLatestFolderOfThatMajor() {
        Retrieval r = retrieve("sidebarCollapsible category open", RetrievalOptions.builder().docsVersion("v3"));

        assertThat(sourceUrls(r)).first().isEqualTo(SITE + "/docs/sidebar#collapsible");
    }

    @Test
    void questionNamingAMajor_pagesWhoseUrlNamesAnotherMajorRankLater() {
        List<String> v3 = sourceUrls(retrieve("how to upgrade my site to 3.x", RetrievalOptions.builder()));
        List<String> v2 = sourceUrls(retrieve("how to upgrade my site to v2", RetrievalOptions.builder()));

        assertThat(v3.indexOf(SITE + "/docs/migration/v3")).isLessThan(v3.indexOf(SITE + "/docs/migration/v2"));
        assertThat(v2.indexOf(SITE + "/docs/migration/v2")).isLessThan(v2.indexOf(SITE + "/docs/migration/v3"));
    }

    @Test
    void questionNamingAMajor_versionAwareFalse_keepsTheFusedOrder() {
        RetrievalOptions.Builder off = RetrievalOptions.builder().versionAware(false);
        assertThat(sourceUrls(retrieve("how to upgrade my site to v2", off)))
                .isEqualTo(sourceUrls(retrieve("how to upgrade my site", RetrievalOptions.builder())));
    }

    @Test
    void questionUpgradingFromAMajor_asksForTheNextMajor_notTheGuideThatLedToIt() {
        List<String> from2 = sourceUrls(retrieve("how to upgrade my site from v2", RetrievalOptions.builder()));

        assertThat(from2.indexOf(SITE + "/docs/migration/v3")).isNotNegative()
                .isLessThan(from2.indexOf(SITE + "/docs/migration/v2"));
        assertThat(retrieve("how to upgrade my site from v2", RetrievalOptions.builder()).docsVersion()).contains("3.8.1");
    }

    @Test
    void questionUpgradingFromTheLatestMajor_changesNothing() {
        RetrievalOptions.Builder off = RetrievalOptions.builder().versionAware(false);
        assertThat(sourceUrls(retrieve("how to upgrade my site from v3", RetrievalOptions.builder())))
                .isEqualTo(sourceUrls(retrieve("how to upgrade my site from v3", off)));
    }

    @Test
    void pathTags_readMajorSegmentsOnly() {
        assertThat(VersionPreference.pathTags(SITE + "/docs/migration/v2/manual")).containsExactly(2);
        assertThat(VersionPreference.pathTags(SITE + "/en/guides/upgrade-to/v5/")).containsExactly(5);
        assertThat(VersionPreference.pathTags(SITE + "/docs/3.8.1/intro")).isEmpty();
    }

    @Test
    void docsVersion_badName_namesTheOption() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RetrievalOptions.builder().docsVersion("<script>"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("docsVersion");
        assertThat(RetrievalOptions.parse("docsVersion=next").docsVersion()).contains("next");
    }

    @Test
    void versionFoldersOfAnyLayout_readFromAFolder_areVersions_andTheNewestIsTheDefault(@org.junit.jupiter.api.io.TempDir
                                                                                          java.nio.file.Path tmp) throws Exception {
        // a site versioned by hand (or by mike): /v2/ and /v3/ folders holding the same pages, one changed
        java.nio.file.Path site = tmp.resolve("site");
        for (String v : List.of("v2", "v3")) {
            java.nio.file.Files.createDirectories(site.resolve(v));
            java.nio.file.Files.writeString(site.resolve(v + "/caching.md"), "# Caching\n\nSet cacheTtl to keep rendered pages "
                    + "for that many seconds before the relay renders them again.\n");
            java.nio.file.Files.writeString(site.resolve(v + "/install.md"), "# Install\n\nRun the installer with "
                    + (v.equals("v2") ? "the legacy flag" : "no flag") + " and then start the service once.\n");
        }
        var corpus = dev.docask.ingest.SiteReader.read(site, dev.docask.ingest.IngestOptions.defaults("https://docs.example"));
        java.nio.file.Path dir = tmp.resolve("index");
        try (dev.docask.index.DocIndex index = TestIndexes.build(dir, "mock", corpus.chunks())) {
            HybridRetriever r = HybridRetriever.create(index);
            RetrievalOptions.Builder open = RetrievalOptions.builder().minSimilarity(0).minKeywordCoverage(0);

            assertThat(r.retrieve("cacheTtl rendered pages seconds", open.build()).sources().get(0).url())
                    .as("the copy is cited at the newest version").isEqualTo("https://docs.example/v3/caching");
            Retrieval v2 = r.retrieve("cacheTtl rendered pages seconds", open.docsVersion("v2").build());
            assertThat(v2.sources().get(0).url()).isEqualTo("https://docs.example/v2/caching");
            assertThat(v2.docsVersion()).contains("v2");
            assertThat(r.retrieve("run the installer flag start the service", open.docsVersion("v2").noMaxPerSource().build())
                    .sources().get(0).url()).as("a page that differs: the reader's version first")
                    .isEqualTo("https://docs.example/v2/install");
        }
    }

    @Test
    void latestDocsAtTheRoot_aMajorNewerThanEveryFolder_meansTheRoot(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
            throws Exception {
        // the latest docs at the root, the older major in a /v2/ folder that mirrors them (docs/retrieval.md, "Versions")
        java.nio.file.Path site = tmp.resolve("site");
        for (String v : List.of("", "v2/")) {
            java.nio.file.Files.createDirectories(site.resolve(v + "guide"));
            java.nio.file.Files.writeString(site.resolve(v + "guide/caching.md"), "# Caching\n\nSet cacheTtl to keep rendered "
                    + "pages " + (v.isEmpty() ? "for that many seconds" : "for that many minutes") + " before the relay renders them again.\n");
            java.nio.file.Files.writeString(site.resolve(v + "guide/install.md"), "# Install\n\nRun the installer and then start "
                    + "the service once.\n");
        }
        var corpus = dev.docask.ingest.SiteReader.read(site, dev.docask.ingest.IngestOptions.defaults("https://docs.example"));
        try (dev.docask.index.DocIndex index = TestIndexes.build(tmp.resolve("index"), "mock", corpus.chunks())) {
            HybridRetriever r = HybridRetriever.create(index);
            RetrievalOptions.Builder open = RetrievalOptions.builder().minSimilarity(0).minKeywordCoverage(0).noMaxPerSource();
            String question = "cacheTtl rendered pages";

            Retrieval v3 = r.retrieve(question, open.docsVersion("v3").build());
            assertThat(v3.docsVersion()).as("v3 is newer than every folder: the root's").contains("latest");
            assertThat(v3.sources().get(0).url()).isEqualTo("https://docs.example/guide/caching");
            Retrieval v2 = r.retrieve(question, open.docsVersion("v2").build());
            assertThat(v2.sources().get(0).url()).isEqualTo("https://docs.example/v2/guide/caching");
            assertThat(r.retrieve(question, open.docsVersion("v1").build()).docsVersion()).as("older than every folder").isEmpty();
            assertThat(r.retrieve("upgrading from v2: " + question, RetrievalOptions.builder().minSimilarity(0)
                    .minKeywordCoverage(0).noMaxPerSource().build()).docsVersion()).as("an upgrade from the newest folder").contains("latest");
        }
    }
}
