package dev.docask.eval;

import dev.docask.retrieve.RetrievalOptions;

import java.util.List;
import java.util.Locale;

/*
 * `--set name=value` and `strategy:name=value,...` change one option by its spec name. The names are
 * listed here one by one, on purpose: no reflection, so a renamed option breaks the build, not a run.
 */
final class OptionOverrides {
    static final List<String> NAMES = List.of("topK", "candidates", "rrfK", "minSimilarity", "minKeywordCoverage",
            "maxContextChars", "collapseCopies", "maxPerSource", "similarityNeedsKeyword", "gateMode", "retrievers");

    private OptionOverrides() {
    }

    /** Applies {@code name=value}; an unknown name or a bad value fails with both quoted. */
    static RetrievalOptions apply(RetrievalOptions o, String assignment) {
        int eq = assignment.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("bad override '" + assignment + "': expected name=value, e.g. minSimilarity=0.8");
        }
        String name = assignment.substring(0, eq).strip();
        String value = assignment.substring(eq + 1).strip();
        try {
            return switch (name) {
                case "topK" -> o.withTopK(Integer.parseInt(value));
                case "candidates" -> o.withCandidates(Integer.parseInt(value));
                case "rrfK" -> o.withRrfK(Integer.parseInt(value));
                case "minSimilarity" -> o.withMinSimilarity(Double.parseDouble(value));
                case "minKeywordCoverage" -> o.withMinKeywordCoverage(Double.parseDouble(value));
                case "maxContextChars" -> o.withMaxContextChars(Integer.parseInt(value));
                case "collapseCopies" -> o.withCollapseCopies(bool(value));
                case "maxPerSource" -> o.withMaxPerSource(Integer.parseInt(value));
                case "similarityNeedsKeyword" -> o.withSimilarityNeedsKeyword(bool(value));
                case "gateMode" -> o.withGateMode(RetrievalOptions.GateMode.valueOf(value.toUpperCase(Locale.ROOT)));
                case "retrievers" -> o.withRetrievers(
                        RetrievalOptions.Retrievers.valueOf(value.toUpperCase(Locale.ROOT)));
                default -> throw new IllegalArgumentException("unknown option '" + name + "' in '" + assignment
                        + "'; known: " + String.join(", ", NAMES));
            };
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad value in '" + assignment + "': '" + value + "' is not a number");
        } catch (IllegalArgumentException e) {
            if (e.getMessage() != null && e.getMessage().contains(name)) {
                throw e;
            }
            throw new IllegalArgumentException("bad value in '" + assignment + "': " + e.getMessage());
        }
    }

    private static boolean bool(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("'" + value + "' is not true or false");
        };
    }
}
