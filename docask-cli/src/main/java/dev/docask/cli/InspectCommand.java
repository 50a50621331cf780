package dev.docask.cli;

import dev.docask.index.DocIndex;
import dev.docask.index.Manifest;
import dev.docask.ingest.Chunk;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** {@code docask inspect}: what an index holds. */
@Command(name = "inspect", description = "Show what an index holds: pages, chunks, copies, model, sizes, problems.",
        mixinStandardHelpOptions = true, versionProvider = BuildVersion.class)
final class InspectCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    IndexArgs.WithBackend index;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Option(names = "--chunks", description = "Print every chunk as a JSON line, with its metadata (what --filter matches).")
    boolean chunks;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        index.check(spec);
        try (DocIndex idx = index.open()) {
            if (chunks) {
                for (int i = 0; i < idx.size(); i++) {
                    Chunk c = idx.chunk(i);
                    Map<String, Object> line = new LinkedHashMap<>();
                    line.put("url", c.url());
                    line.put("source", c.source());
                    line.put("title", c.title());
                    line.put("heading", c.heading());
                    line.put("chars", c.text().length());
                    line.put("copyOf", idx.canonicalOf(i) == i ? null : idx.chunk(idx.canonicalOf(i)).url());
                    line.put("metadata", new TreeMap<>(c.metadata()));
                    JsonPrinter.printLine(out, line);
                }
                return 0;
            }
            Manifest m = idx.manifest();
            // a site on a search service has no folder; its size is the service's to tell (docs/solr.md)
            boolean folder = index.dir != null;
            long bytes = folder ? sizeOf(index.dir.resolve(idx.openedGeneration())) : 0;
            if (json) {
                Map<String, Object> o = new LinkedHashMap<>();
                o.put("pages", m.pages());
                o.put("chunks", m.chunks());
                o.put("copies", m.copies());
                o.put("embedder", m.embedderSpec().toString());
                o.put("embedderId", m.embedderId());
                o.put("dimensions", m.dimensions());
                o.put("framework", m.framework().cliName());
                o.put("baseUrl", m.baseUrl().orElse(""));
                o.put("siteName", m.siteName());
                o.put("chunkSize", m.chunkSize());
                o.put("chunkOverlap", m.chunkOverlap());
                o.put("bm25", new Bm25(m.bm25K1(), m.bm25B())); // a record keeps k1 before b; Map.of has no order
                o.put("contentHash", m.contentHash());
                o.put("createdAt", m.createdAt().toString());
                m.builtBy().ifPresent(v -> o.put("builtBy", v));
                if (folder) {
                    o.put("bytes", bytes);
                    o.put("bytesPerChunk", m.chunks() == 0 ? 0 : bytes / m.chunks());
                } else {
                    o.put("backend", index.backend);
                    o.put("site", index.site);
                }
                o.put("metadataKeys", metadataKeys(idx));
                o.put("problems", m.problems());
                o.put("gate", m.gate().map(GateReport::json).orElse(null));
                JsonPrinter.print(out, o);
                return 0;
            }
            out.printf("%s (%s%s)%n", m.siteName().isEmpty() ? index.name() : m.siteName(), m.framework().cliName(),
                    m.baseUrl().map(u -> ", " + u).orElse(", no base URL: sources cite site-relative paths"));
            out.printf("pages %d, chunks %d, copies %d%n", m.pages(), m.chunks(), m.copies());
            out.printf("embedder %s (%s, %d dimensions), BM25 k1=%s b=%s%n", m.embedderSpec(), m.embedderId(),
                    m.dimensions(), m.bm25K1(), m.bm25B());
            if (folder) {
                out.printf("size %,d bytes (%,d per chunk), built %s%s%n", bytes, m.chunks() == 0 ? 0 : bytes / m.chunks(), m.createdAt(),
                        builtBy(m));
            } else {
                out.printf("stored in %s, built %s%s%n", index.name(), m.createdAt(), builtBy(m));
            }
            Map<String, Integer> keys = metadataKeys(idx);
            out.println("metadata keys " + (keys.isEmpty() ? "none" : keys.entrySet().stream()
                    .map(e -> e.getKey() + " (" + e.getValue() + (e.getValue() == 1 ? " value)" : " values)"))
                    .collect(Collectors.joining(", ")) + "; each chunk's with --chunks"));
            m.gate().ifPresentOrElse(g -> GateReport.print(out, g), () -> out.println(
                    "gate not calibrated (an index built before docask measured it): the per-model defaults apply; "
                            + "'docask calibrate --auto' measures it"));
            out.printf("problems %d%n", m.problems().size());
            m.problems().forEach(p -> out.printf("  %s: %s%n", p.file(), p.reason()));
            return 0;
        }
    }

    /** " by docask 0.2.0", or nothing for an index written before the version was recorded. */
    private static String builtBy(Manifest m) {
        return m.builtBy().map(v -> " by docask " + v).orElse("");
    }

    /** Each metadata key the chunks have, with how many different values it takes: what --filter can match. */
    private static Map<String, Integer> metadataKeys(DocIndex idx) {
        Map<String, Set<String>> values = new TreeMap<>();
        for (int i = 0; i < idx.size(); i++) {
            idx.chunk(i).metadata().forEach((k, v) -> dev.docask.index.internal.Allowed.items(v)
                    .forEach(item -> values.computeIfAbsent(k, x -> new HashSet<>()).add(item)));
        }
        Map<String, Integer> counts = new LinkedHashMap<>();
        values.forEach((k, v) -> counts.put(k, v.size()));
        return counts;
    }

    private static long sizeOf(Path generation) throws IOException {
        try (Stream<Path> s = Files.walk(generation)) {
            return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    private record Bm25(float k1, float b) {
    }
}
