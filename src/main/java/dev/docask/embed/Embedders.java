package dev.docask.embed;

import java.util.Optional;

/**
 * Creates embedders from the {@code --embedder} spec: {@code bge-small} (default, local ONNX),
 * {@code openai:<model>}, {@code mock[:dims]}, {@code none} (keyword-only index).
 *
 * <pre>{@code
 * Optional<Embedder> e = Embedders.fromSpec("mock:64");
 * }</pre>
 */
public final class Embedders {
    /** The spec used when none is given. */
    public static final String DEFAULT_SPEC = "bge-small";

    private Embedders() {
    }

    /** Parses a spec; {@code none} gives an empty optional. Bad specs throw with the spec quoted. */
    public static Optional<Embedder> fromSpec(String spec) {
        throw new UnsupportedOperationException("embedders are being built");
    }
}
