package dev.docask.cli;

import dev.docask.retrieve.RetrievalOptions;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Retrieval options on the command line: {@code --top-k}, {@code --filter k=v}, {@code --version-of-docs}, {@code --set name=value}. */
final class RetrievalArgs {
    @Option(names = "--top-k", paramLabel = "N", description = "Numbered sources at most (default 6).")
    Integer topK;

    // Lists split here rather than picocli Map options: picocli's message for a value without '='
    // reads "Value for option option '--set' ...", and it takes "=1" as an empty name.
    // A comma splits only before another NAME=, so "tags=a,b" stays one filter while
    // DOCASK_SET=topK=8,gateMode=filter (serve's environment) gives two settings.
    static final String PAIRS = ",(?=[^,=]+=)";

    @Option(names = "--filter", paramLabel = "KEY=VALUE", split = PAIRS, splitSynopsisLabel = ",", description = "Only chunks whose metadata match (repeatable; 'url' and 'source' match a prefix). "
                    + "'docask inspect --chunks' shows each chunk's metadata.")
    List<String> filter = new ArrayList<>();

    @Option(names = "--version-of-docs", paramLabel = "VERSION", description = "The docs version the reader is on "
            + "(e.g. 3.8.1, next, v3): copies are cited at its URLs and other versions' pages rank after it.")
    String docsVersion;

    // The names come from RetrievalOptions through picocli's candidates, so help lists what --set accepts.
    @Option(names = "--set", paramLabel = "NAME=VALUE", split = PAIRS, splitSynopsisLabel = ",", completionCandidates = SettingNames.class,
            description = "Override a retrieval option (repeatable): ${COMPLETION-CANDIDATES}.")
    List<String> overrides = new ArrayList<>();

    /** The names {@code --set} accepts, each with its words when it takes one. */
    static final class SettingNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return RetrievalOptions.SETTING_HELP.iterator();
        }
    }

    /** @throws IllegalArgumentException for a bad value, naming it */
    RetrievalOptions options() {
        RetrievalOptions.Builder o = RetrievalOptions.builder()
                .filter(pairs("--filter", "KEY", filter, "url=https://docs.example.com/guide/"));
        if (topK != null) {
            try {
                o.topK(topK);
            } catch (IllegalArgumentException e) { // the builder names its option; the user typed the flag
                throw new IllegalArgumentException(String.valueOf(e.getMessage()).replaceFirst("^topK\\b", "--top-k"), e);
            }
        }
        if (docsVersion != null) {
            if (docsVersion.isBlank()) { // the API reads an empty version as none (a widget with none); typed, it is a slip
                throw new IllegalArgumentException("--version-of-docs '': expected a version name such as 3.8.1, next or v3; "
                        + "leave the option out when the reader is on no particular version");
            }
            try {
                o.docsVersion(docsVersion);
            } catch (IllegalArgumentException e) {
                String shown = docsVersion.length() > 40 ? docsVersion.substring(0, 40) + "…" : docsVersion;
                throw new IllegalArgumentException("--version-of-docs '" + shown + "': expected a version name such as "
                        + "3.8.1, next or v3 (letters, digits, '.', '_', '-'; at most 100 characters)");
            }
        }
        Map<String, String> sets = pairs("--set", "NAME", overrides, "minSimilarity=0.8");
        if (topK != null && sets.containsKey("topK")) {
            throw new IllegalArgumentException("--top-k and --set topK both give topK; give it once");
        }
        if (docsVersion != null && sets.containsKey("docsVersion")) {
            throw new IllegalArgumentException("--version-of-docs and --set docsVersion both give docsVersion; give it once");
        }
        for (Map.Entry<String, String> e : sets.entrySet()) {
            o.set(e.getKey(), e.getValue());
        }
        return o.build();
    }

    /** NAME=VALUE arguments in order; a name given twice is refused rather than silently overwritten. */
    private static Map<String, String> pairs(String option, String name, List<String> args, String example) {
        Map<String, String> pairs = new LinkedHashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException(option + " '" + arg + "': expected " + name + "=VALUE, e.g. " + example);
            }
            String previous = pairs.put(arg.substring(0, eq), arg.substring(eq + 1));
            if (previous != null) {
                throw new IllegalArgumentException(option + " gives " + arg.substring(0, eq) + " twice ('"
                        + previous + "' and '" + arg.substring(eq + 1) + "'); give it once"
                        + (option.equals("--set") ? " (docask eval compares values: --set NAME=A --set NAME=B)" : ""));
            }
        }
        return pairs;
    }
}
