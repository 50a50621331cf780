package dev.docask.ingest;

import dev.docask.ingest.internal.UrlPaths;
import dev.docask.ingest.internal.VersionSegments;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/*
 * Version folders of any layout (docs/retrieval.md, "Versions"): a path segment written like a version ("next", "v3",
 * "3.8", "3.8.1", "2.x") is a version folder when the same page is there under another such segment at the same place
 * (/docs/3.8/intro beside /docs/next/intro, /v2/guide/ beside /v3/guide/), for two pages at least: that is what a
 * versioned site looks like, built by mike, VitePress or by hand, read from a folder or crawled. Every page under a confirmed folder then carries
 * the version metadata Docusaurus's versioned_docs get, so the reader's version is preferred as there. A lone "/v1/"
 * names no choice between versions and is left alone; so is a bare number ("/blog/2024/"), a year or an id.
 * Many sites keep the latest docs at the root and only older ones in a folder (/guide/intro beside /v2/guide/intro,
 * /docs/ beside /docs/2.x/): a version-like folder is a version folder too when it mirrors the pages at its own place,
 * at least two of them and at least half of its pages, and the pages at that place in the sections the folder
 * mirrors (/guide/…, not /blog/…) are then the "latest" version. An API's "/v1/" rarely has its pages again without
 * the "v1", so it stays alone.
 */
final class VersionFolders {
    static final String METADATA_KEY = "version";
    /*
     * Pages a version folder must share with another: versioned docs copy most pages into every version, while a site
     * whose guides merely end in a version ("/migration/v2/manual" beside "/migration/v3/manual") shares one or none.
     */
    private static final int MIN_SHARED_PAGES = 2;

    private VersionFolders() {
    }

    /**
     * {@code chunks} with the version metadata of their folder added where their URL's path has a confirmed version
     * folder and they carry no version yet (a framework's own rule, Docusaurus's versioned_docs, wins); the same list
     * when there is none.
     */
    static List<Chunk> mark(List<Chunk> chunks) {
        Map<String, List<String>> paths = new LinkedHashMap<>();
        for (Chunk c : chunks) {
            paths.computeIfAbsent(c.pageUrl(), UrlPaths::segments);
        }
        // the path before a version-like segment -> each page path after it -> the version-like segments seen between
        Map<String, Map<String, Set<String>>> under = new HashMap<>();
        for (List<String> s : paths.values()) {
            for (int i = 0; i + 1 < s.size(); i++) { // a folder holds pages: "/upgrade-to/v5/" alone is a page, not a folder
                if (VersionSegments.is(s.get(i))) {
                    StringBuilder prefix = new StringBuilder();
                    s.subList(0, i).forEach(x -> prefix.append('/').append(x));
                    under.computeIfAbsent(prefix.toString(), k -> new HashMap<>())
                            .computeIfAbsent(String.join("/", s.subList(i + 1, s.size())), k -> new HashSet<>()).add(s.get(i));
                }
            }
        }
        Set<String> folders = new HashSet<>(); // "prefix/version": at least two pages the folder shares with another one
        under.forEach((prefix, pages) -> {
            Map<String, Integer> shared = new HashMap<>();
            pages.values().stream().filter(v -> v.size() > 1).forEach(v -> v.forEach(x -> shared.merge(x, 1, Integer::sum)));
            shared.forEach((version, n) -> {
                if (n >= MIN_SHARED_PAGES) {
                    folders.add(prefix + "/" + version);
                }
            });
        });
        Map<String, Set<String>> latest = mirrored(under, paths.values(), folders);
        if (folders.isEmpty()) {
            return chunks;
        }
        List<Chunk> out = new ArrayList<>(chunks.size());
        for (Chunk c : chunks) {
            List<String> segments = paths.getOrDefault(c.pageUrl(), List.of());
            @Nullable String version = c.metadata().containsKey(METADATA_KEY) ? null : versionOf(segments, folders, latest);
            if (version == null) {
                out.add(c);
            } else {
                Map<String, String> meta = new LinkedHashMap<>(c.metadata());
                meta.put(METADATA_KEY, version);
                out.add(new Chunk(c.url(), c.title(), c.heading(), c.text(), c.source(), meta));
            }
        }
        return out;
    }

    /**
     * Adds to {@code folders} each version-like folder that mirrors the pages at its own place; returns, per such
     * place, the sections mirrored: the first segment of each mirrored page's path below the folder ("" for a page
     * right in it).
     */
    private static Map<String, Set<String>> mirrored(Map<String, Map<String, Set<String>>> under,
                                                     Collection<List<String>> pages, Set<String> folders) {
        Set<String> paths = new HashSet<>();
        pages.forEach(p -> paths.add(String.join("/", p)));
        Map<String, Set<String>> latest = new HashMap<>();
        under.forEach((prefix, below) -> {
            Map<String, List<String>> restsOf = new HashMap<>(); // version -> its pages' paths below it
            below.forEach((rest, versions) -> versions.forEach(v -> restsOf.computeIfAbsent(v, k -> new ArrayList<>()).add(rest)));
            String place = prefix.isEmpty() ? "" : prefix.substring(1) + "/";
            restsOf.forEach((version, rests) -> {
                List<String> twins = rests.stream().filter(r -> paths.contains(place + r)).toList();
                if (twins.size() >= MIN_SHARED_PAGES && twins.size() * 2 >= rests.size()) {
                    folders.add(prefix + "/" + version);
                    twins.forEach(r -> latest.computeIfAbsent(prefix, k -> new HashSet<>())
                            .add(r.contains("/") ? r.substring(0, r.indexOf('/')) : ""));
                }
            });
        });
        return latest;
    }

    private static @Nullable String versionOf(List<String> segments, Set<String> folders, Map<String, Set<String>> latest) {
        String folder = folderOf(segments, folders);
        return folder != null ? folder : isLatest(segments, latest) ? VersionSegments.LATEST : null;
    }

        /** Whether a page outside every version folder sits in a section that a folder beside it mirrors. */
    private static boolean isLatest(List<String> segments, Map<String, Set<String>> latest) {
        StringBuilder prefix = new StringBuilder();
        for (int i = 0; i < segments.size(); i++) {
            Set<String> sections = latest.get(prefix.toString());
            boolean inFolder = i + 1 < segments.size();
            if (sections != null && (inFolder ? sections.contains(segments.get(i)) && !VersionSegments.is(segments.get(i))
                    : sections.contains(""))) {
                return true;
            }
            prefix.append('/').append(segments.get(i));
        }
        return false;
    }

    /** The version of the first confirmed folder on {@code segments}, or null. */
    private static @Nullable String folderOf(List<String> segments, Set<String> folders) {
        StringBuilder prefix = new StringBuilder();
        for (String s : segments) {
            if (folders.contains(prefix + "/" + s)) {
                return s;
            }
            prefix.append('/').append(s);
        }
        return null;
    }
}
