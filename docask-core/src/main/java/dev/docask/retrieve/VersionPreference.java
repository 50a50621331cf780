package dev.docask.retrieve;

import dev.docask.index.DocIndex;
import dev.docask.index.internal.IndexEngine;
import dev.docask.index.internal.NamedVersion;
import dev.docask.index.internal.SiteValues;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.internal.VersionSegments;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/*
 * Docs versions (docs/retrieval.md, "Versions"). A versioned site holds each page once per version:
 * word-for-word copies collapse to one chunk at the canonical URL, pages that differ between versions
 * stay apart. Two things say which version a reader wants:
 *  - the request (the widget reads it from the page URL or data-version): copies are cited at that
 *    version's URL, and chunks that exist only in other versions move behind the rest;
 *  - a version the question names ("upgrading to 3.x", "what changed in v3"): a version folder of that
 *    major stands in for the request's version when the request names none, and pages whose URL names
 *    another major (/migration/v2/…) move behind the rest when some page's URL names the asked one.
 *    A version the question upgrades from ("upgrading from v2") asks for the next major the site has:
 *    the guide to v3, not the one that led to v2.
 * Moving behind keeps the order inside each part, so a page of another version is still a source when
 * nothing of the reader's version is relevant; no score changes and no constant is fitted.
 */
final class VersionPreference {
    static final String METADATA_KEY = "version";

    /** A URL path segment that names a major version: "v2", "2.x". */
    private static final Pattern PATH_TAG = Pattern.compile("(?i)v(\\d{1,6})|(\\d{1,6})\\.x");

    private final DocIndex index;
    /** Version folder names the chunks carry (metadata "version"), e.g. 3.8.1 and next. */
    private final Set<String> folders;
    /** Majors named by some URL path segment of the index. */
    private final Set<Integer> pathMajors;

    private VersionPreference(DocIndex index, Set<String> folders, Set<Integer> pathMajors) {
        this.index = index;
        this.folders = folders;
        this.pathMajors = pathMajors;
    }

    static VersionPreference of(DocIndex index) {
        SiteValues site = ChunkValues.of(index);
        Set<String> folders = new TreeSet<>(site.metadata().getOrDefault(METADATA_KEY, new TreeSet<>()));
        Set<Integer> pathMajors = new HashSet<>();
        for (String segment : site.pathSegments(PATH_TAG)) {
            pathMajors.addAll(pathTags("/" + segment));
        }
        return new VersionPreference(index, Set.copyOf(folders), Set.copyOf(pathMajors));
    }

    /**
     * {@code ranked} with the reader's version first: copies shown at the version {@code folder}'s URL, chunks of
     * other versions (and pages whose URL names a major other than those of {@code askedMajors}) after the rest.
     */
    List<Hit> apply(List<Hit> ranked, Optional<String> folder, Set<Integer> askedMajors, boolean collapseCopies) {
        Set<Integer> asked = new HashSet<>(askedMajors);
        asked.retainAll(pathMajors);
        if (folder.isEmpty() && asked.isEmpty()) {
            return ranked;
        }
        IndexEngine engine = IndexEngine.of(index);
        List<Hit> first = new ArrayList<>(ranked.size());
        List<Hit> later = new ArrayList<>();
        for (Hit h : ranked) {
            boolean otherVersion = false;
            if (folder.isPresent()) {
                int[] group = collapseCopies ? engine.copyGroup(h.chunkId) : new int[] {h.chunkId};
                Optional<Hit> atFolder = atFolder(h, group, folder.get());
                otherVersion = atFolder.isEmpty() && versioned(group);
                h = atFolder.orElse(h);
            }
            Set<Integer> tags = pathTags(h.chunk().url());
            boolean otherMajor = !asked.isEmpty() && !tags.isEmpty() && tags.stream().noneMatch(asked::contains);
            (otherVersion || otherMajor ? later : first).add(h);
        }
        first.addAll(later);
        return first;
    }

    /** The version folders the chunks carry, sorted. */
    List<String> folders() {
        return folders.stream().sorted().toList();
    }

    /** The folder sources are ranked for: the one {@code requested} stands for, else the latest of an asked major. */
    Optional<String> folder(Optional<String> requested, Set<Integer> askedMajors) {
        return requested.flatMap(this::folderFor)
                .or(() -> askedMajors.stream().sorted().map(m -> latestOfMajor(m)).flatMap(Optional::stream).findFirst());
    }

    /** The version folder {@code requested} names: itself (any case), or the latest folder of the major it names. */
    Optional<String> folderFor(String requested) {
        String r = requested.strip();
        for (String f : folders) {
            if (f.equalsIgnoreCase(r)) {
                return Optional.of(f);
            }
        }
        OptionalInt major = NamedVersion.majorOf(r);
        return major.isPresent() ? latestOfMajor(major.getAsInt()) : Optional.empty();
    }

    /**
     * The newest folder of {@code major}; on a site whose root holds the latest docs beside older folders ({@code latest},
     * {@code v2}), a major newer than every folder's is the root's: "v3" there is what the root pages document.
     */
    private Optional<String> latestOfMajor(int major) {
        return folders.stream().filter(f -> NamedVersion.majorOf(f).equals(OptionalInt.of(major)))
                .max(Comparator.comparing(VersionPreference::numericParts, VersionPreference::compareParts))
                .or(() -> folders.contains(VersionSegments.LATEST) && folders.stream().map(NamedVersion::majorOf)
                        .allMatch(m -> m.isEmpty() || m.getAsInt() < major) ? Optional.of(VersionSegments.LATEST) : Optional.empty());
    }

    private Optional<Hit> atFolder(Hit h, int[] group, String folder) {
        for (int id : group) {
            Chunk c = index.chunk(id);
            if (folder.equals(c.metadata().get(METADATA_KEY))) {
                if (c.url().equals(h.chunk().url())) {
                    return Optional.of(h);
                }
                List<String> others = new ArrayList<>(group.length - 1);
                for (int o : group) {
                    if (o != id) {
                        others.add(index.chunk(o).url());
                    }
                }
                return Optional.of(h.asCopy(c, others));
            }
        }
        return Optional.empty();
    }

    private boolean versioned(int[] group) {
        for (int id : group) {
            if (index.chunk(id).metadata().containsKey(METADATA_KEY)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The majors a question that {@code named} these versions asks for: those it names, but in place of a version it
     * upgrades from ("upgrading from v2"), the next major some page's path or version folder names (3), if there is one.
     */
    Set<Integer> askedMajors(List<NamedVersion> named) {
        Set<Integer> out = new HashSet<>();
        int leaving = -1;
        for (NamedVersion v : named) {
            if (v.leaving()) {
                leaving = Math.max(leaving, v.major());
            } else {
                out.add(v.major());
            }
        }
        if (out.isEmpty() && leaving >= 0) {
            int from = leaving;
            java.util.stream.Stream.concat(pathMajors.stream(), folders.stream().map(NamedVersion::majorOf)
                            .filter(OptionalInt::isPresent).map(OptionalInt::getAsInt))
                    .filter(m -> m > from).min(Integer::compare).ifPresent(out::add);
            if (out.isEmpty() && folders.contains(VersionSegments.LATEST)) {
                out.add(from + 1); // no folder is newer: the root's latest docs are where an upgrade from the newest folder leads
            }
        }
        return out;
    }

    /** The majors the path segments of {@code url} name ("/migration/v2/manual" → 2). */
    static Set<Integer> pathTags(String url) {
        Set<Integer> out = new HashSet<>(1);
        for (String segment : SiteValues.segments(url)) {
            Matcher m = PATH_TAG.matcher(segment);
            if (m.matches()) {
                out.add(Integer.parseInt(m.group(1) != null ? m.group(1) : m.group(2)));
            }
        }
        return out;
    }

    private static List<Integer> numericParts(String version) {
        List<Integer> parts = new ArrayList<>();
        for (String p : version.replaceFirst("(?i)^v", "").split("\\.")) {
            parts.add(p.matches("\\d{1,6}") ? Integer.parseInt(p) : -1);
        }
        return parts;
    }

    private static int compareParts(List<Integer> a, List<Integer> b) {
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            int c = Integer.compare(i < a.size() ? a.get(i) : 0, i < b.size() ? b.get(i) : 0);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }
}
