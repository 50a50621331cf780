/**
 * The local default embedder, bge-small-en-v1.5, found by {@link dev.docask.embed.Embedders} through {@link dev.docask.embed.bge.BgeSmallProvider}.
 */
package dev.docask.embed.bge;
