package dev.docask.retrieve;

import dev.docask.index.DocIndex;
import dev.docask.index.internal.SiteValues;

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
 * builds this once, on its first filtered question (one pass over the chunks, or a search
 * service's facets: ChunkValues); each filtered question then costs a lookup per filter key (a
 * count on a search service for a url or source prefix). Values are listed up to MAX_LISTED, enough for
 * docType or version, not for a site's hundreds of tags.
 */
final class MetadataVocabulary {
    static final int MAX_LISTED = 20;

    private final SiteValues site;

    private MetadataVocabulary(SiteValues site) {
        this.site = site;
    }

    static MetadataVocabulary of(DocIndex index) {
        return new MetadataVocabulary(ChunkValues.of(index));
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
            case "url", "source" -> prefixProblem(site, key, value).map(p -> start + p);
            default -> {
                Map<String, SortedSet<String>> values = site.metadata();
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

    private static String valueProblem(String key, String value, SortedSet<String> matchable) {
        // a list's items, not the list as stored beside them ("security, providers", not "security,providers" too)
        SortedSet<String> known = matchable.stream().flatMap(dev.docask.index.internal.Allowed::items)
                .collect(Collectors.toCollection(TreeSet::new));
        if (known.size() <= MAX_LISTED) {
            return key + " is one of " + String.join(", ", known);
        }
        Optional<String> otherCase = known.stream().filter(v -> v.equalsIgnoreCase(value)).findFirst();
        return "none of the " + known.size() + " values of " + key + " is '" + value + "'"
                + otherCase.map(v -> "; did you mean '" + v + "'?").orElse("");
    }

    /** Empty when some entry starts with {@code prefix}; otherwise how the entries do start. */
    private static Optional<String> prefixProblem(SiteValues site, String name, String prefix) {
        if (site.anyStartsWith(name, prefix)) {
            return Optional.empty();
        }
        NavigableSet<String> entries = site.all(name); // only when nothing starts with it: the message lists them
        if (entries.isEmpty()) {
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
