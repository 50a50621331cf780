package dev.docask.mcp;

import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.SiteReader;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** llms.txt of the three real docs sites (mock embedder): each page the site serves is listed once, at its URL. */
class LlmsTxtRealSitesIT {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource({"vitest, vitest/docs, https://vitest.dev", "docusaurus, docusaurus/website, https://docusaurus.io",
            "astro, astro/src/content/docs, https://docs.astro.build"})
    void llmsTxt_listsEveryServedPageOnceAtItsUrl_inTheConventionsStructure(String site, String folder, String baseUrl)
            throws Exception {
        Path docs = TestSites.sharedData().resolve("docs");
        assumeTrue(Files.isDirectory(docs.resolve(folder)), "the shared docs are not here");
        Set<String> served = Files.readAllLines(docs.resolve(site + "-urls.tsv")).stream().skip(1)
                .map(line -> line.split("\t", -1)).filter(cols -> cols.length > 1 && !cols[1].isBlank())
                .map(cols -> cols[1]).collect(Collectors.toSet());
        IndexBuilder.build(SiteReader.read(docs.resolve(folder), IngestOptions.defaults(baseUrl)), Embedders.fromSpec("mock"),
                IndexBuilder.Settings.defaults("mock").withSiteName(site), tmp.resolve("idx"), n -> { });
        try (DocIndex index = DocIndex.open(tmp.resolve("idx"))) {
            LlmsTxt files = LlmsTxt.of(index);
            List<String> links = LlmsTxtTest.assertStructure(files.index(), served.size());
            Map<String, Long> times = links.stream().collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
            assertThat(times.keySet()).isEqualTo(served);
            assertThat(times.values()).allMatch(n -> n == 1);
            assertThat(LlmsTxt.of(index).index()).as("deterministic").isEqualTo(files.index());
            for (String url : served) {
                assertThat(files.full()).contains("\nSource: " + url + "\n");
            }
        }
    }
}
