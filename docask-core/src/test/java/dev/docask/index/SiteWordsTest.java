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
            assertThat(words.closest("stole")).as("an English word: one edit in its first half makes another word, not a typo")
                    .isEmpty();
            assertThat(words.closest("stall")).as("an English word one edit away in its second half is taken for a variant")
                    .get().extracting(SiteWords.Close::word).isEqualTo("stale");
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

    @Test
    void closest_findsWhatLucenesLevenshteinAutomataFind_onRandomWordsAndTypos() throws Exception {
        java.util.Random rnd = new java.util.Random(42);
        String letters = "abcdefé"; // few letters: many words within two edits of each other, and ties
        java.util.Map<String, Integer> vocabulary = new java.util.HashMap<>();
        while (vocabulary.size() < 3000) {
            vocabulary.put(randomWord(rnd, letters, 3 + rnd.nextInt(10)), 1 + rnd.nextInt(4));
        }
        vocabulary.put("\uD835\uDC9Cbcdefab", 2); // a letter outside the BMP: lengths are counted in code points
        List<String> asked = new java.util.ArrayList<>(List.of("\uD835\uDC9Cbcdefaa", "xbcdefab", "zzzz"));
        List<String> known = List.copyOf(new java.util.TreeSet<>(vocabulary.keySet()));
        for (int i = 0; i < 1500; i++) {
            asked.add(typo(rnd, known.get(rnd.nextInt(known.size())), letters, 1 + rnd.nextInt(3)));
            asked.add(randomWord(rnd, letters, 4 + rnd.nextInt(9)));
        }
        try (SiteWords words = SiteWords.of(vocabulary)) {
            for (String typed : asked) {
                if (!vocabulary.containsKey(typed)) {
                    assertThat(words.closest(typed)).as(typed).isEqualTo(closestByAutomata(vocabulary, typed));
                }
            }
        }
    }

    /** The close word as Lucene's Levenshtein automata find it: what SiteWords did before its scan. */
    private static java.util.Optional<SiteWords.Close> closestByAutomata(java.util.Map<String, Integer> vocabulary, String typed)
            throws Exception {
        if (!SiteWords.isCorrectable(typed)) {
            return java.util.Optional.empty();
        }
        java.util.List<String> sorted = new java.util.ArrayList<>(vocabulary.keySet());
        boolean english = SiteWords.isEnglish(typed); // random words of a few letters can be ("faded", "decade")
        int maxEdits = english ? 1 : typed.length() >= SiteWords.TWO_EDITS_LENGTH ? 2 : 1;
        for (int edits = 1; edits <= maxEdits; edits++) {
            var run = new org.apache.lucene.util.automaton.CharacterRunAutomaton(
                    new org.apache.lucene.util.automaton.LevenshteinAutomata(typed, true).toAutomaton(edits));
            String best = null;
            int bestDf = 0;
            for (String candidate : sorted) {
                if (!run.run(candidate) || candidate.equals(typed) || candidate.length() < SiteWords.MIN_LENGTH - 1
                        || (english && !candidate.startsWith(typed.substring(0, (typed.length() + 1) / 2)))) {
                    continue;
                }
                int df = vocabulary.get(candidate);
                if (df > bestDf || (df == bestDf && best != null && candidate.compareTo(best) < 0)) {
                    best = candidate;
                    bestDf = df;
                }
            }
            if (best != null) {
                return java.util.Optional.of(new SiteWords.Close(best, edits, bestDf));
            }
        }
        return java.util.Optional.empty();
    }

    private static String randomWord(java.util.Random rnd, String letters, int length) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < length; i++) {
            b.append(letters.charAt(rnd.nextInt(letters.length())));
        }
        return b.toString();
    }

    /** {@code word} with {@code n} random edits: a letter changed, dropped, added, or two neighbours swapped. */
    private static String typo(java.util.Random rnd, String word, String letters, int n) {
        StringBuilder b = new StringBuilder(word);
        for (int k = 0; k < n && b.length() > 1; k++) {
            int at = rnd.nextInt(b.length() - 1);
            switch (rnd.nextInt(4)) {
                case 0 -> b.setCharAt(at, letters.charAt(rnd.nextInt(letters.length())));
                case 1 -> b.deleteCharAt(at);
                case 2 -> b.insert(at, letters.charAt(rnd.nextInt(letters.length())));
                default -> {
                    char c = b.charAt(at);
                    b.setCharAt(at, b.charAt(at + 1));
                    b.setCharAt(at + 1, c);
                }
            }
        }
        return b.toString();
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
