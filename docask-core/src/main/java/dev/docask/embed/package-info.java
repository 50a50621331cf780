/**
 * Embedders: the seam between docask and an embedding model. Start at {@link dev.docask.embed.Embedders} with an {@link dev.docask.embed.EmbedderSpec}.
 */
package dev.docask.embed;
