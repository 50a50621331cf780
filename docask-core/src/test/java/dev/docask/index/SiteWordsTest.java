package dev.docask.index;

import dev.docask.ingest.Chunk;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.docask.testsupport.TestIndexes.chunk;
import static org.assertj.core.api.Assertions.assertThat;

class SiteWordsTest {
    private final List<Chunk> chunks = List.of(
            chunk("https://x.dev/a", "Styles", "", "Styles and style sheets; sidebar styles."),
            chunk("https://x.dev/b", "Stale", "", "A stale cache."));

    @Test
    void closest_fewestEditsWin_thenTheWordOnMostChunks() throws Exception {
        try (DirectoryReader reader = withoutWordsField(); SiteWords words = SiteWords.of(reader, chunks)) {
            assertThat(words.closest("sytles")).get().extracting(SiteWords.Close::word, SiteWords.Close::edits)
                    .containsExactly("styles", 1);
            assertThat(words.closest("stylez")).as("style and styles are both one edit away, on one chunk each: alphabetical")
                    .get().extracting(SiteWords.Close::word).isEqualTo("style");
            assertThat(words.closest("Sidebar")).as("a word the site has is not respelt").isEmpty();
            assertThat(words.closest("xylophone")).isEmpty();
        }
    }

    @Test
    void anIndexBuiltBeforeTheWordsField_hasItsWordsGatheredFromTheChunks() throws Exception {
        try (DirectoryReader reader = withoutWordsField(); SiteWords words = SiteWords.of(reader, chunks)) {
            assertThat(words.has("sheets")).isTrue();
            assertThat(words.has("sheet")).as("written words, not stems").isFalse();
        }
    }

    @Test
    void weight_isLucenesFuzzyBoost() {
        assertThat(new SiteWords.Close("sidebar", 1, 3).weight("sidbar")).isEqualTo(1 - 1f / 6);
        assertThat(new SiteWords.Close("internationalization", 2, 3).weight("intrenationalizaton")).isEqualTo(1 - 2f / 19);
    }

    /** A Lucene index of the chunks with the search field only, as docask wrote before the words field. */
    private DirectoryReader withoutWordsField() throws Exception {
        ByteBuffersDirectory dir = new ByteBuffersDirectory();
        try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(DocsAnalyzer.forPages()))) {
            for (Chunk c : chunks) {
                Document d = new Document();
                d.add(new TextField(DocIndex.FIELD, c.text(), Field.Store.NO));
                w.addDocument(d);
            }
        }
        return DirectoryReader.open(dir);
    }
}
