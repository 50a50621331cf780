package dev.docask.eval;

import dev.docask.retrieve.Source;

import java.util.List;

/*
 * The matching rule of the eval (issue 5). A source answers a question when the URL of the source,
 * or of any word-for-word copy collapsed into it, equals an expected URL once the #anchor is cut.
 * Questions without URLs (pages that are only included into others) fall back to files: an expected
 * file path, relative to the site folder, must end with the source's path, relative to the indexed
 * folder, at a path-segment boundary, so "docs/config/retry.md" matches "config/retry.md" but not
 * "try.md".
 */
final class SourceMatch {
    private SourceMatch() {
    }

    /** Rank (from 1) of the first source among the first {@code k} that answers {@code q}; 0 when none does. */
    static int firstMatchRank(Question q, List<Source> sources, int k) {
        for (int i = 0; i < Math.min(k, sources.size()); i++) {
            if (matches(q, sources.get(i))) {
                return i + 1;
            }
        }
        return 0;
    }

    static boolean matches(Question q, Source s) {
        if (!q.expectedUrls().isEmpty()) {
            return s.allUrls().stream().map(SourceMatch::withoutAnchor).anyMatch(q.expectedUrls()::contains);
        }
        return q.expectedFiles().stream().anyMatch(file -> endsAtSegment(file, s.source()));
    }

    static String withoutAnchor(String url) {
        int hash = url.indexOf('#');
        return hash < 0 ? url : url.substring(0, hash);
    }

    static boolean endsAtSegment(String expectedFile, String sourcePath) {
        if (sourcePath.isEmpty()) {
            return false;
        }
        return expectedFile.equals(sourcePath) || expectedFile.endsWith("/" + sourcePath);
    }
}
