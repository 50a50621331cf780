package dev.docask.embed;

import com.google.errorprone.annotations.CheckReturnValue;

import java.util.Locale;
import java.util.Objects;

/**
 * Names an embedder: a family and, after a colon, what the family needs to know ({@code mock:64},
 * {@code openai:text-embedding-3-small}, {@code bge-small:plain}). {@link #parse} checks the form;
 * {@link Embedders#create} builds it.
 *
 * <pre>{@code
 * EmbedderSpec spec = EmbedderSpec.parse("bge-small:plain");
 * spec.family();     // "bge-small"
 * spec.argument();   // "plain"
 * spec.toString();   // "bge-small:plain"
 * }</pre>
 *
 * @param family   the part before the colon, lower case: {@code bge-small}, {@code openai}, {@code mock}, {@code none}
 *                 or a family an {@link EmbedderProvider} on the class path serves
 * @param argument the part after it, trimmed; empty when there is none
 */
@CheckReturnValue
public record EmbedderSpec(String family, String argument) {
    /** The local default embedder, bge-small-en-v1.5 with the query instruction (module docask-bge). */
    public static final EmbedderSpec DEFAULT = new EmbedderSpec("bge-small", "");
    /** No embedder: a keyword-only index. */
    public static final EmbedderSpec NONE = new EmbedderSpec("none", "");

    public EmbedderSpec {
        Objects.requireNonNull(family, "family");
        Objects.requireNonNull(argument, "argument");
        if (!family.matches("[a-z0-9][a-z0-9._-]*")) {
            throw new IllegalArgumentException("bad embedder family '" + family + "': use lower-case letters, digits, '.', '_' or '-'");
        }
        argument = argument.strip();
    }

    /**
     * Reads the string form, e.g. {@code "mock:64"}; surrounding spaces are ignored.
     *
     * @throws IllegalArgumentException naming the spec when it is empty or malformed
     */
    public static EmbedderSpec parse(String spec) {
        String s = spec == null ? "" : spec.strip();
        int colon = s.indexOf(':');
        String family = colon < 0 ? s : s.substring(0, colon).strip();
        if (family.isEmpty() || !family.equals(family.toLowerCase(Locale.ROOT)) || !family.matches("[a-z0-9][a-z0-9._-]*")) {
            throw new IllegalArgumentException("unknown embedder '" + (spec == null ? "" : spec) + "'; expected " + Embedders.SPECS);
        }
        if (colon >= 0 && s.substring(colon + 1).isBlank()) {
            throw new IllegalArgumentException("embedder '" + spec + "' has nothing after ':'; e.g. " + family
                    + (family.equals("mock") ? ":64" : family.equals("openai") ? ":text-embedding-3-small" : ":<name>"));
        }
        return new EmbedderSpec(family, colon < 0 ? "" : s.substring(colon + 1));
    }

    /** Whether this is {@link #NONE}, a keyword-only index. */
    public boolean isNone() {
        return family.equals("none");
    }

    /** The string form {@link #parse} reads. */
    @Override
    public String toString() {
        return argument.isEmpty() ? family : family + ":" + argument;
    }
}
