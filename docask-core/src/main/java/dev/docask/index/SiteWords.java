package dev.docask.index;

import dev.docask.ingest.Chunk;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.core.LetterTokenizer;
import org.apache.lucene.analysis.core.LowerCaseFilter;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.automaton.CompiledAutomaton;
import org.apache.lucene.util.automaton.LevenshteinAutomata;
import org.jspecify.annotations.Nullable;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Optional;

/*
 * The words of a site as they are written (lower case, letters only, not stemmed), for matching a
 * misspelt question word to the word it meant (docs/retrieval.md, "Typos"). The search field holds
 * stems, and a stemmer cuts a misspelt word differently from the right one ("steting" -> "stete",
 * "setting" -> "set"), so the match is made on written words and the word found is then stemmed.
 *
 * The index holds them in a field of their own (FIELD: docs only, no norms, so BM25 does not see it);
 * for an index built before that field existed they are gathered in memory from the chunks' text the
 * first time a question has a word that is on no page. Either way a word's document frequency counts
 * chunks, as the search field's does, and Lucene's Levenshtein automata find the close words in the
 * term dictionary.
 *
 * A word of MIN_LENGTH letters or more may be matched: one edit away (a letter added, dropped,
 * changed, or two neighbours swapped) under TWO_EDITS_LENGTH letters, two from that length on, the
 * lengths at which Lucene's and Elasticsearch's "auto" fuzziness allow them. The fewest edits win,
 * then the word on most chunks, then the first in alphabetical order.
 */
final class SiteWords implements Closeable {
    static final int MIN_LENGTH = 4;
    static final int TWO_EDITS_LENGTH = 8;
    /** The index field of written words. */
    static final String FIELD = "words";
    private static final FieldType TYPE = fieldType();

    /** A written word of the site close to a question's word. */
    record Close(String word, int edits, int docFreq) {
        /** Lucene's fuzzy-query boost: 1 - edits / the shorter of the two lengths. */
        float weight(String typed) {
            return 1f - (float) edits / Math.min(typed.length(), word.length());
        }
    }

    private final @Nullable Terms terms;
    private final @Nullable Closeable owned; // the in-memory index, for an index without the field
    private final @Nullable Map<String, Integer> docFreqs; // when a search service counted the chunks, not `terms`

    private SiteWords(@Nullable Terms terms, @Nullable Closeable owned) {
        this(terms, owned, null);
    }

    private SiteWords(@Nullable Terms terms, @Nullable Closeable owned, @Nullable Map<String, Integer> docFreqs) {
        this.terms = terms;
        this.owned = owned;
        this.docFreqs = docFreqs;
    }

    private static FieldType fieldType() {
        FieldType type = new FieldType();
        type.setIndexOptions(IndexOptions.DOCS);
        type.setTokenized(true);
        type.setOmitNorms(true);
        type.freeze();
        return type;
    }

    /** The field of written words for one chunk's document (the text its search field holds). */
    static Field field(String text) {
        return new Field(FIELD, text, TYPE);
    }

    /** The analyser of {@link #FIELD}: lower-case runs of letters. */
    static Analyzer analyzer() {
        return new WrittenWords();
    }

    /**
     * The written words of the index {@code reader} reads, from its own field; for an index without
     * that field, gathered in memory from {@code chunks}' text.
     */
    static SiteWords of(DirectoryReader reader, List<Chunk> chunks) throws IOException {
        Terms stored = MultiTerms.getTerms(reader, FIELD);
        return stored != null ? new SiteWords(stored, null) : gather(chunks);
    }

    static SiteWords gather(List<Chunk> chunks) {
        ByteBuffersDirectory dir = new ByteBuffersDirectory();
        try (Analyzer words = analyzer();
             IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(words).setRAMBufferSizeMB(64))) {
            for (Chunk c : chunks) {
                Document d = new Document();
                d.add(field(c.title() + "\n" + c.heading() + "\n" + c.text()));
                w.addDocument(d);
            }
            w.forceMerge(1);
            w.commit();
        } catch (IOException e) {
            throw new UncheckedIOException("could not gather the site's words", e);
        }
        return read(dir, null);
    }

    /** The words of an in-memory index just written, which the returned SiteWords closes. */
    private static SiteWords read(ByteBuffersDirectory dir, @Nullable Map<String, Integer> docFreqs) {
        try {
            DirectoryReader reader = DirectoryReader.open(dir);
            return new SiteWords(MultiTerms.getTerms(reader, FIELD), () -> {
                reader.close();
                dir.close();
            }, docFreqs);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the site's words", e);
        }
    }

    /**
     * The written words a search service counted ({@code word → chunks it is on}): held in memory as
     * one in-memory document of the words, its term dictionary for the automata, the counts beside it.
     * Memory grows with the site's vocabulary, not with its chunks.
     */
    static SiteWords of(Map<String, Integer> words) {
        ByteBuffersDirectory dir = new ByteBuffersDirectory();
        try (Analyzer analyzer = analyzer();
             IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(analyzer))) {
            Document d = new Document();
            d.add(field(String.join(" ", words.keySet())));
            w.addDocument(d);
            w.commit();
        } catch (IOException e) {
            throw new UncheckedIOException("could not hold the site's words", e);
        }
        return read(dir, Map.copyOf(words));
    }

    /** Whether {@code typed} is a word this matching may correct: letters only, long enough. */
    static boolean isCorrectable(String typed) {
        return typed.length() >= MIN_LENGTH && typed.chars().allMatch(Character::isLetter);
    }

    /** Whether the site writes {@code word} (lower case) anywhere. */
    boolean has(String word) throws IOException {
        return terms != null && terms.iterator().seekExact(new BytesRef(word));
    }

    /** The closest written word of the site to {@code typed} (lower case), if one is near enough. */
    Optional<Close> closest(String typed) throws IOException {
        String t = typed.toLowerCase(Locale.ROOT);
        if (terms == null || !isCorrectable(t)) {
            return Optional.empty();
        }
        int maxEdits = t.length() >= TWO_EDITS_LENGTH ? 2 : 1;
        for (int edits = 1; edits <= maxEdits; edits++) {
            CompiledAutomaton near = new CompiledAutomaton(new LevenshteinAutomata(t, true).toAutomaton(edits), true, false);
            TermsEnum te = near.getTermsEnum(terms);
            String best = null;
            int bestDf = 0;
            for (BytesRef b = te.next(); b != null; b = te.next()) {
                String candidate = b.utf8ToString();
                if (candidate.equals(t) || candidate.length() < MIN_LENGTH - 1) {
                    continue;
                }
                int df = docFreqs == null ? te.docFreq() : docFreqs.getOrDefault(candidate, 0);
                if (df > bestDf || (df == bestDf && best != null && candidate.compareTo(best) < 0)) {
                    best = candidate;
                    bestDf = df;
                }
            }
            if (best != null) {
                return Optional.of(new Close(best, edits, bestDf));
            }
        }
        return Optional.empty();
    }

    @Override
    public void close() throws IOException {
        if (owned != null) {
            owned.close();
        }
    }

    /** Lower-case runs of letters: words as written, not stemmed. */
    private static final class WrittenWords extends Analyzer {
        @Override
        protected TokenStreamComponents createComponents(String fieldName) {
            Tokenizer source = new LetterTokenizer();
            return new TokenStreamComponents(source, new LowerCaseFilter(source));
        }
    }
}
