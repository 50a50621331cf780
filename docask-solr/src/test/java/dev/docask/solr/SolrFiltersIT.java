package dev.docask.solr;

import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.ingest.Chunk;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.retrieve.Source;
import dev.docask.testsupport.TestIndexes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static dev.docask.testsupport.TestIndexes.chunk;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Metadata filters, copy collapsing, version preference and a filter's messages through Solr (filter
 * queries and facets, no walk over the site) against the local index, on a small versioned site with
 * copies: the same sources for each question and options.
 */
class SolrFiltersIT {
    private static final String SITE = "https://docs.example";
    private static final String SIDEBAR = "Set sidebarCollapsible to false to keep every sidebar category open.";
    private static final String PLUGIN_381 = "The plugin option routeBasePath sets the docs route; in 3.8.1 it defaults to docs.";
    private static final String PLUGIN_NEXT = "The plugin option routeBasePath sets the docs route; it now also accepts an empty string.";
    private static final String THEME = "The theme option colorMode sets the default color mode of the site and the sidebar.";
    private static final List<Chunk> CHUNKS = List.of(
            chunk(SITE + "/docs/next/sidebar#collapsible", "Sidebar", "Collapsible", SIDEBAR, Map.of("version", "next", "docType", "guide")),
            chunk(SITE + "/docs/sidebar#collapsible", "Sidebar", "Collapsible", SIDEBAR, Map.of("version", "3.8.1", "docType", "guide")),
            chunk(SITE + "/docs/2.x/sidebar#collapsible", "Sidebar", "Collapsible", SIDEBAR, Map.of("version", "2.x", "docType", "guide")),
            chunk(SITE + "/docs/plugin#routebasepath", "Docs plugin", "routeBasePath", PLUGIN_381, Map.of("version", "3.8.1", "docType", "api")),
            chunk(SITE + "/docs/next/plugin#routebasepath", "Docs plugin", "routeBasePath", PLUGIN_NEXT, Map.of("version", "next", "docType", "api")),
            chunk(SITE + "/docs/migration/v2", "Upgrading to v2", "", "How to upgrade your site from v1: run the upgrade command and move the config.",
                    Map.of("version", "3.8.1", "tags", "upgrade,config")),
            chunk(SITE + "/docs/migration/v3", "Upgrading to v3", "", "How to upgrade your site to the new major: update React and MDX, then the config.",
                    Map.of("version", "3.8.1", "tags", "upgrade")),
            chunk(SITE + "/docs/theme#colormode", "Theme", "colorMode", THEME, Map.of("version", "3.8.1", "docType", "api")),
            chunk(SITE + "/docs/next/theme#colormode", "Theme", "colorMode", THEME, Map.of("version", "next", "docType", "api")),
            chunk(SITE + "/blog/release", "Release notes", "", "The release adds a sidebar option, a theme option and a plugin option.", Map.of()));

    private static SolrCluster cluster;
    private static DocIndex local;
    private static DocIndex remote;
    private static SolrBackend.Site site;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void start() {
        cluster = SolrCluster.shared();
        local = TestIndexes.build(tmp.resolve("versions"), "mock", CHUNKS);
        SolrBackend.publish(local, cluster.uri(), "versions");
        site = SolrBackend.openSite(cluster.uri(), "versions", SolrConnection.DEFAULT_TIMEOUT);
        remote = site.index();
    }

    @AfterAll
    static void close() {
        remote.close();
        local.close();
    }

    static Stream<Object[]> cases() {
        List<Object[]> out = new ArrayList<>();
        List<String> questions = List.of("sidebarCollapsible category open", "routeBasePath plugin option",
                "how do I upgrade to v2?", "upgrading to version 3", "colorMode theme sidebar option");
        Map<String, UnaryOperator<RetrievalOptions.Builder>> options = new java.util.LinkedHashMap<>();
        options.put("defaults", b -> b);
        options.put("version=next", b -> b.filter(Map.of("version", "next")));
        options.put("version=3.8.1", b -> b.filter(Map.of("version", "3.8.1")));
        options.put("docType=api", b -> b.filter(Map.of("docType", "api")));
        options.put("tags=config (a list's item)", b -> b.filter(Map.of("tags", "config")));
        options.put("url prefix /docs/next/", b -> b.filter(Map.of("url", SITE + "/docs/next/")));
        options.put("source prefix, docType=guide", b -> b.filter(Map.of("docType", "guide", "url", SITE + "/docs/2")));
        options.put("docsVersion next", b -> b.docsVersion("next"));
        options.put("docsVersion 2", b -> b.docsVersion("2"));
        options.put("no copy collapsing", b -> b.collapseCopies(false));
        options.put("no collapsing, version=next", b -> b.collapseCopies(false).filter(Map.of("version", "next")));
        for (String q : questions) {
            options.forEach((name, o) -> out.add(new Object[] {q, name, o}));
        }
        return out.stream();
    }

    private static List<String> urls(Retrieval r) {
        return r.sources().stream().map(Source::url).toList();
    }

    @ParameterizedTest(name = "{0} [{1}]")
    @MethodSource("cases")
    void retrieve_filtersAndVersions_sameSourcesAsLocalIndex(String question, String name, UnaryOperator<RetrievalOptions.Builder> o) {
        RetrievalOptions options = o.apply(RetrievalOptions.builder().minSimilarity(0).minKeywordCoverage(0)).build();
        Retrieval a = HybridRetriever.create(local, Embedders.fromSpec("mock")).retrieve(question, options);
        Retrieval b = HybridRetriever.create(remote, Embedders.fromSpec("mock")).retrieve(question, options);
        assertThat(urls(b)).as("%s [%s]", question, name).isEqualTo(urls(a));
        assertThat(b.hits()).extracting(h -> h.copyUrls()).isEqualTo(a.hits().stream().map(h -> h.copyUrls()).toList());
    }

    @Test
    void filterProblems_sameMessagesAsLocalIndex_fromFacetsNotAWalk() {
        HybridRetriever a = HybridRetriever.create(local, Embedders.fromSpec("mock"));
        HybridRetriever b = HybridRetriever.create(remote, Embedders.fromSpec("mock"));
        long read = site.chunks().chunksRead();
        for (Map<String, String> f : List.of(Map.of("docType", "guid"), Map.of("versoin", "next"), Map.of("version", "4"),
                Map.of("url", SITE + "/api/"), Map.of("source", "nosuch/"), Map.of("tags", "config"), Map.of("url", SITE + "/docs/"))) {
            assertThat(b.filterProblems(f)).as(f.toString()).isEqualTo(a.filterProblems(f));
        }
        assertThat(b.filterProblems(Map.of("docType", "guid"))).singleElement().asString().contains("api, guide");
        assertThat(site.chunks().chunksRead()).as("no chunk read for the vocabulary").isEqualTo(read);
    }
}
