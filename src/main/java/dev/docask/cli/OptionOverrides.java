package dev.docask.cli;

import dev.docask.retrieve.RetrievalOptions;

import java.util.Locale;
import java.util.Map;

/** Applies {@code name=value} overrides to retrieval options, naming the option in every error. */
final class OptionOverrides {
    private OptionOverrides() {
    }

    static RetrievalOptions apply(RetrievalOptions o, Map<String, String> overrides) {
        for (Map.Entry<String, String> e : overrides.entrySet()) {
            String v = e.getValue().trim();
            o = switch (e.getKey()) {
                case "topK" -> o.withTopK(integer(e.getKey(), v));
                case "candidates" -> o.withCandidates(integer(e.getKey(), v));
                case "rrfK" -> o.withRrfK(integer(e.getKey(), v));
                case "minSimilarity" -> o.withMinSimilarity(number(e.getKey(), v));
                case "minKeywordCoverage" -> o.withMinKeywordCoverage(number(e.getKey(), v));
                case "maxContextChars" -> o.withMaxContextChars(integer(e.getKey(), v));
                case "collapseCopies" -> o.withCollapseCopies(bool(e.getKey(), v));
                case "maxPerSource" -> o.withMaxPerSource(integer(e.getKey(), v));
                case "similarityNeedsKeyword" -> o.withSimilarityNeedsKeyword(bool(e.getKey(), v));
                case "gateMode" -> o.withGateMode(enumValue(RetrievalOptions.GateMode.class, e.getKey(), v));
                case "retrievers" -> o.withRetrievers(enumValue(RetrievalOptions.Retrievers.class, e.getKey(), v));
                default -> throw new IllegalArgumentException("unknown option '" + e.getKey() + "' in --set");
            };
        }
        return o;
    }

    private static int integer(String name, String v) {
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException ex) {
            throw new IllegalArgumentException(name + " must be a whole number, got '" + v + "'");
        }
    }

    private static double number(String name, String v) {
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException ex) {
            throw new IllegalArgumentException(name + " must be a number, got '" + v + "'");
        }
    }

    private static boolean bool(String name, String v) {
        if (!v.equals("true") && !v.equals("false")) {
            throw new IllegalArgumentException(name + " must be true or false, got '" + v + "'");
        }
        return Boolean.parseBoolean(v);
    }

    private static <E extends Enum<E>> E enumValue(Class<E> type, String name, String v) {
        try {
            return Enum.valueOf(type, v.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException ex) {
            throw new IllegalArgumentException(name + " must be one of " + java.util.Arrays.toString(type.getEnumConstants())
                    .toLowerCase(Locale.ROOT) + ", got '" + v + "'");
        }
    }
}
