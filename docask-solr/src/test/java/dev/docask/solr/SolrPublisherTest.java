package dev.docask.solr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.ingest.Chunk;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SolrPublisherTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void tokens_identifierWholeAndSplit_partsAtTheSamePosition() throws Exception {
        JsonNode v = JSON.readTree(SolrPublisher.tokens("call createAskHandler"));
        List<String> terms = new ArrayList<>();
        List<Integer> increments = new ArrayList<>();
        v.get("tokens").forEach(t -> {
            terms.add(t.get("t").asText());
            increments.add(t.get("i").asInt());
        });
        assertThat(v.get("v").asText()).isEqualTo("1");
        assertThat(terms).contains("call", "createaskhandler", "creat", "ask", "handler");
        // BM25's length counts positions, not tokens: the parts of one identifier add none
        assertThat(increments.stream().filter(i -> i > 0).count()).isLessThan(terms.size());
    }

    @Test
    void chunkJson_roundTrips() {
        Chunk c = new Chunk(TestSites.MOCKING.url(), "T", "H", "text \"quoted\"\nline", "a.md", Map.of("docType", "guide"));
        assertThat(SolrPublisher.chunk(SolrPublisher.chunkJson(c))).isEqualTo(c);
        assertThat(SolrPublisher.chunk(SolrPublisher.chunkJson(TestSites.CONFIG))).isEqualTo(TestSites.CONFIG);
    }

    @Test
    void ordinals_firstPublish_builtOrder() {
        assertThat(SolrPublisher.ordinals(new String[] {"a", "b", "c"}, Map.of())).containsExactly(0, 1, 2);
    }

    @Test
    void ordinals_chunksKept_keepTheirOrdinalsAndNewOnesTakeTheFreedOnes() {
        // b (ordinal 1) removed, d and e added: d takes 1, e the next free one
        Map<String, SolrPublisher.Place> was = Map.of("a", new SolrPublisher.Place(0, 0), "b", new SolrPublisher.Place(1, 1),
                "c", new SolrPublisher.Place(2, 0));
        assertThat(SolrPublisher.ordinals(new String[] {"d", "c", "a", "e"}, was)).containsExactly(1, 2, 0, 3);
    }

    @Test
    void ordinals_moreRemovedThanAdded_theChunksAboveTheCountMoveDown() {
        Map<String, SolrPublisher.Place> was = Map.of("a", new SolrPublisher.Place(0, 0), "b", new SolrPublisher.Place(1, 1),
                "c", new SolrPublisher.Place(2, 2), "d", new SolrPublisher.Place(3, 3));
        assertThat(SolrPublisher.ordinals(new String[] {"a", "d"}, was)).containsExactly(0, 1);
    }
}
