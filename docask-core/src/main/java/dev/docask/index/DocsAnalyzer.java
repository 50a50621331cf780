package dev.docask.index;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.WordlistLoader;
import org.apache.lucene.analysis.miscellaneous.LengthFilter;
import org.apache.lucene.analysis.snowball.SnowballFilter;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.core.FlattenGraphFilter;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.miscellaneous.WordDelimiterGraphFilter;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.util.CharTokenizer;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.List;

/*
 * Documentation text mixes prose with code identifiers. A user may type `createAskHandler`,
 * "create ask handler", `vi.spyOn` or `--flag-name`, so identifiers are indexed whole AND split:
 *
 *   tokenizer   keeps letters, digits and the joiners _ . - $ @ inside one token
 *   trim        drops joiners at the edges (sentence dots), keeping leading "--" of flags
 *   delimiter   WordDelimiterGraphFilter: original + parts split on case change and joiners
 *   lowercase, English stop words
 *   stem        Porter (as Anserini's BEIR baselines), but only for plain words: anything with
 *               a digit, a joiner or an inner capital (camelCase) is an identifier and stays whole
 */
final class DocsAnalyzer extends Analyzer {
    // Any change to this chain changes the postings: bump Manifest.FORMAT_VERSION so that old
    // indexes are reported stale (IndexBuilder.isStale) and refused with a clear message.
    /*
     * Questions carry words that say nothing about the topic ("how do I", "what's", "my"). They are
     * not in Lucene's 33 English stop words, and an IDF-weighted coverage would count "I" — rare in
     * docs, which say "you" — as a distinctive term. So questions (never pages) also drop the
     * Snowball English stop list and stray single letters.
     */
    private static final CharArraySet QUESTION_STOP_WORDS = snowballStopWords();

    private final boolean question;

    private DocsAnalyzer(boolean question) {
        this.question = question;
    }

    /** The analyzer of indexed pages. */
    static DocsAnalyzer forPages() {
        return new DocsAnalyzer(false);
    }

    /** The analyzer of questions: the pages' analysis, and the question stop words dropped. */
    static DocsAnalyzer forQuestions() {
        return new DocsAnalyzer(true);
    }

    private static final int DELIMITER_FLAGS = WordDelimiterGraphFilter.GENERATE_WORD_PARTS
            | WordDelimiterGraphFilter.GENERATE_NUMBER_PARTS
            | WordDelimiterGraphFilter.SPLIT_ON_CASE_CHANGE
            | WordDelimiterGraphFilter.PRESERVE_ORIGINAL
            | WordDelimiterGraphFilter.STEM_ENGLISH_POSSESSIVE;

    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
        Tokenizer source = new CharTokenizer() {
            @Override
            protected boolean isTokenChar(int c) {
                return Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '-' || c == '$' || c == '@';
            }
        };
        TokenStream ts = new EdgeJoinerTrimFilter(source);
        ts = new WordDelimiterGraphFilter(ts, DELIMITER_FLAGS, null);
        ts = new FlattenGraphFilter(ts);
        ts = new IdentifierKeywordFilter(ts);
        ts = new LowerCaseFilter(ts);
        ts = new StopFilter(ts, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
        if (question) {
            ts = new StopFilter(ts, QUESTION_STOP_WORDS);
            ts = new LengthFilter(ts, 2, Integer.MAX_VALUE);
        }
        ts = new PorterStemFilter(ts);
        return new TokenStreamComponents(source, ts);
    }

    private static CharArraySet snowballStopWords() {
        try (var in = SnowballFilter.class.getResourceAsStream("english_stop.txt")) {
            if (in == null) {
                throw new IllegalStateException("Lucene's Snowball English stop list is missing from the classpath");
            }
            return WordlistLoader.getSnowballWordSet(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The distinct analysed terms of {@code text}, in first-seen order. */
    List<String> distinctTerms(String text) {
        return List.copyOf(new LinkedHashSet<>(allTerms(text)));
    }

    /** Every token of {@code text} with its position increment, as the index writes them. */
    List<dev.docask.index.internal.PageToken> tokens(String text) {
        List<dev.docask.index.internal.PageToken> tokens = new java.util.ArrayList<>();
        try (TokenStream ts = tokenStream("all", new StringReader(text))) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute inc =
                    ts.addAttribute(org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                tokens.add(new dev.docask.index.internal.PageToken(term.toString(), inc.getPositionIncrement()));
            }
            ts.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return tokens;
    }

    /** Every analysed term of {@code text}, repeats included, in order. */
    List<String> allTerms(String text) {
        List<String> terms = new java.util.ArrayList<>();
        try (TokenStream ts = tokenStream("all", new StringReader(text))) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                terms.add(term.toString());
            }
            ts.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return terms;
    }
}
