package dev.docask.retrieve;

import dev.docask.ingest.Chunk;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.docask.testsupport.TestIndexes.chunk;
import static org.assertj.core.api.Assertions.assertThat;

/** docs/retrieval.md §3: only chunks whose metadata match the filter are searched. */
class MetadataFilterTest {
    private static final Chunk TAGGED = chunk("https://x.dev/blog/release#notes", "Release", "Notes", "New things.",
            Map.of("docType", "blog", "tags", "release, vitest,browser"));

    @Test
    void everyKeyMustBeEqual() {
        assertThat(MetadataFilter.matches(TAGGED, Map.of("docType", "blog"))).isTrue();
        assertThat(MetadataFilter.matches(TAGGED, Map.of("docType", "blog", "tags", "nope"))).isFalse();
        assertThat(MetadataFilter.matches(TAGGED, Map.of("version", "3"))).isFalse();
    }

    @Test
    void urlAndSourceMatchAsPrefixes() {
        assertThat(MetadataFilter.matches(TAGGED, Map.of("url", "https://x.dev/blog/"))).isTrue();
        assertThat(MetadataFilter.matches(TAGGED, Map.of("url", "https://x.dev/docs/"))).isFalse();
    }

    @Test
    void aListValue_matchesEachOfItsItems_andTheWholeList() {
        assertThat(MetadataFilter.matches(TAGGED, Map.of("tags", "vitest"))).isTrue();
        assertThat(MetadataFilter.matches(TAGGED, Map.of("tags", "browser"))).isTrue();
        assertThat(MetadataFilter.matches(TAGGED, Map.of("tags", "release, vitest,browser"))).isTrue();
        assertThat(MetadataFilter.matches(TAGGED, Map.of("tags", "vit"))).isFalse();
    }
}
