package dev.docask.retrieve;

import org.jspecify.annotations.Nullable;

import dev.docask.index.internal.Allowed;
import dev.docask.index.internal.IndexAccess;
import dev.docask.index.internal.IndexEngine;
import dev.docask.index.internal.PageToken;
import dev.docask.embed.Embedder;
import dev.docask.index.DocIndex;
import dev.docask.index.internal.QueryTerms;
import dev.docask.index.internal.Scored;

import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/*
 * What retrieval searches with: the question analysed once (terms with their IDF, the query vector)
 * and, for a question of several sentences, its opening sentence analysed the same way, since people
 * name the subject first (see OpeningSentence). Each retriever's lists for the two texts are merged
 * into one, and the gate sees the better cosine and the better coverage of the two.
 *
 * A text with a misspelt word that the site's words respell (QueryTerms.respelt) is embedded a
 * second time as respelt, and its cosine list is merged in the same way: a typo costs the vector
 * half as much as the keyword half (docs/retrieval.md, "Typos").
 */
final class SearchQuery {
    /** An opening with fewer searchable words ("Hi!", "Thanks.") names no subject. */
    private static final int MIN_OPENING_TERMS = 2;

    private final DocIndex index;
    private final String text;
    private final QueryTerms terms;
    private final float @Nullable [] vector;
    private final float @Nullable [] respeltVector; // null unless the text had a word respelt
    private final @Nullable SearchQuery opening;
    private final RetrievalOptions builtWith;
    private final IndexEngine engine;
    private @Nullable List<List<String>> pairs; // made on first need: most questions pass on their cosine
    private boolean @Nullable [][] presence; // which of the question's terms each candidate holds, as coverage read it
    private int @Nullable [] presenceIds; // the candidates it was read for

    private SearchQuery(DocIndex index, String text, QueryTerms terms, float @Nullable [] vector,
                        float @Nullable [] respeltVector, @Nullable SearchQuery opening, RetrievalOptions builtWith) {
        this.index = index;
        this.engine = IndexEngine.of(index); // once: similarities() calls it per candidate
        this.text = text;
        this.terms = terms;
        this.vector = vector;
        this.respeltVector = respeltVector;
        this.opening = opening;
        this.builtWith = builtWith;
    }

    /**
     * Analyses {@code question} for {@code index}. The embedder ({@code null} in keyword mode) is called
     * once for both texts; when it fails, the failure goes to {@code onError} and the query has no vectors.
     */
    static SearchQuery of(String question, DocIndex index, Optional<Embedder> embedder, RetrievalOptions options,
                          Consumer<RetrievalException> report) {
        IndexEngine engine = IndexEngine.of(index);
        QueryTerms terms = engine.queryTerms(question, options.closeWords());
        String opening = options.searchOpening() ? OpeningSentence.of(question).orElse(null) : null;
        QueryTerms openingTerms = opening == null ? null : engine.queryTerms(opening, options.closeWords());
        if (openingTerms != null && openingTerms.terms().size() < MIN_OPENING_TERMS) {
            opening = null;
        }
        boolean embed = embedder.isPresent() && options.retrievers() != RetrievalOptions.Retrievers.BM25;
        // one embedder call for every text: the question, its opening, and each respelt where a word was
        List<String> texts = new java.util.ArrayList<>(4);
        texts.add(question);
        if (opening != null) {
            texts.add(opening);
        }
        String respelt = terms.respell(question);
        String openingRespelt = openingTerms == null || opening == null ? null : openingTerms.respell(opening);
        int respeltAt = respelt.equals(question) ? -1 : add(texts, respelt);
        int openingRespeltAt = openingRespelt == null || openingRespelt.equals(opening) ? -1 : add(texts, openingRespelt);
        List<float[]> vectors = embed ? embed(embedder.get(), texts, index, report) : Collections.nCopies(texts.size(), null);
        SearchQuery first = opening == null ? null
                : new SearchQuery(index, opening, java.util.Objects.requireNonNull(openingTerms), vectors.get(1),
                        openingRespeltAt < 0 ? null : vectors.get(openingRespeltAt), null, options);
        return new SearchQuery(index, question, terms, vectors.get(0), respeltAt < 0 ? null : vectors.get(respeltAt), first, options);
    }

    private static int add(List<String> texts, String text) {
        texts.add(text);
        return texts.size() - 1;
    }

    private static List<float[]> embed(Embedder embedder, List<String> texts, DocIndex index,
                                       Consumer<RetrievalException> report) {
        try {
            List<float[]> vectors = embedder.embedQueries(texts);
            if (vectors == null || vectors.size() != texts.size()) {
                throw new IllegalStateException("embedder " + embedder.id() + " returned "
                        + (vectors == null ? "nothing" : vectors.size() + " vectors") + " for " + texts.size() + " questions");
            }
            for (float[] v : vectors) {
                if (v == null || v.length != index.manifest().dimensions()) {
                    throw new IllegalStateException("embedder " + embedder.id() + " returned a vector of "
                            + (v == null ? "null" : v.length) + " dimensions for the question");
                }
            }
            return vectors;
        } catch (RuntimeException e) {
            report.accept(new RetrievalException("the embedder failed on the question; "
                    + "answering from keywords alone: " + e.getMessage(), e));
            return Collections.nCopies(texts.size(), null);
        }
    }

    /** The question as asked. */
    String text() {
        return text;
    }

    /**
     * A word of the question naming a package built on the site's own tool that no page writes (docs/retrieval.md §4,
     * "A package the site never mentions"); {@code null} when there is none or the site's name is not one of
     * {@code ownTools}.
     */
    @Nullable String unmentionedPackage(List<String> ownTools) {
        return siteTool(ownTools).map(tool -> SitePackages.unmentioned(text, tool, engine::writesAsWritten)).orElse(null);
    }

    /** The site's own tool, lower case ("vitest"), where the site's name holds one of {@code ownTools}. */
    Optional<String> siteTool(List<String> ownTools) {
        return SitePackages.siteTool(index.manifest().siteName(), ownTools);
    }

    /** Whether some page of the index writes {@code word} (lower case, letters only), in any case. */
    boolean siteWrites(String word) {
        return engine.writes(word);
    }

    /**
     * Whether one of the chunks {@code chunkIds} (the question's candidates) writes two of the question's neighbouring
     * words together (the pair rule, docs/retrieval.md §4, "Words the site writes together"); true for a question of
     * fewer than two words the index knows, and where the search backend cannot tell. The backend reads the positions of
     * the pairs' terms in those chunks (one request on a search service), and once more for the parts of joined words.
     */
    boolean wordsWrittenTogether(int[] chunkIds) {
        List<List<String>> p = pairs;
        if (p == null) {
            p = pairs(text, terms);
            pairs = p;
        }
        if (p.isEmpty()) {
            return true;
        }
        // pairs() lists the term pairs first; only a candidate that holds both terms of a pair can write them together,
        // and coverage has just read which terms each candidate holds: the search asks those pairs of those candidates
        int termPairs = Math.max(0, terms.terms().size() - 1);
        boolean[][] present = presenceIds == chunkIds ? presence : null;
        List<List<String>> held = new java.util.ArrayList<>(termPairs);
        int[] both = chunkIds;
        if (present == null) {
            held.addAll(p.subList(0, termPairs));
        } else {
            boolean[] holds = new boolean[chunkIds.length];
            for (int t = 1; t <= termPairs; t++) {
                boolean some = false;
                for (int i = 0; i < chunkIds.length; i++) {
                    boolean pair = present[i][t - 1] && present[i][t];
                    holds[i] |= pair;
                    some |= pair;
                }
                if (some) {
                    held.add(p.get(t - 1));
                }
            }
            both = java.util.stream.IntStream.range(0, chunkIds.length).filter(i -> holds[i]).map(i -> chunkIds[i]).toArray();
        }
        Optional<Boolean> byTerms = held.isEmpty() || both.length == 0 ? Optional.of(false) : engine.writesTogether(held, both);
        if (byTerms.isEmpty() || byTerms.get()) {
            return true;
        }
        return termPairs < p.size() && engine.writesTogether(p.subList(termPairs, p.size()), chunkIds).orElse(true);
    }

    /** The question's analysed terms with their IDF. */
    QueryTerms terms() {
        return terms;
    }

    /**
     * Each term with the next, in the order the question has them (close words in place of misspelt ones), and the parts
     * of each word the question writes joined by a mark ("client:only", "dead-letter"), which the question's stop words
     * must not part: the question drops "only" as a stop word, the pages keep it.
     */
    static List<List<String>> pairs(String text, QueryTerms terms) {
        List<List<String>> out = new java.util.ArrayList<>();
        for (int i = 1; i < terms.terms().size(); i++) {
            out.add(List.of(terms.terms().get(i - 1), terms.terms().get(i)));
        }
        for (String written : text.split("\\s+")) {
            List<PageToken> parts = joined(written) ? IndexAccess.pageTokens(written) : List.of();
            for (int i = 1; i < parts.size(); i++) {
                if (!parts.get(i - 1).term().equals(parts.get(i).term())) {
                    out.add(List.of(parts.get(i - 1).term(), parts.get(i).term()));
                }
            }
        }
        return out;
    }

    /** Whether a written word joins parts with a mark inside it ("client:only", "vi.mock"): only such a word is analysed. */
    private static boolean joined(String written) {
        for (int i = 1; i < written.length() - 1; i++) {
            char c = written.charAt(i);
            if (!Character.isLetterOrDigit(c) && Character.isLetterOrDigit(written.charAt(i - 1))
                    && Character.isLetterOrDigit(written.charAt(i + 1))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether this analysis serves {@code question} searched with {@code options} as well: the same
     * text, and the options that change what is searched (the opening, which retrievers, close words) the same.
     */
    boolean serves(String question, RetrievalOptions options) {
        return text.equals(question) && options.searchOpening() == builtWith.searchOpening()
                && options.retrievers() == builtWith.retrievers() && options.closeWords() == builtWith.closeWords();
    }

    /** The opening sentence also searched, or "" when the question is searched once. */
    String opening() {
        return opening == null ? "" : opening.text;
    }

    /**
     * The text whose tools the question names (docs/retrieval.md §4, "Questions about another tool"): its opening sentence
     * where that is searched, since people name the subject first and a tool in the story after it is context; else the
     * question.
     */
    String subject() {
        return opening == null ? text : opening.text;
    }

    /** Whether there is a query vector (false in keyword mode or after the embedder failed). */
    boolean hasVector() {
        return vector != null;
    }

    /** A copy of the question's vector, for a retrieve hook; empty when {@link #hasVector()} is false. */
    Optional<float[]> vector() {
        return vector == null ? Optional.empty() : Optional.of(vector.clone());
    }

    /** BM25's best {@code n} among {@code allowed}, the opening's list merged in by RRF. */
    List<Scored> keywordList(int n, int rrfK, @Nullable Allowed allowed) {
        List<Scored> whole = engine.bm25(terms, n, allowed);
        return opening == null ? whole : ReciprocalRankFusion.merge(whole, engine.bm25(opening.terms, n, allowed), n, rrfK);
    }

    /** The cosine scan's best {@code n} among {@code allowed}, likewise (and the respelt texts'); empty without a vector. */
    List<Scored> denseList(int n, int rrfK, @Nullable Allowed allowed) {
        if (vector == null) {
            return List.of();
        }
        List<Scored> whole = ownDenseList(n, rrfK, allowed);
        return opening == null || opening.vector == null ? whole
                : ReciprocalRankFusion.merge(whole, opening.ownDenseList(n, rrfK, allowed), n, rrfK);
    }

    private List<Scored> ownDenseList(int n, int rrfK, @Nullable Allowed allowed) {
        List<Scored> asked = engine.nearest(java.util.Objects.requireNonNull(vector), n, allowed);
        return respeltVector == null ? asked : ReciprocalRankFusion.merge(asked, engine.nearest(respeltVector, n, allowed), n, rrfK);
    }

    /**
     * Cosine of each chunk to the question (the best of its texts); NaN without a vector. One engine
     * call per text, not per chunk: on a search service each call is a round trip.
     */
    float[] similarities(int[] chunkIds) {
        float[] out = new float[chunkIds.length];
        if (vector == null) {
            java.util.Arrays.fill(out, Float.NaN);
        } else {
            max(out, ownSimilarities(chunkIds), true);
        }
        if (opening != null && opening.vector != null) {
            max(out, opening.ownSimilarities(chunkIds), false);
        }
        return out;
    }

    private float[] ownSimilarities(int[] chunkIds) {
        float[] s = engine.similarities(chunkIds, java.util.Objects.requireNonNull(vector));
        if (respeltVector != null) {
            max(s, engine.similarities(chunkIds, respeltVector), false);
        }
        return s;
    }

    /** {@code into[i] = max(into[i], from[i])}, or a copy when {@code replace}; NaN loses to any number. */
    private static void max(float[] into, float[] from, boolean replace) {
        for (int i = 0; i < into.length; i++) {
            into[i] = replace || Float.isNaN(into[i]) ? from[i] : Math.max(into[i], from[i]);
        }
    }

    /**
     * The share of the question's IDF weight carried by words the site never uses (docs/retrieval.md §4):
     * a term on no page has the highest IDF the index gives; a close word standing in for a misspelt one
     * counts as unknown for the part of its weight it lacks. Computed once from the terms, no search.
     */
    float unknownShare() {
        return unknownShare(terms, index.size());
    }

    /** The IDF from which a term counts as on no page of an index of {@code chunks} chunks (a hair under a term on none). */
    static float unknownIdf(int chunks) {
        return (float) QueryTerms.idf(0, chunks) - 1e-3f;
    }

    static float unknownShare(QueryTerms t, int chunks) {
        float unknownIdf = unknownIdf(chunks);
        double total = 0;
        double unknown = 0;
        for (int i = 0; i < t.idf().length; i++) {
            float idf = t.idf()[i];
            total += idf;
            unknown += idf >= unknownIdf ? idf : idf * (1 - t.weights()[i]);
        }
        return total <= 0 ? 0f : (float) (unknown / total);
    }

    /** Keyword coverage of each chunk (the better of the two texts). */
    float[] coverages(int[] chunkIds) {
        boolean[][] present = engine.termPresence(terms, chunkIds);
        presence = present;
        presenceIds = chunkIds;
        float[] out = coverage(terms, present);
        if (opening != null) {
            float[] o = coverage(opening.terms, engine.termPresence(opening.terms, chunkIds));
            for (int i = 0; i < out.length; i++) {
                out[i] = Math.max(out[i], o[i]);
            }
        }
        return out;
    }

    private static float[] coverage(QueryTerms t, boolean[][] present) {
        float[] out = new float[present.length];
        for (int i = 0; i < present.length; i++) {
            out[i] = KeywordCoverage.of(t.idf(), t.coverage(), present[i]);
        }
        return out;
    }
}
