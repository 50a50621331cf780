package dev.docask.embed;

/**
 * An embedder could not produce vectors: a server refused, failed or answered nonsense. The
 * message is meant for the user as it is (it names the server and the reason, never a key).
 *
 * <pre>{@code
 * try { embedder.embedQuery(q); } catch (EmbeddingException e) { System.err.println(e.getMessage()); }
 * }</pre>
 */
public final class EmbeddingException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EmbeddingException(String message) {
        super(message);
    }
}
