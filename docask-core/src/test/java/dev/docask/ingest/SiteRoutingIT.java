package dev.docask.ingest;

import dev.docask.testsupport.TestSites;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reads the three real documentation sites in {@code ../shared/data/docs} the way a user points
 * docask at them and checks every page lands on the URL the site serves it at (per the site's
 * {@code <site>-urls.tsv}). Run with {@code ./mvnw verify} (failsafe).
 */
class SiteRoutingIT {

    private static Path data;

    @BeforeAll
    static void locateData() {
        data = TestSites.sharedData().resolve("docs");
        Assumptions.assumeTrue(Files.isDirectory(data),
                "skipped: real docs not found at " + data + " (expected ../shared/data/docs beside the repository)");
    }

    @Test
    void vitest_everyListedFile_routesToItsPublicUrl() throws IOException {
        Corpus corpus = checkSite("vitest", "vitest/docs", "docs/", "https://vitest.dev");
        assertThat(corpus.framework()).isEqualTo(Framework.VITEPRESS);
    }

    @Test
    void docusaurus_everyListedFile_routesToItsPublicUrl() throws IOException {
        Corpus corpus = checkSite("docusaurus", "docusaurus/website", "website/", "https://docusaurus.io");
        assertThat(corpus.framework()).isEqualTo(Framework.DOCUSAURUS);
    }

    @Test
    void astro_everyListedFile_routesToItsPublicUrl() throws IOException {
        long start = System.nanoTime();
        Corpus corpus = checkSite("astro", "astro/src/content/docs", "src/content/docs/", "https://docs.astro.build");
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("astro: %d pages, %d chunks in %.2f s%n", corpus.pages(), corpus.chunks().size(), seconds);
        assertThat(corpus.framework()).isEqualTo(Framework.STARLIGHT);
        assertThat(seconds).as("reading the Astro site").isLessThan(10);
    }

    @Test
    void docusaurus_identicalPagesInBothVersions_giveIdenticalChunks() throws IOException {
        Path website = data.resolve("docusaurus/website");
        Corpus corpus = SiteReader.read(website, IngestOptions.defaults("https://docusaurus.io"));
        Map<String, List<Chunk>> bySource = corpus.chunks().stream().collect(Collectors.groupingBy(Chunk::source));
        Path current = website.resolve("docs");
        Path released = website.resolve("versioned_docs/version-3.8.1");
        int identical = 0;
        try (var walk = Files.walk(released)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                String rel = released.relativize(file).toString().replace('\\', '/');
                Path twin = current.resolve(rel);
                if (rel.startsWith("_") || rel.contains("/_") || !Files.exists(twin)
                        || !Arrays.equals(Files.readAllBytes(file), Files.readAllBytes(twin))) {
                    continue;
                }
                identical++;
                assertThat(words(bySource.get("docs/" + rel))).as(rel)
                        .isEqualTo(words(bySource.get("versioned_docs/version-3.8.1/" + rel))).isNotEmpty();
            }
        }
        assertThat(identical).isGreaterThanOrEqualTo(75);
    }

    private static List<String> words(List<Chunk> chunks) {
        List<String> out = new ArrayList<>();
        for (Chunk c : chunks == null ? List.<Chunk>of() : chunks) {
            out.add(c.title() + "\u0000" + c.heading() + "\u0000" + c.text());
        }
        return out;
    }

    private static Corpus checkSite(String site, String folder, String tsvPrefix, String baseUrl) throws IOException {
        Corpus corpus = SiteReader.read(data.resolve(folder), IngestOptions.defaults(baseUrl));
        Map<String, Set<String>> urls = new TreeMap<>();
        corpus.chunks().forEach(c -> urls.computeIfAbsent(c.source(), k -> new TreeSet<>()).add(c.pageUrl()));
        List<String> wrong = new ArrayList<>();
        Set<String> listed = new TreeSet<>();
        List<String> rows = Files.readAllLines(data.resolve(site + "-urls.tsv"));
        for (String line : rows.subList(1, rows.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] cols = line.split("\t", -1);
            String source = cols[0].substring(tsvPrefix.length());
            listed.add(source);
            Set<String> got = urls.getOrDefault(source, Set.of());
            Set<String> want = cols[1].isEmpty() ? Set.of() : Set.of(cols[1]);
            if (!got.equals(want)) {
                wrong.add(source + ": want " + want + " got " + got);
            }
        }
        assertThat(corpus.problems()).as(site + " problems").isEmpty();
        assertThat(corpus.chunks()).as(site + " chunk shape").allSatisfy(c -> {
            assertThat(c.text().length()).isLessThanOrEqualTo(IngestOptions.DEFAULT_CHUNK_SIZE);
            assertThat(c.url()).startsWith(baseUrl + "/").doesNotContain(" ");
            assertThat(c.url().indexOf('#')).isNotEqualTo(c.url().length() - 1);
        });
        assertThat(wrong).as(site + " pages routed to the wrong URL").isEmpty();
        assertThat(urls.keySet()).as(site + " sources not in the manifest").isSubsetOf(listed);
        return corpus;
    }
}
