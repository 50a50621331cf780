package dev.docask.index.internal;

/**
 * One token of a page as the index analyses it: an identifier's parts sit at the same position as
 * the whole ({@code positionIncrement} 0), which BM25's length norm does not count.
 *
 * @param term              the analysed term
 * @param positionIncrement positions from the previous token (0 for a part of the same word)
 */
public record PageToken(String term, int positionIncrement) {
}
