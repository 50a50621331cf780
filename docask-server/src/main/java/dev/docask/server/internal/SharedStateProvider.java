package dev.docask.server.internal;

/** Connects to a shared store; listed in {@code META-INF/services} by the module that brings one (docask-redis). */
public interface SharedStateProvider {
    /** Whether this provider serves {@code url}, e.g. by its scheme ({@code redis://}, {@code rediss://}). */
    boolean accepts(String url);

    /**
     * Connects and checks that the store answers.
     *
     * @throws IllegalArgumentException when the URL is malformed, naming it (without its password)
     * @throws IllegalStateException    when the store cannot be reached, naming the URL (without its password)
     */
    SharedState connect(SharedStateSettings settings);
}
