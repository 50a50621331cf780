package dev.docask.cli;

import dev.docask.retrieve.RetrievalOptions;
import picocli.CommandLine.Option;

import java.util.LinkedHashMap;
import java.util.Map;

/** Retrieval options on the command line: {@code --top-k}, {@code --filter k=v}, {@code --set name=value}. */
final class RetrievalArgs {
    @Option(names = "--top-k", paramLabel = "N", description = "Numbered sources at most (default 6).")
    Integer topK;

    @Option(names = "--filter", paramLabel = "KEY=VALUE", description = "Only chunks whose metadata match (repeatable; 'url' matches a prefix).")
    Map<String, String> filter = new LinkedHashMap<>();

    @Option(names = "--set", paramLabel = "NAME=VALUE",
            description = "Override an option: candidates, rrfK, minSimilarity, minKeywordCoverage, maxContextChars, "
                    + "collapseCopies, maxPerSource, gateMode (filter|answerability), searchOpening.")
    Map<String, String> overrides = new LinkedHashMap<>();

    RetrievalOptions options() {
        RetrievalOptions o = RetrievalOptions.defaults().withFilter(filter);
        if (topK != null) {
            o = o.withTopK(topK);
        }
        for (Map.Entry<String, String> e : overrides.entrySet()) {
            o = o.withSetting(e.getKey(), e.getValue());
        }
        return o;
    }
}
