/** docask's own; not part of the API (docs/api.md). */
@NullMarked
package dev.docask.answer.internal;

import org.jspecify.annotations.NullMarked;
