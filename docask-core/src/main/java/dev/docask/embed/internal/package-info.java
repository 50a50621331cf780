/**
 * Vector arithmetic for docask's embedders and retrieval, not part of the API (docs/api.md): start at
 * {@link dev.docask.embed.internal.Vectors}.
 */
@NullMarked
package dev.docask.embed.internal;

import org.jspecify.annotations.NullMarked;
