/** docask's own; not part of the API (docs/api.md). */
@NullMarked
package dev.docask.retrieve.internal;

import org.jspecify.annotations.NullMarked;
