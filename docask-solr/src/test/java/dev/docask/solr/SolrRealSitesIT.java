package dev.docask.solr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.SiteReader;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.retrieve.Source;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The three real docs sites (../shared/data/docs), each a site of one collection on the 2-node cluster,
 * answer their dev questions (short and long forms) with the same sources as their local indexes.
 */
class SolrRealSitesIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[][] SITES = {
            {"vitest", "vitest/docs", "https://vitest.dev"},
            {"docusaurus", "docusaurus/website", "https://docusaurus.io"},
            {"astro", "astro/src/content/docs", "https://docs.astro.build"}};

    @TempDir
    Path tmp;

    @Test
    void threeSites_inOneCollection_sameSourcesAsTheirLocalIndexes() throws Exception {
        Path docs = TestSites.sharedData().resolve("docs");
        assumeTrue(Files.isDirectory(docs.resolve("vitest")), "the shared docs are not here");
        SolrCluster cluster = SolrCluster.shared();
        int asked = 0;
        int same = 0;
        List<Long> localMicros = new ArrayList<>();
        List<Long> solrMicros = new ArrayList<>();
        long published = 0;
        long publishNanos = 0;
        List<String> differ = new ArrayList<>();
        for (String[] s : SITES) {
            Path dir = tmp.resolve(s[0]);
            IndexBuilder.build(SiteReader.read(docs.resolve(s[1]), IngestOptions.defaults(s[2])), Embedders.fromSpec("mock"),
                    IndexBuilder.Settings.defaults("mock").withSiteName(s[0]), dir, n -> { });
            try (DocIndex local = DocIndex.open(dir)) {
                long t0 = System.nanoTime();
                SolrBackend.publish(local, cluster.uri(), s[0]);
                publishNanos += System.nanoTime() - t0;
                published += local.size();
                try (DocIndex remote = SolrBackend.open(cluster.uri(), s[0])) {
                    HybridRetriever a = HybridRetriever.create(local, Embedders.fromSpec("mock"));
                    HybridRetriever b = HybridRetriever.create(remote, Embedders.fromSpec("mock"));
                    for (String line : Files.readAllLines(docs.resolve(s[0] + "-dev-questions.jsonl"))) {
                        JsonNode q = JSON.readTree(line);
                        for (String text : List.of(q.get("question").asText(), q.path("long_question").asText(""))) {
                            if (text.isBlank()) {
                                continue;
                            }
                            asked++;
                            a.retrieve(text, RetrievalOptions.defaults()); // warm: the second run is timed
                            b.retrieve(text, RetrievalOptions.defaults());
                            long t1 = System.nanoTime();
                            Retrieval ra = a.retrieve(text, RetrievalOptions.defaults());
                            long t2 = System.nanoTime();
                            Retrieval rb = b.retrieve(text, RetrievalOptions.defaults());
                            long t3 = System.nanoTime();
                            localMicros.add((t2 - t1) / 1000);
                            solrMicros.add((t3 - t2) / 1000);
                            if (urls(ra).equals(urls(rb)) && ra.answerable() == rb.answerable()) {
                                same++;
                            } else {
                                differ.add(s[0] + ": " + text + "\n  local " + urls(ra) + "\n  solr  " + urls(rb)
                                        + "\n" + CandidateDiff.of(local, remote, text));
                            }
                        }
                    }
                }
            }
        }
        System.out.printf("docask-solr: %d of %d questions with the same sources as the local index%n%s%n", same, asked,
                String.join("\n", differ));
        System.out.printf("docask-solr: retrieval p50/p99 local %d/%d us, solr %d/%d us; published %d chunks in %.1f s (%.0f chunks/s)%n",
                percentile(localMicros, 50), percentile(localMicros, 99), percentile(solrMicros, 50), percentile(solrMicros, 99),
                published, publishNanos / 1e9, published / (publishNanos / 1e9));
        assertThat(asked).isGreaterThanOrEqualTo(70); // 45 questions, 28 of them with a long form
        assertThat((double) same / asked).as("share with the same sources; differences:\n%s", String.join("\n", differ))
                .isGreaterThanOrEqualTo(0.95);
    }

    private static long percentile(List<Long> values, int p) {
        List<Long> sorted = values.stream().sorted().toList();
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }

    private static List<String> urls(Retrieval r) {
        return r.sources().stream().map(Source::url).toList();
    }
}
