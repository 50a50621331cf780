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
        String s = spec == null ? "" : spec.trim();
        if (s.equals("none")) {
            return Optional.empty();
        }
        if (s.equals("mock")) {
            return Optional.of(new MockEmbedder(MockEmbedder.DEFAULT_DIMENSIONS));
        }
        if (s.startsWith("mock:")) {
            return Optional.of(new MockEmbedder(parseDimensions(s)));
        }
        throw new IllegalArgumentException("unknown embedder '" + spec
                + "'; expected bge-small, openai:<model>, mock[:dims] or none");
    }

    /** Whether vectors from this embedder carry no meaning beyond shared words (the mock). */
    public static boolean isMock(String embedderId) {
        return embedderId != null && embedderId.startsWith("mock:");
    }

    private static int parseDimensions(String spec) {
        try {
            return Integer.parseInt(spec.substring("mock:".length()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad embedder '" + spec + "': dimensions must be a number, e.g. mock:64");
        }
    }
}
