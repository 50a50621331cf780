package dev.docask.index.internal;

import dev.docask.index.DocIndex;
import dev.docask.index.Manifest;
import dev.docask.ingest.Chunk;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How docask's own modules reach into {@link DocIndex} without widening its public surface: DocIndex
 * registers its {@link Hooks} once, when its class is initialised.
 */
public final class IndexAccess {
    private static volatile @Nullable Hooks hooks;

    private IndexAccess() {
    }

    /** What {@link DocIndex} offers docask's own packages. */
    public interface Hooks {
        List<String> terms(String text);

        List<PageToken> pageTokens(String text);

        IndexEngine engine(DocIndex index);

        DocIndex open(Remote remote);

        Optional<QuantizedVector> vector(DocIndex index, int id);

        String manifestJson(Manifest manifest);

        Manifest manifest(String json);
    }

    /**
     * An index whose chunks live on a search service: the site's chunks by ordinal, their groups of
     * copies, and the backend that searches them. The service keeps all three, so nothing is read
     * per chunk to open it.
     *
     * @param name     what the index is called in messages (e.g. {@code solr://host:8983/solr/docs#site})
     * @param manifest the manifest the site was published with
     * @param chunks   the site's chunks by ordinal; kept as given, not copied, so a service's list may
     *                 read each chunk when it is asked for
     * @param copies   each chunk's group of copies
     * @param backend  the search service's side; closed with the index
     */
    public record Remote(String name, Manifest manifest, List<Chunk> chunks, CopyGroups copies, SearchBackend backend) {
        public Remote {
            chunks = java.util.Collections.unmodifiableList(chunks);
        }
    }

    /** Called by {@link DocIndex} alone; a second registration is refused. */
    public static synchronized void register(Hooks h) {
        if (hooks != null) {
            throw new IllegalStateException("the index hooks are registered already");
        }
        hooks = Objects.requireNonNull(h, "hooks");
    }

    static IndexEngine engine(DocIndex index) {
        Objects.requireNonNull(index, "index");
        return hooks().engine(index);
    }

    static List<String> terms(String text) {
        return hooks().terms(text);
    }

    /** The tokens the index makes of a page's text (title, heading and text joined by newlines). */
    public static List<PageToken> pageTokens(String text) {
        return hooks().pageTokens(text);
    }

    /**
     * The page tokens of one written word as a phrase: its parts in order, without the whole compound the analyser keeps
     * beside them ("vitest-fetch-mock" gives vitest, fetch, mock).
     */
    public static List<PageToken> wordParts(String word) {
        List<PageToken> tokens = pageTokens(word);
        List<PageToken> out = new java.util.ArrayList<>(tokens.size());
        for (int i = 0; i < tokens.size(); i++) {
            if (i + 1 < tokens.size() && tokens.get(i + 1).positionIncrement() == 0) {
                continue;
            }
            out.add(tokens.get(i));
        }
        return out;
    }

    /** A {@link DocIndex} over chunks a search service holds. */
    public static DocIndex open(Remote remote) {
        return hooks().open(Objects.requireNonNull(remote, "remote"));
    }

    /** Chunk {@code id}'s stored vector; empty for a keyword-only index or one on a search service. */
    public static Optional<QuantizedVector> vector(DocIndex index, int id) {
        return hooks().vector(index, id);
    }

    /** The manifest as the index folder stores it. */
    public static String manifestJson(Manifest manifest) {
        return hooks().manifestJson(manifest);
    }

    /** A manifest read back from {@link #manifestJson}. */
    public static Manifest manifest(String json) {
        return hooks().manifest(json);
    }

    private static Hooks hooks() {
        Hooks h = hooks;
        if (h == null) {
            try {
                Class.forName(DocIndex.class.getName(), true, DocIndex.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            h = hooks;
        }
        return Objects.requireNonNull(h, "DocIndex registers when its class is initialised");
    }
}
