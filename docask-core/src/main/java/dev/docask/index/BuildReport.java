package dev.docask.index;

import com.google.errorprone.annotations.CheckReturnValue;

/**
 * What a build did.
 *
 * @param manifest  the new index's manifest
 * @param embedded  chunks embedded in this run
 * @param reused    chunks whose vector was reused from the previous index (text unchanged)
 * @param millis    wall time of the build
 */
@CheckReturnValue
public record BuildReport(Manifest manifest, int embedded, int reused, long millis) {
}
