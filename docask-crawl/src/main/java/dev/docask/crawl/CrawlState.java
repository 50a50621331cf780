package dev.docask.crawl;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexException;
import dev.docask.index.Manifest;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.IngestOptions;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/*
 * A re-crawl asks each page "changed since?" (If-None-Match with its ETag, If-Modified-Since with its
 * Last-Modified) and a 304 keeps the page's chunks from the index as they are, so nothing is
 * downloaded or embedded again. What it needs from the last crawl is kept beside the index, in
 * crawl.json (one of the few files of its own an index folder may hold besides its generations, docs/design.md): per page
 * URL, its validators, a hash of its body (for the manifest's source hash), its file name, by
 * which its chunks are found in the index, and what it calls the site, so an unchanged page still has
 * its say in the site's name. The state names the generation it was written for; for
 * any other generation, or an index read with other chunking or another base URL, it is not used
 * and every page is fetched whole.
 */

/** What one crawl remembers of each page for the next: validators, body hash, and the page's file. */
final class CrawlState {
    static final String FILE = "crawl.json";
    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /**
     * One page as it was last fetched; {@code links} only when the crawl followed links (no sitemap);
     * {@code siteNames}, what its title and og:site_name call the site (SiteNames.claims), null in a state
     * written before they were kept.
     */
    record Page(@Nullable String etag, @Nullable String lastModified, String hash, @Nullable String source,
                @Nullable List<String> links, @Nullable List<String> siteNames) {
    }

    /** As written to crawl.json; {@code start}, the crawl's start URL, null in a state written before it was kept. */
    record Stored(String generation, @Nullable String start, Map<String, Page> pages) {
    }

    private final Map<URI, Page> pages;
    private final Map<String, List<Chunk>> chunksBySource;

    private CrawlState(Map<URI, Page> pages, Map<String, List<Chunk>> chunksBySource) {
        this.pages = pages;
        this.chunksBySource = chunksBySource;
    }

    static CrawlState none() {
        return new CrawlState(Map.of(), Map.of());
    }

    /** The last crawl's state in {@code indexDir}, if it fits the index there and the options asked for now. */
    static CrawlState load(Path indexDir, IngestOptions options) {
        Path file = indexDir.resolve(FILE);
        Optional<String> generation = DocIndex.generation(indexDir);
        if (!Files.isRegularFile(file) || generation.isEmpty()) {
            return none();
        }
        Stored stored;
        try {
            stored = JSON.readValue(file.toFile(), Stored.class);
        } catch (IOException e) {
            return none(); // a damaged state only costs a full crawl
        }
        if (stored.pages() == null || !generation.get().equals(stored.generation())) {
            return none();
        }
        Map<String, List<Chunk>> bySource = new LinkedHashMap<>();
        try (DocIndex index = DocIndex.open(indexDir)) {
            Manifest m = index.manifest();
            if (m.chunkSize() != options.chunkSize() || m.chunkOverlap() != options.chunkOverlap()
                    || !m.baseUrl().orElse("").equals(options.baseUrl())) {
                return none();
            }
            for (int i = 0; i < index.size(); i++) {
                Chunk c = index.chunk(i);
                bySource.computeIfAbsent(c.source(), k -> new ArrayList<>()).add(c);
            }
        } catch (IndexException e) {
            return none();
        }
        Map<URI, Page> pages = new LinkedHashMap<>();
        stored.pages().forEach((url, page) -> {
            if (page != null && page.hash() != null && page.source() != null && bySource.containsKey(page.source())) {
                pages.put(URI.create(url), page);
            }
        });
        return new CrawlState(pages, bySource);
    }

    /** What the last crawl kept of {@code url}, if its chunks are in the index. */
    Optional<Page> page(URI url) {
        return Optional.ofNullable(pages.get(url));
    }

    /** The chunks of a page the last crawl indexed, as the index holds them. */
    List<Chunk> chunks(Page page) {
        return page.source() == null ? List.of() : chunksBySource.getOrDefault(page.source(), List.of());
    }

    /**
     * The start URL of the crawl that built the index live in {@code indexDir}, if one did and recorded it: a state left
     * by a crawl whose index a build from a folder replaced since says nothing about the site there now.
     */
    static Optional<String> start(Path indexDir) {
        try {
            Stored stored = JSON.readValue(indexDir.resolve(FILE).toFile(), Stored.class);
            return DocIndex.generation(indexDir).filter(g -> g.equals(stored.generation())).flatMap(g -> Optional.ofNullable(stored.start()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Writes {@code pages} as the state of the index now live in {@code indexDir}, crawled from {@code start}. */
    static void save(Path indexDir, Map<URI, Page> pages, URI start) throws IOException {
        String generation = DocIndex.generation(indexDir).orElseThrow(() ->
                new IOException("no index in " + indexDir + " to keep the crawl state with"));
        Map<String, Page> sorted = new TreeMap<>();
        pages.forEach((url, page) -> sorted.put(url.toString(), page));
        Path tmp = indexDir.resolve(FILE + ".tmp");
        try {
            Files.writeString(tmp, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(new Stored(generation, start.toString(), sorted)));
        } catch (JsonProcessingException e) {
            throw new IOException("cannot write the crawl state: " + e.getOriginalMessage(), e);
        }
        Files.move(tmp, indexDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
