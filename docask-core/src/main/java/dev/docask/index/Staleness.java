package dev.docask.index;

import dev.docask.ingest.Chunk;
import dev.docask.ingest.Corpus;
import dev.docask.ingest.IngestOptions;
import dev.docask.index.internal.DocaskVersion;
import dev.docask.index.internal.FileErrors;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/*
 * The content hash covers every chunk's URL and text, so a new base URL or chunk size changes it
 * even when no page did. The source hash covers only the files read, which is what "pages changed"
 * means; indexes built before it was recorded (or from a corpus made by hand) have none, and then a
 * changed content hash counts as changed pages only when no option explains it.
 */

/** Compares an index's manifest with the corpus and settings of a new build, naming each difference; says when a build has nothing to do. */
final class Staleness {
    private Staleness() {
    }

    /** {@link IndexBuilder#differences}: reads the live manifest of {@code out} and compares. */
    static List<String> differences(Corpus corpus, IndexBuilder.Settings settings, Path out) {
        Manifest m;
        Path gen;
        try {
            Optional<Path> current = IndexFiles.currentGeneration(out);
            if (current.isEmpty()) {
                return List.of("no index in " + out);
            }
            gen = current.get();
            m = IndexFiles.readManifest(gen);
        } catch (IOException e) {
            return List.of("cannot read the index in " + out + ": " + FileErrors.reason(e));
        } catch (RuntimeException e) {
            return List.of("cannot read the index in " + out + ": " + e.getMessage());
        }
        return differences(m, corpus, settings, IndexBuilder.contentHash(corpus.chunks()), () -> {
            try {
                return IndexFiles.readChunks(gen).stream().map(IndexFiles.StoredChunk::chunk).toList();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    /** {@link IndexBuilder#upToDate}: no difference, a gate measured on this content, every file intact. */
    static Optional<Manifest> upToDate(Corpus corpus, IndexBuilder.Settings settings, Path out) {
        if (!differences(corpus, settings, out).isEmpty()) {
            return Optional.empty();
        }
        // the whole generation checked before it answers: a damaged one is rebuilt, not kept
        try (DocIndex live = DocIndex.open(out, new DocIndex.Verification(Long.MAX_VALUE, Runnable::run))) {
            Manifest m = live.manifest();
            boolean gateOfThisContent = m.gate().map(g -> g.figures().stream()
                    .noneMatch(f -> f.startsWith(IndexBuilder.KEPT_GATE))).orElse(false);
            return live.fallback().isEmpty() && gateOfThisContent ? Optional.of(m) : Optional.empty();
        } catch (RuntimeException damaged) {
            return Optional.empty(); // a build repairs it
        }
    }

    /**
     * @param before the index's chunks, read only to name the pages that changed (when its chunking is the corpus's:
     *               else every page's chunks differ); a failure to read them leaves the phrase without names
     */
    static List<String> differences(Manifest m, Corpus corpus, IndexBuilder.Settings settings, String contentHash,
                                    java.util.function.Supplier<List<Chunk>> before) {
        List<String> out = new ArrayList<>();
        StoredManifest stored = m.stored(); // the facts as written, compared as the build would write them
        IngestOptions asked = corpus.options();
        if (m.formatVersion() != Manifest.FORMAT_VERSION) {
            out.add("index format " + m.formatVersion() + ", this docask writes " + Manifest.FORMAT_VERSION);
        }
        if (!stored.framework().equals(corpus.framework().cliName())) {
            out.add("read as " + stored.framework() + ", asked for " + corpus.framework().cliName());
        }
        if (m.chunkSize() != asked.chunkSize()) {
            out.add("chunk size " + m.chunkSize() + ", asked for " + asked.chunkSize());
        }
        if (m.chunkOverlap() != asked.chunkOverlap()) {
            out.add("chunk overlap " + m.chunkOverlap() + ", asked for " + asked.chunkOverlap());
        }
        if (!stored.baseUrl().equals(asked.baseUrl())) {
            out.add("base URL differs: built with " + orNone(stored.baseUrl()) + ", asked for " + orNone(asked.baseUrl()));
        }
        boolean chunkingDiffers = !out.isEmpty();
        boolean knownSources = !stored.sourceHash().isEmpty() && !corpus.sourceHash().isEmpty();
        boolean sameContent = m.contentHash().equals(contentHash);
        if (knownSources ? !stored.sourceHash().equals(corpus.sourceHash()) : !sameContent && !chunkingDiffers) {
            out.add(chunkingDiffers ? PAGES_CHANGED : pagesChanged(before, corpus.chunks()));
        } else if (knownSources && !sameContent && !chunkingDiffers) {
            out.add("same pages but different chunks (built by another docask version?)");
        }
        if (!stored.embedderSpec().equals(settings.embedderSpec())) {
            out.add(0, "built with embedder " + stored.embedderSpec() + ", asked for " + settings.embedderSpec());
        }
        String name = IndexBuilder.siteName(corpus, settings);
        boolean nameFollowsBaseUrl = settings.siteName().isBlank() && !stored.baseUrl().equals(asked.baseUrl());
        if (!stored.siteName().equals(name) && !nameFollowsBaseUrl) {
            // the name a build would record: one the site gives itself can change in a config file no page hash covers
            out.add("site name " + stored.siteName() + (settings.siteName().isBlank() ? ", the site now names itself " : ", asked for ")
                    + name);
        }
        if (!DocaskVersion.known()) {
            // classes built without Maven (an IDE) cannot say which rules they run: nothing they built counts as theirs
            out.add("this docask cannot say its version (built without Maven)");
        } else if (!stored.builtBy().equals(DocaskVersion.build())) {
            // the gate it measured and the way it read the pages may differ from what this build does
            out.add((stored.builtBy().isEmpty() ? "written by an older docask" : "written by docask " + stored.builtBy())
                    + ", this is docask " + DocaskVersion.build());
        }
        if (m.bm25K1() != settings.bm25K1() || m.bm25B() != settings.bm25B()) {
            out.add(String.format(Locale.ROOT, "BM25 k1 %s b %s, asked for k1 %s b %s",
                    m.bm25K1(), m.bm25B(), settings.bm25K1(), settings.bm25B()));
        }
        return out;
    }

    static final String PAGES_CHANGED = "pages changed";
    private static final int NAMED = 5;

    /**
     * "pages changed" with the pages named, from each page's chunks before and now: "pages changed: 1 added (…),
     * 2 changed (…, …)", at most {@link #NAMED} named a kind. Pages are named by their source file or URL path.
     */
    static String pagesChanged(java.util.function.Supplier<List<Chunk>> before, List<Chunk> now) {
        Map<String, String> was;
        try {
            was = pages(before.get());
        } catch (RuntimeException e) {
            return PAGES_CHANGED; // which pages is a courtesy, not worth failing the check for
        }
        Map<String, String> is = pages(now);
        List<String> added = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        List<String> changed = new ArrayList<>();
        is.forEach((page, text) -> {
            if (!was.containsKey(page)) {
                added.add(page);
            } else if (!was.get(page).equals(text)) {
                changed.add(page);
            }
        });
        was.keySet().stream().filter(page -> !is.containsKey(page)).forEach(removed::add);
        List<String> parts = new ArrayList<>();
        for (var kind : List.of(Map.entry("added", added), Map.entry("removed", removed), Map.entry("changed", changed))) {
            List<String> pages = kind.getValue();
            if (!pages.isEmpty()) {
                parts.add(pages.size() + " " + kind.getKey() + " (" + String.join(", ", pages.subList(0, Math.min(NAMED, pages.size())))
                        + (pages.size() > NAMED ? ", …" : "") + ")");
            }
        }
        return parts.isEmpty() ? PAGES_CHANGED : PAGES_CHANGED + ": " + String.join(", ", parts);
    }

    /** Each page (its source) with the text of its chunks, in order. */
    private static Map<String, String> pages(List<Chunk> chunks) {
        Map<String, String> pages = new java.util.TreeMap<>();
        for (Chunk c : chunks) {
            pages.merge(c.source(), c.url() + "\u0000" + c.heading() + "\u0000" + c.text(), (a, b) -> a + "\u0001" + b);
        }
        return pages;
    }

    private static String orNone(String baseUrl) {
        return baseUrl.isEmpty() ? "none" : baseUrl;
    }
}
