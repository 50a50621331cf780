package dev.docask.eval;

import dev.docask.retrieve.RetrievalOptions;

import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * A named way of retrieving: how it changes the default {@link RetrievalOptions}.
 * Strategies come from {@link Strategies}; {@code hybrid} is the default pipeline.
 *
 * <pre>{@code
 * Strategy strict = Strategies.parse("hybrid:minSimilarity=0.8");
 * RetrievalOptions opts = strict.options(RetrievalOptions.defaults());
 * }</pre>
 *
 * @param name        what reports call it, e.g. {@code topn} or {@code hybrid:minSimilarity=0.8}
 * @param description one line for the help text
 * @param configure   turns the base options into this strategy's options
 */
public record Strategy(String name, String description, UnaryOperator<RetrievalOptions> configure) {
    public Strategy {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a strategy needs a name");
        }
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(configure, "configure");
    }

    /** This strategy's options, starting from {@code base}. */
    public RetrievalOptions options(RetrievalOptions base) {
        return configure.apply(base);
    }
}
