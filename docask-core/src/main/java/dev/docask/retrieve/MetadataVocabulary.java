package dev.docask.retrieve;

import dev.docask.index.DocIndex;
import dev.docask.ingest.Chunk;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/*
 * A filter with a mistyped key or value matches no chunk, and retrieval then finds nothing, which
 * reads as "the docs do not say". This holds the keys and values one index has, so that such a
 * filter is reported with what it could have said instead. An index never changes, so a retriever
 * builds this once, on its first filtered question (one pass over the chunks); each filtered
 * question then costs a lookup per filter key. Values are listed up to MAX_LISTED, enough for
 * docType or version, not for a site's hundreds of tags.
 */
final class MetadataVocabulary {
    static final int MAX_LISTED = 20;

    private final Map<String, SortedSet<String>> values;
    private final NavigableSet<String> urls;
    private final NavigableSet<String> sources;

    private MetadataVocabulary(Map<String, SortedSet<String>> values, NavigableSet<String> urls, NavigableSet<String> sources) {
        this.values = values;
        this.urls = urls;
        this.sources = sources;
    }

    static MetadataVocabulary of(DocIndex index) {
        Map<String, SortedSet<String>> values = new TreeMap<>();
        NavigableSet<String> urls = new TreeSet<>();
        NavigableSet<String> sources = new TreeSet<>();
        for (int id = 0; id < index.size(); id++) {
            Chunk c = index.chunk(id);
            c.metadata().forEach((k, v) -> MetadataFilter.values(v).forEach(values.computeIfAbsent(k, x -> new TreeSet<>())::add));
            urls.add(c.url());
            sources.add(c.source());
        }
        return new MetadataVocabulary(values, urls, sources);
    }

    /**
     * Why each part of {@code filter} can match no chunk, one sentence per part, in key order;
     * empty when each part matches some chunk (they may still match none together).
     */
    List<String> problems(Map<String, String> filter) {
        List<String> out = new ArrayList<>();
        new TreeMap<>(filter).forEach((key, value) -> problem(key, value).ifPresent(out::add));
        return out;
    }

    /** The sentence for a filter whose parts each match some chunk but no chunk matches them all. */
    static String noneMatchesAll(Map<String, String> filter) {
        return "filter " + new TreeMap<>(filter).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", ")) + " matches no chunk: each part matches some chunk, none matches all";
    }

    private Optional<String> problem(String key, String value) {
        String start = "filter " + key + "=" + value + " matches no chunk: ";
        return switch (key) {
            case "url" -> prefixProblem(urls, "url", value).map(p -> start + p);
            case "source" -> prefixProblem(sources, "source", value).map(p -> start + p);
            default -> {
                SortedSet<String> known = values.get(key);
                if (known == null) {
                    yield Optional.of(start + "no chunk has the key '" + key + "'; " + (values.isEmpty()
                            ? "this index's chunks have no metadata, only url and source (which match a prefix)"
                            : "keys are " + String.join(", ", values.keySet()) + ", and url and source (which match a prefix)"));
                }
                yield known.contains(value) ? Optional.empty() : Optional.of(start + valueProblem(key, value, known));
            }
        };
    }

    private static String valueProblem(String key, String value, SortedSet<String> known) {
        if (known.size() <= MAX_LISTED) {
            return key + " is one of " + String.join(", ", known);
        }
        Optional<String> otherCase = known.stream().filter(v -> v.equalsIgnoreCase(value)).findFirst();
        return "none of the " + known.size() + " values of " + key + " is '" + value + "'"
                + otherCase.map(v -> "; did you mean '" + v + "'?").orElse("");
    }

    /** Empty when some entry starts with {@code prefix}; otherwise how the entries do start. */
    private static Optional<String> prefixProblem(NavigableSet<String> entries, String name, String prefix) {
        String next = entries.ceiling(prefix);
        if (entries.isEmpty() || next != null && next.startsWith(prefix)) {
            return Optional.empty();
        }
        String common = commonPrefix(entries.first(), entries.last());
        SortedSet<String> branches = entries.stream().map(e -> branch(e, common.length()))
                .collect(Collectors.toCollection(TreeSet::new));
        String how = branches.size() <= MAX_LISTED ? name + "s start with " + String.join(", ", branches)
                : common.isEmpty() ? "there are " + entries.size() + " " + name + "s"
                : "every " + name + " starts with '" + common + "'";
        return Optional.of("no " + name + " starts with '" + prefix + "'; " + how);
    }

    /** {@code entry} up to the first '/' after {@code from} (the folder it is in there), without its #anchor. */
    private static String branch(String entry, int from) {
        int hash = entry.indexOf('#');
        String page = hash < 0 ? entry : entry.substring(0, hash);
        int slash = page.indexOf('/', from);
        return slash < 0 ? page : page.substring(0, slash + 1);
    }

    private static String commonPrefix(String a, String b) {
        int n = 0;
        while (n < a.length() && n < b.length() && a.charAt(n) == b.charAt(n)) {
            n++;
        }
        return a.substring(0, n);
    }
}
