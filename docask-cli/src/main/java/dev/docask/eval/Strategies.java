package dev.docask.eval;

import dev.docask.retrieve.RetrievalOptions;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The registry of named strategies, written out by hand (no reflection, no service loading).
 * A strategy spec is a registered name, optionally followed by overrides:
 * {@code hybrid:minSimilarity=0.8,gateMode=answerability}.
 *
 * <pre>{@code
 * List<Strategy> run = Strategies.select(List.of("bm25", "hybrid"), List.of("minSimilarity=0.8"));
 * // bm25, hybrid, and hybrid:minSimilarity=0.8
 * }</pre>
 */
public final class Strategies {
    /** The default pipeline; the --min/--max targets of {@code eval} apply to it. */
    public static final String DEFAULT = "hybrid";

    private static final Map<String, Strategy> REGISTRY = registry();

    private Strategies() {
    }

    private static Map<String, Strategy> registry() {
        Map<String, Strategy> r = new LinkedHashMap<>();
        add(r, "bm25", "BM25 alone (keyword coverage gate)",
                o -> o.toBuilder().retrievers(RetrievalOptions.Retrievers.BM25).build());
        add(r, "vector", "cosine similarity alone (same gate)",
                o -> o.toBuilder().retrievers(RetrievalOptions.Retrievers.VECTOR).build());
        add(r, "hybrid", "the default pipeline: BM25 and cosine, relevance gate, RRF", o -> o);
        add(r, "filter", "hybrid with gate mode filter: only candidates that pass the gate become sources",
                o -> o.toBuilder().gateMode(RetrievalOptions.GateMode.FILTER).build());
        add(r, "topn", "hybrid with the gate off (both thresholds 0): plain top-k", o -> o.toBuilder().withoutGate().build());
        add(r, "answerability", "hybrid with gate mode answerability: the gate only decides whether to answer",
                o -> o.toBuilder().gateMode(RetrievalOptions.GateMode.ANSWERABILITY).build());
        return Map.copyOf(r);
    }

    private static void add(Map<String, Strategy> r, String name, String description, UnaryOperator<RetrievalOptions> c) {
        r.put(name, new Strategy(name, description, c));
    }

    /** Registered names, in the order reports list them by default. */
    public static List<String> names() {
        return List.of("bm25", "vector", "hybrid", "topn", "filter", "answerability").stream()
                .filter(REGISTRY::containsKey).toList();
    }

    /** Finds a registered strategy by its plain name. */
    public static java.util.Optional<Strategy> find(String name) {
        return java.util.Optional.ofNullable(REGISTRY.get(name));
    }

    /** Parses a spec ({@code name} or {@code name:k=v,k=v}); an unknown name fails listing the known ones. */
    public static Strategy parse(String spec) {
        String s = spec.strip();
        int colon = s.indexOf(':');
        String name = colon < 0 ? s : s.substring(0, colon);
        Strategy base = find(name).orElseThrow(() -> new IllegalArgumentException(
                "unknown strategy '" + name + "'; known: " + String.join(", ", names())));
        if (colon < 0) {
            return base;
        }
        List<String> overrides = List.of(s.substring(colon + 1).split(","));
        overrides.forEach(a -> OptionOverrides.apply(RetrievalOptions.defaults(), a));
        Map<String, List<String>> byName = OptionOverrides.byName(overrides);
        byName.forEach((option, values) -> {
            if (values.size() > 1) {
                throw new IllegalArgumentException("strategy '" + s + "' sets " + option + " twice ("
                        + String.join(", ", values) + "); give each value its own --strategy");
            }
        });
        return new Strategy(s, base.description() + " with " + String.join(", ", overrides), o -> {
            RetrievalOptions out = base.options(o);
            for (String a : overrides) {
                out = OptionOverrides.apply(out, a);
            }
            return out;
        });
    }

    /**
     * The strategies of one run: those named (all registered ones when none is), then, when
     * {@code overrides} is not empty, the default pipeline with those overrides applied. Options
     * with different names combine into one variant; an option given several values makes one
     * variant per value (a sweep), e.g. {@code minSimilarity=0.7, minSimilarity=0.75, maxPerSource=1}
     * gives {@code hybrid:minSimilarity=0.7,maxPerSource=1} and {@code hybrid:minSimilarity=0.75,maxPerSource=1}.
     */
    public static List<Strategy> select(List<String> specs, List<String> overrides) {
        List<Strategy> out = new ArrayList<>();
        (specs.isEmpty() ? names() : specs).forEach(s -> out.add(parse(s)));
        List<List<String>> variants = List.of(List.of());
        for (List<String> values : OptionOverrides.byName(overrides).values()) {
            List<List<String>> next = new ArrayList<>();
            for (List<String> v : variants) {
                for (String value : values) {
                    List<String> more = new ArrayList<>(v);
                    more.add(value);
                    next.add(more);
                }
            }
            variants = next;
        }
        if (!overrides.isEmpty()) {
            variants.forEach(v -> out.add(parse(DEFAULT + ":" + String.join(",", v))));
        }
        return List.copyOf(out);
    }
}
