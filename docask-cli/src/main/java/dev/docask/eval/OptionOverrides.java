package dev.docask.eval;

import dev.docask.retrieve.RetrievalOptions;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
            return o.toBuilder().set(assignment.substring(0, eq), assignment.substring(eq + 1)).build();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad override '" + assignment + "': " + e.getMessage(), e);
        }
    }

    /** The assignments grouped by option name, names and values in the order given. */
    static Map<String, List<String>> byName(List<String> assignments) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String a : assignments) {
            int eq = a.indexOf('=');
            out.computeIfAbsent(eq <= 0 ? a : a.substring(0, eq), k -> new ArrayList<>()).add(a);
        }
        return out;
    }
}
