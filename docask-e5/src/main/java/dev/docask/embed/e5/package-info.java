/**
 * A second local embedder, e5-small-v2 on ONNX Runtime. Start at
 * {@link dev.docask.embed.e5.E5SmallProvider}: it serves the {@code e5-small} family to
 * {@link dev.docask.embed.Embedders} through {@link java.util.ServiceLoader}, so a user only puts
 * docask-e5 on the class path and asks for {@code e5-small}. Nothing here is {@code null} unless
 * it is marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.docask.embed.e5;

import org.jspecify.annotations.NullMarked;
