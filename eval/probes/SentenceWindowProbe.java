import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.embed.Embedder;
import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.ingest.Chunk;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A measurement, not product code: would vectors of smaller windows inside each chunk bring the
 * expected page up the cosine list? Embeds overlapping windows of every chunk longer than one
 * window (title › heading kept in front, as for chunks) and prints, per answerable question, the
 * rank of the first chunk of an expected page by chunk cosine and by the best of chunk and window
 * cosine. docs/quality.md has the figures.
 *
 * <pre>
 * java --add-modules jdk.incubator.vector -cp target/docask-0.1.0-SNAPSHOT-cli.jar \
 *     eval/probes/SentenceWindowProbe.java /tmp/docask-quality/vitest-bge-small \
 *     ../shared/data/docs/vitest-dev-questions.jsonl 400
 * </pre>
 */
public class SentenceWindowProbe {
    public static void main(String[] args) throws Exception {
        DocIndex index = DocIndex.open(Path.of(args[0]));
        Embedder embedder = Embedders.fromSpec("bge-small").orElseThrow();
        int window = Integer.parseInt(args[2]);
        int n = index.size();
        List<String> texts = new ArrayList<>();
        List<Integer> owner = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Chunk c = index.chunk(i);
            String head = c.heading().isEmpty() ? c.title() : c.title() + Chunk.BREADCRUMB + c.heading();
            String t = c.text();
            if (t.length() <= window) {
                continue; // one window would repeat the chunk's own vector
            }
            for (int start = 0; ; start += window / 2) {
                int end = Math.min(t.length(), start + window);
                texts.add(head + "\n\n" + t.substring(start, end));
                owner.add(i);
                if (end == t.length()) {
                    break;
                }
            }
        }
        long t0 = System.nanoTime();
        List<float[]> vectors = new ArrayList<>();
        for (int s = 0; s < texts.size(); s += 64) {
            vectors.addAll(embedder.embedAll(texts.subList(s, Math.min(texts.size(), s + 64))));
        }
        System.out.printf("%d chunks, %d windows of %d chars, embedded in %.0f s%n",
                n, texts.size(), window, (System.nanoTime() - t0) / 1e9);
        ObjectMapper json = new ObjectMapper();
        for (String line : Files.readAllLines(Path.of(args[1]))) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode q = json.readTree(line);
            if (!q.path("answerable").asBoolean()) {
                continue;
            }
            Set<String> expected = new HashSet<>();
            q.path("expected_urls").forEach(u -> expected.add(u.asText().replaceAll("#.*", "")));
            float[] qv = embedder.embedQuery(q.get("question").asText());
            double[] chunkCos = new double[n];
            double[] best = new double[n];
            for (int i = 0; i < n; i++) {
                chunkCos[i] = index.similarity(i, qv);
                best[i] = chunkCos[i];
            }
            for (int w = 0; w < vectors.size(); w++) {
                float[] v = vectors.get(w);
                double dot = 0;
                for (int k = 0; k < v.length; k++) {
                    dot += v[k] * qv[k];
                }
                best[owner.get(w)] = Math.max(best[owner.get(w)], dot);
            }
            System.out.printf("%s  chunk rank %d  best-window rank %d%n",
                    q.get("id").asText(), rank(index, chunkCos, expected), rank(index, best, expected));
        }
    }

    private static int rank(DocIndex index, double[] score, Set<String> expected) {
        BitSet canonical = index.canonicalChunks();
        Integer[] order = canonical.stream().boxed().toArray(Integer[]::new);
        Arrays.sort(order, (x, y) -> Double.compare(score[y], score[x]));
        for (int r = 0; r < order.length; r++) {
            int id = order[r];
            if (expected.contains(index.chunk(id).pageUrl())
                    || index.copyUrls(id).stream().anyMatch(u -> expected.contains(u.replaceAll("#.*", "")))) {
                return r + 1;
            }
        }
        return -1;
    }
}
