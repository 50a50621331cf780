/**
 * The local default embedder, bge-small-en-v1.5 on ONNX Runtime. Start at
 * {@link dev.docask.embed.bge.BgeSmallProvider}: it serves the {@code bge-small} family to
 * {@link dev.docask.embed.Embedders} through {@link java.util.ServiceLoader}, so a user only puts
 * docask-bge on the class path and asks for {@code bge-small}. Nothing here is {@code null} unless
 * it is marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.docask.embed.bge;

import org.jspecify.annotations.NullMarked;
