package dev.docask.ingest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import dev.docask.ingest.Corpus.Problem;

/*
 * a.md and a/index.md, b.md and b.mdx, or a front matter slug equal to another file's route give two
 * files one URL. Docusaurus warns ("Duplicate routes found!", onDuplicateRoutes: 'warn' by default) and
 * builds both into the same file, so which one is served depends on write order; Starlight warns of a
 * duplicate id the same way. No framework defines a winner we could copy, so both pages stay indexed
 * (a citation links to the URL either way, and dropping one could lose the text that is served) and
 * each clash is reported, naming both files and the URL, for the author to fix.
 */

/** Finds pages that different files route to the same URL. */
final class RouteClashes {

    private RouteClashes() {
    }

    /** One problem per later file (in file order) whose page URL an earlier file already has. */
    static List<Problem> find(List<Chunk> chunks) {
        Map<String, String> firstFile = new HashMap<>();
        Set<String> reported = new HashSet<>();
        List<Problem> problems = new ArrayList<>();
        for (Chunk chunk : chunks) {
            String first = firstFile.putIfAbsent(chunk.pageUrl(), chunk.source());
            if (first != null && !first.equals(chunk.source()) && reported.add(chunk.source() + '\n' + chunk.pageUrl())) {
                problems.add(new Problem(chunk.source(),
                        "same URL as " + first + ": " + chunk.pageUrl() + " (both are indexed)"));
            }
        }
        return problems;
    }
}
