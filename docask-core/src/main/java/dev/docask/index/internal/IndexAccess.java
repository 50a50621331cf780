package dev.docask.index.internal;

import dev.docask.index.DocIndex;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * How {@link IndexEngine} reaches into {@link DocIndex}: DocIndex registers its engine once, when
 * its class is initialised, so the engine calls need not be public methods of the index.
 */
public final class IndexAccess {
    private static volatile @Nullable Function<String, List<String>> terms;
    private static volatile @Nullable Function<DocIndex, IndexEngine> engines;

    private IndexAccess() {
    }

    /** Called by {@link DocIndex} alone; a second registration is refused. */
    public static synchronized void register(Function<String, List<String>> analyse, Function<DocIndex, IndexEngine> engine) {
        if (engines != null) {
            throw new IllegalStateException("the index engine is registered already");
        }
        terms = Objects.requireNonNull(analyse, "analyse");
        engines = Objects.requireNonNull(engine, "engine");
    }

    static IndexEngine engine(DocIndex index) {
        Objects.requireNonNull(index, "index");
        return Objects.requireNonNull(engines, "an instance exists, so DocIndex has registered").apply(index);
    }

    static List<String> terms(String text) {
        if (terms == null) {
            init();
        }
        return Objects.requireNonNull(terms, "DocIndex registers when its class is initialised").apply(text);
    }

    private static void init() {
        try {
            Class.forName(DocIndex.class.getName(), true, DocIndex.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
