package dev.docask.index;

import dev.docask.ingest.Corpus.Problem;
import org.jspecify.annotations.Nullable;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shape of {@code manifest.json} on disk, written and read by Jackson; {@link Manifest} is what
 * users see. Kept apart so the public type can change without changing the file format.
 *
 * @param formatVersion  on-disk format version
 * @param embedderSpec   the {@code --embedder} spec the index was built with (e.g. {@code bge-small})
 * @param embedderId     the embedder's id; querying with another id is refused
 * @param dimensions     vector length (0 for a keyword-only index)
 * @param framework      the framework whose routing was used
 * @param baseUrl        the site root the URLs were made with, empty when they are site-relative paths
 * @param siteName       the site's display name
 * @param chunkSize      chunking option used
 * @param chunkOverlap   chunking option used
 * @param pages          pages indexed
 * @param chunks         chunks indexed, copies included
 * @param copies         chunks that are copies of another chunk
 * @param bm25K1         BM25 term-frequency saturation
 * @param bm25B          BM25 length normalisation
 * @param contentHash    hash over every chunk's embedded text and URL; changes when the content does
 * @param sourceHash     hash over the page files read ({@link dev.docask.ingest.Corpus#sourceHash()}); changes
 *                       only when the pages do. Empty when unknown (a corpus made by hand, an older index)
 * @param problems       pages that were skipped, with the reason
 * @param createdAt      ISO-8601 instant of the build
 * @param checksums      CRC32C (hex) of the generation's own files by name ({@link Checksums}); empty in an
 *                       index built before they were recorded
 * @param builtBy        the docask version that wrote the index ({@code 0.2.0}); empty in an index written before it
 *                       was recorded
 * @param gate           the relevance gate calibrated for this index ({@link Manifest.Gate}); null in an index
 *                       built before gates were calibrated, or by a library call that did not calibrate one
 */
record StoredManifest(int formatVersion, String embedderSpec, String embedderId, int dimensions,
                       String framework, String baseUrl, String siteName, int chunkSize, int chunkOverlap,
                       int pages, int chunks, int copies, float bm25K1, float bm25B, String contentHash,
                       String sourceHash, List<Problem> problems, String createdAt,
                       Map<String, String> checksums, String builtBy, @Nullable StoredGate gate) {

    /** The calibrated gate as stored; {@code minSimilarity} is null for a keyword-only index. */
    record StoredGate(@Nullable Double minSimilarity, double minKeywordCoverage, @Nullable Double maxUnknownShare,
                      @Nullable StoredNeighbours neighbours, Manifest.@Nullable OtherToolFloor otherToolFloor, String embedderId,
                      String queryVariant, List<String> figures, String calibratedAt) {
        StoredGate {
            figures = List.copyOf(figures == null ? List.of() : figures);
            queryVariant = queryVariant == null ? "" : queryVariant;
        }
    }

    /**
     * {@link Manifest.Neighbours} as stored: each vector one Base64 string of its scale (4 bytes, big-endian float)
     * and its int8 components, a few hundred bytes a question.
     */
    record StoredNeighbours(int k, double maxLead, @Nullable Double bandTop, List<String> site, List<String> offTopic,
                            @Nullable Integer fewPages, @Nullable List<String> siteTools, @Nullable List<String> headings,
                            @Nullable Double headingsMaxLead, @Nullable Double coverageMinSimilarity) {
        StoredNeighbours {
            site = List.copyOf(site == null ? List.of() : site);
            offTopic = List.copyOf(offTopic == null ? List.of() : offTopic);
        }

        static StoredNeighbours of(Manifest.Neighbours n) {
            boolean headings = !n.headings().isEmpty();
            return new StoredNeighbours(n.k(), n.maxLead(), n.bandTop().isPresent() ? n.bandTop().getAsDouble() : null, n.site().stream().map(StoredNeighbours::encode).toList(),
                    n.offTopic().stream().map(StoredNeighbours::encode).toList(),
                    n.fewPages().isPresent() ? n.fewPages().getAsInt() : null, n.fewPages().isPresent() ? n.siteTools() : null,
                    headings ? n.headings().stream().map(StoredNeighbours::encode).toList() : null,
                    headings ? n.headingsMaxLead() : null,
                    n.coverageMinSimilarity().isPresent() ? n.coverageMinSimilarity().getAsDouble() : null);
        }

        Manifest.Neighbours neighbours() {
            // a gate recorded before the headings has none: the rule as it was (docs/retrieval.md §4)
            return new Manifest.Neighbours(k, maxLead, bandTop == null ? java.util.OptionalDouble.empty()
                    : java.util.OptionalDouble.of(bandTop), fewPages == null ? java.util.OptionalInt.empty()
                    : java.util.OptionalInt.of(fewPages), siteTools == null ? List.of() : siteTools,
                    site.stream().map(StoredNeighbours::decode).toList(),
                    offTopic.stream().map(StoredNeighbours::decode).toList(),
                    headings == null || headingsMaxLead == null ? List.of() : headings.stream().map(StoredNeighbours::decode).toList(),
                    headingsMaxLead == null ? Double.NaN : headingsMaxLead)
                    // a gate recorded before it has none: coverage counts whatever the cosine (docs/retrieval.md §4)
                    .withCoverageMinSimilarity(coverageMinSimilarity == null ? Double.NaN : coverageMinSimilarity);
        }

        private static String encode(dev.docask.index.internal.QuantizedVector v) {
            byte[] values = v.values();
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(4 + values.length).putFloat(v.scale()).put(values);
            return java.util.Base64.getEncoder().encodeToString(b.array());
        }

        private static dev.docask.index.internal.QuantizedVector decode(String s) {
            java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(java.util.Base64.getDecoder().decode(s));
            float scale = b.getFloat();
            byte[] values = new byte[b.remaining()];
            b.get(values);
            return new dev.docask.index.internal.QuantizedVector(values, scale);
        }
    }

    /** The same manifest with {@code newGate} recorded. */
    StoredManifest withGate(@Nullable StoredGate newGate) {
        return new StoredManifest(formatVersion, embedderSpec, embedderId, dimensions, framework, baseUrl, siteName,
                chunkSize, chunkOverlap, pages, chunks, copies, bm25K1, bm25B, contentHash, sourceHash, problems,
                createdAt, checksums, builtBy, newGate);
    }

    StoredManifest {
        baseUrl = baseUrl == null ? "" : baseUrl;
        sourceHash = sourceHash == null ? "" : sourceHash;
        problems = List.copyOf(problems == null ? List.of() : problems);
        checksums = checksums == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(checksums));
        builtBy = builtBy == null ? "" : builtBy;
    }
}
