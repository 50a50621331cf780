package dev.docask.index.internal;

/**
 * Word-for-word copies of a site's chunks (docs/retrieval.md, "Copies"): where each chunk's group is.
 * The local index keeps them in arrays; a search service keeps them on its chunk documents and
 * answers from there (docs/solr.md), so nothing per chunk is held to open a site.
 *
 * <pre>{@code
 * int[] group = copies.group(id);     // {canonical, copy, copy, …}
 * boolean isCopy = copies.canonicalOf(id) != id;
 * }</pre>
 */
public interface CopyGroups {
    /** The canonical copy of chunk {@code id} (itself when it has no copies or is canonical). */
    int canonicalOf(int id);

    /** The chunks of {@code id}'s group: its canonical chunk first, then the copies in ordinal order. */
    int[] group(int id);
}
