package dev.docask.eval;

import dev.docask.retrieve.RetrievalOptions;

/** {@code strategy:name=value,...} and {@code --set name=value}: one option changed by its spec name. */
final class OptionOverrides {
    private OptionOverrides() {
    }

    /** Applies {@code name=value}; an unknown name or a bad value fails with both quoted. */
    static RetrievalOptions apply(RetrievalOptions o, String assignment) {
        int eq = assignment.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("bad override '" + assignment + "': expected name=value, e.g. minSimilarity=0.8");
        }
        try {
            return o.withSetting(assignment.substring(0, eq), assignment.substring(eq + 1));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad override '" + assignment + "': " + e.getMessage(), e);
        }
    }
}
