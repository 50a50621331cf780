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
import org.jspecify.annotations.Nullable;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/*
 * The words of a site as they are written (lower case, letters only, not stemmed), for matching a
 * misspelt question word to the word it meant (docs/retrieval.md, "Typos"). The search field holds
 * stems, and a stemmer cuts a misspelt word differently from the right one ("steting" -> "stete",
 * "setting" -> "set"), so the match is made on written words and the word found is then stemmed.
 *
 * The index holds them in a field of their own (FIELD: docs only, no norms, so BM25 does not see it);
 * for an index built before that field existed they are gathered in memory from the chunks' text the
 * first time a question has a word that is on no page. Either way a word's document frequency counts
 * chunks, as the search field's does.
 *
 * The close words are found by a scan of the written words held in memory by length (the Lexicon, built
 * the first time a word is looked for): a letter-set signature rules out most words with one XOR, and a
 * banded edit distance that stops once a row exceeds the limit checks the rest. Building Lucene's
 * Levenshtein automata for each word, which gives the same words, cost about 1 ms a word and was most of
 * a real question's retrieval time (docs/benchmarks.md, "Close words: a scan instead of automata").
 *
 * A word of MIN_LENGTH letters or more may be matched: one edit away (a letter added, dropped,
 * changed, or two neighbours swapped) under TWO_EDITS_LENGTH letters, two from that length on, the
 * lengths at which Lucene's and Elasticsearch's "auto" fuzziness allow them. The fewest edits win,
 * then the word on most chunks, then the first in alphabetical order. An English word (the bundled list) is a word
 * the reader meant, not a typo: it may only become a variant of itself, one edit away after its first half.
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
    private volatile @Nullable Lexicon lexicon; // built on first need: most questions have no unknown word

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
                d.add(field(c.searchText()));
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

    /** Whether {@code word} (lower case) is an English word of the bundled list, which is respelt only into a variant of itself. */
    static boolean isEnglish(String word) {
        return EnglishWords.SET.contains(word);
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
        // A real word the site does not write is respelt only into a variant of itself, one edit in its second half
        // ("colour" -> "color", "amnesia" -> "amnesic"), never into another word ("registrar" -> "register",
        // "draw" -> "raw"), which let off-topic questions borrow the site's words (docs/quality.md, "Real words are
        // not typos").
        boolean english = isEnglish(t);
        int maxEdits = english ? 1 : t.length() >= TWO_EDITS_LENGTH ? 2 : 1;
        int kept = english ? (t.length() + 1) / 2 : 0; // the letters at the start a match must share
        int[] word = t.codePoints().toArray();
        long sig = Lexicon.signature(word);
        Lexicon lex = lexicon();
        int[][] rows = new int[3][word.length + maxEdits + 2];
        int limit = maxEdits; // the fewest edits found so far: a word further away cannot win
        String best = null;
        int bestEdits = 0;
        int bestDf = 0;
        for (int len = Math.max(1, word.length - maxEdits); len <= word.length + maxEdits && len < lex.byLength.length; len++) {
            Lexicon.Bucket b = lex.byLength[len];
            if (b == null) {
                continue;
            }
            for (int i = 0; i < b.words.length; i++) {
                // an edit adds or removes at most one letter of the word's set, a change one of each
                if (Long.bitCount(sig ^ b.signatures[i]) > 2 * limit) {
                    continue;
                }
                String candidate = b.words[i];
                int edits = editsWithin(word, b.codePoints[i], limit, rows);
                if (edits > limit || candidate.equals(t) || candidate.length() < MIN_LENGTH - 1
                        || !candidate.regionMatches(0, t, 0, kept)) {
                    continue;
                }
                int df = b.docFreqs[i];
                if (best == null || edits < bestEdits || df > bestDf || (df == bestDf && candidate.compareTo(best) < 0)) {
                    best = candidate;
                    bestEdits = edits;
                    bestDf = df;
                    limit = edits;
                }
            }
        }
        return best == null ? Optional.empty() : Optional.of(new Close(best, bestEdits, bestDf));
    }

    /**
     * The bundled English words (english-words.txt: the whole words of bge-small's WordPiece vocabulary, written by
     * tools/english_words.py), read on first need. A product name or an identifier is rarely among them ("vitest",
     * "frontmatter", "sidebar" are not), nor is a typo ("configre", "sidbar").
     */
    private static final class EnglishWords {
        static final Set<String> SET = read();

        private static Set<String> read() {
            try (var in = SiteWords.class.getResourceAsStream("english-words.txt")) {
                if (in == null) {
                    throw new IllegalStateException("english-words.txt is missing from the classpath");
                }
                return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                        .filter(l -> !l.isEmpty() && !l.startsWith("#")).collect(Collectors.toUnmodifiableSet());
            } catch (IOException e) {
                throw new UncheckedIOException("could not read english-words.txt", e);
            }
        }
    }

    /**
     * The edit distance of {@code a} and {@code b} counting a swap of two neighbours as one edit (optimal string
     * alignment, as Lucene's Levenshtein automata with transpositions), or {@code limit + 1} once it must exceed
     * {@code limit}. {@code rows} is scratch space of three rows of at least {@code b.length + 1}.
     */
    static int editsWithin(int[] a, int[] b, int limit, int[][] rows) {
        if (Math.abs(a.length - b.length) > limit) {
            return limit + 1;
        }
        int[] before = rows[0];
        int[] prev = rows[1];
        int[] cur = rows[2];
        for (int j = 0; j <= b.length; j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length; i++) {
            cur[0] = i;
            int rowMin = i;
            for (int j = 1; j <= b.length; j++) {
                int v = Math.min(Math.min(prev[j] + 1, cur[j - 1] + 1), prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1));
                if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
                    v = Math.min(v, before[j - 2] + 1);
                }
                cur[j] = v;
                rowMin = Math.min(rowMin, v);
            }
            if (rowMin > limit) {
                return limit + 1;
            }
            int[] free = before;
            before = prev;
            prev = cur;
            cur = free;
        }
        return Math.min(prev[b.length], limit + 1);
    }

    private Lexicon lexicon() throws IOException {
        Lexicon l = lexicon;
        if (l == null) {
            l = Lexicon.of(java.util.Objects.requireNonNull(terms), docFreqs);
            lexicon = l;
        }
        return l;
    }

    /** The written words by length in code points, with their letter-set signatures and chunk counts. */
    private record Lexicon(Bucket[] byLength) {
        private record Bucket(String[] words, int[][] codePoints, long[] signatures, int[] docFreqs) {
        }

        static Lexicon of(Terms terms, @Nullable Map<String, Integer> docFreqs) throws IOException {
            List<List<String>> words = new ArrayList<>();
            List<List<Integer>> dfs = new ArrayList<>();
            TermsEnum te = terms.iterator();
            for (BytesRef b = te.next(); b != null; b = te.next()) {
                String w = b.utf8ToString();
                int len = w.codePointCount(0, w.length());
                while (words.size() <= len) {
                    words.add(new ArrayList<>());
                    dfs.add(new ArrayList<>());
                }
                words.get(len).add(w);
                dfs.get(len).add(docFreqs == null ? te.docFreq() : docFreqs.getOrDefault(w, 0));
            }
            Bucket[] byLength = new Bucket[words.size()];
            for (int len = 0; len < byLength.length; len++) {
                List<String> ws = words.get(len);
                if (ws.isEmpty()) {
                    continue;
                }
                int[][] cps = new int[ws.size()][];
                long[] sigs = new long[ws.size()];
                int[] df = new int[ws.size()];
                for (int i = 0; i < ws.size(); i++) {
                    cps[i] = ws.get(i).codePoints().toArray();
                    sigs[i] = signature(cps[i]);
                    df[i] = dfs.get(len).get(i);
                }
                byLength[len] = new Bucket(ws.toArray(String[]::new), cps, sigs, df);
            }
            return new Lexicon(byLength);
        }

        /** One bit per letter present (letters beyond the 64 bits share theirs: a looser filter, never a wrong one). */
        static long signature(int[] word) {
            long sig = 0;
            for (int c : word) {
                sig |= 1L << (c & 63);
            }
            return sig;
        }
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
