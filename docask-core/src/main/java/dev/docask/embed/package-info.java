/**
 * Turns text into vectors. Start at {@link dev.docask.embed.Embedders}, which builds an
 * {@link dev.docask.embed.Embedder} from an {@link dev.docask.embed.EmbedderSpec} such as
 * {@code bge-small} or {@code openai:text-embedding-3-small}; other modules add families through
 * {@link dev.docask.embed.EmbedderProvider}. Nothing here is {@code null} unless it is marked
 * {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.docask.embed;

import org.jspecify.annotations.NullMarked;
