package dev.docask.answer.internal;

import dev.docask.answer.IndexFolder;
import org.jspecify.annotations.Nullable;

import java.util.Objects;
import java.util.function.Function;

/**
 * The followed generations behind an {@link IndexFolder}, for a server of that folder (the Spring Boot starter's
 * endpoints lease a generation for a whole streamed answer). {@code IndexFolder} hands them over when it is loaded,
 * so its public API names no internal type.
 */
public final class FolderLeases {
    private static volatile @Nullable Function<IndexFolder, LiveIndex> access;

    private FolderLeases() {
    }

    /** Called once, by {@code IndexFolder}'s class initialiser. */
    public static void grant(Function<IndexFolder, LiveIndex> liveOf) {
        access = Objects.requireNonNull(liveOf, "liveOf");
    }

    /** The generations {@code folder} answers from. */
    public static LiveIndex of(IndexFolder folder) {
        Objects.requireNonNull(folder, "folder"); // an instance exists, so IndexFolder's initialiser has granted access
        return Objects.requireNonNull(access, "IndexFolder not initialised").apply(folder);
    }
}
