package dev.docask.retrieve;

import dev.docask.ingest.Chunk;
import dev.docask.testsupport.TestIndexes;
import dev.docask.index.DocIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.docask.testsupport.TestIndexes.chunk;
import static org.assertj.core.api.Assertions.assertThat;

/** What a filter that can match nothing is told, on a real index (keyword only). */
class MetadataVocabularyTest {
    static final List<Chunk> CHUNKS = chunks();

    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("none", CHUNKS);

    private static List<Chunk> chunks() {
        List<Chunk> out = new ArrayList<>(List.of(
                chunk("https://x.dev/guide/mocking#vi-mock", "Mocking", "", "Use vi.mock.", Map.of("docType", "guide", "version", "3")),
                chunk("https://x.dev/api/handler", "Handler", "", "createAskHandler.", Map.of("docType", "api", "version", "3")),
                chunk("https://x.dev/faq", "FAQ", "", "Questions.", Map.of("docType", "guide", "version", "2"))));
        for (int i = 0; i < MetadataVocabulary.MAX_LISTED + 5; i++) {
            out.add(chunk("https://x.dev/blog/post-" + i, "Post " + i, "", "Post number " + i + ".", Map.of("tags", "Tag" + i)));
        }
        return out;
    }

    private static List<String> problems(Map<String, String> filter) {
        return MetadataVocabulary.of(INDEX.index()).problems(filter);
    }

    @Test
    void problems_keysAndValuesThatExist_none() {
        assertThat(problems(Map.of("docType", "guide", "version", "2", "url", "https://x.dev/guide/", "source", "api/"))).isEmpty();
    }

    @Test
    void problems_unknownKey_listsTheKeysThatExist() {
        assertThat(problems(Map.of("doctype", "guide"))).containsExactly("filter doctype=guide matches no chunk: "
                + "no chunk has the key 'doctype'; keys are docType, tags, version, and url and source (which match a prefix)");
    }

    @Test
    void problems_unknownValueOfAFewValuedKey_listsItsValues() {
        assertThat(problems(Map.of("docType", "guides"))).containsExactly("filter docType=guides matches no chunk: "
                + "docType is one of api, guide");
    }

    @Test
    void problems_unknownValueOfAManyValuedKey_givesTheCountAndACaseOnlyMatch() {
        assertThat(problems(Map.of("tags", "tag3"))).containsExactly("filter tags=tag3 matches no chunk: "
                + "none of the 25 values of tags is 'tag3'; did you mean 'Tag3'?");
    }

    @Test
    void problems_urlPrefixNoChunkHas_saysHowUrlsStart() {
        assertThat(problems(Map.of("url", "https://x.dev/guides/"))).containsExactly("filter url=https://x.dev/guides/ "
                + "matches no chunk: no url starts with 'https://x.dev/guides/'; urls start with https://x.dev/api/, "
                + "https://x.dev/blog/, https://x.dev/faq, https://x.dev/guide/");
    }

    @Test
    void problems_eachBadPart_oneSentenceInKeyOrder() {
        assertThat(problems(Map.of("version", "4", "docType", "api", "source", "docs/")))
                .hasSize(2).satisfiesExactly(
                        p -> assertThat(p).startsWith("filter source=docs/ matches no chunk: no source starts with 'docs/'"),
                        p -> assertThat(p).isEqualTo("filter version=4 matches no chunk: version is one of 2, 3"));
    }

    @Test
    void problems_anItemOfAListValue_isAKnownValue(@TempDir Path dir) {
        List<Chunk> chunks = List.of(chunk("https://x.dev/a", "A", "", "Text.", Map.of("tags", "alpha,beta")));
        try (DocIndex index = TestIndexes.build(dir, "none", chunks)) {
            assertThat(MetadataVocabulary.of(index).problems(Map.of("tags", "beta"))).isEmpty();
            assertThat(MetadataVocabulary.of(index).problems(Map.of("tags", "alpha,beta"))).as("the list as stored").isEmpty();
            assertThat(MetadataVocabulary.of(index).problems(Map.of("tags", "gamma"))).as("its items listed, not the list too")
                    .containsExactly("filter tags=gamma matches no chunk: tags is one of alpha, beta");
        }
    }
}
