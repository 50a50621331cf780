package dev.docask.index;

import dev.docask.ingest.Corpus;
import dev.docask.ingest.IngestOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/*
 * The content hash covers every chunk's URL and text, so a new base URL or chunk size changes it
 * even when no page did. The source hash covers only the files read, which is what "pages changed"
 * means; indexes built before it was recorded (or from a corpus made by hand) have none, and then a
 * changed content hash counts as changed pages only when no option explains it.
 */

/** Compares an index's manifest with the corpus and settings of a new build, naming each difference. */
final class Staleness {
    private Staleness() {
    }

    static List<String> differences(Manifest m, Corpus corpus, IndexBuilder.Settings settings, String contentHash) {
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
            out.add("pages changed");
        } else if (knownSources && !sameContent && !chunkingDiffers) {
            out.add("same pages but different chunks (built by another docask version?)");
        }
        if (!stored.embedderSpec().equals(settings.embedderSpec())) {
            out.add(0, "built with embedder " + stored.embedderSpec() + ", asked for " + settings.embedderSpec());
        }
        if (m.bm25K1() != settings.bm25K1() || m.bm25B() != settings.bm25B()) {
            out.add(String.format(Locale.ROOT, "BM25 k1 %s b %s, asked for k1 %s b %s",
                    m.bm25K1(), m.bm25B(), settings.bm25K1(), settings.bm25B()));
        }
        return out;
    }

    private static String orNone(String baseUrl) {
        return baseUrl.isEmpty() ? "none" : baseUrl;
    }
}
