package dev.docask.testsupport;

import dev.docask.embed.Embedder;
import dev.docask.ingest.Chunk;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;

/**
 * The synthetic site the scale measurements use (RetrieveBenchmark in docask-bench, SolrScaleCheck in
 * docask-solr), from one seed so both measure the same chunks: 120 Zipf-distributed words of a 20k
 * vocabulary and a random unit vector per chunk, four chunks a page; questions of 6 words with
 * vectors of their own.
 *
 * @param chunks          the chunks, in order
 * @param chunkVectors    each chunk's vector
 * @param questions       the questions
 * @param questionVectors each question's vector
 */
public record SyntheticChunks(List<Chunk> chunks, List<float[]> chunkVectors, List<String> questions,
                              List<float[]> questionVectors) {
    private static final int VOCABULARY = 20_000;
    private static final int WORDS = 120;
    private static final int QUESTION_WORDS = 6;

    /** {@code chunks} chunks and {@code questions} questions with vectors of {@code dimensions}, seed 7. */
    public static SyntheticChunks make(int chunks, int questions, int dimensions) {
        Random rnd = new Random(7);
        String[] vocab = new String[VOCABULARY];
        for (int i = 0; i < vocab.length; i++) {
            vocab[i] = "w" + Integer.toString(i, 36) + (char) ('a' + i % 26);
        }
        List<Chunk> list = new ArrayList<>(chunks);
        List<float[]> vectors = new ArrayList<>(chunks);
        for (int i = 0; i < chunks; i++) {
            StringBuilder text = new StringBuilder();
            for (int k = 0; k < WORDS; k++) {
                text.append(vocab[zipf(rnd, vocab.length)]).append(' ');
            }
            list.add(new Chunk("https://bench.dev/p" + (i / 4) + "#s" + i, "Page " + (i / 4), "Section " + i,
                    text.toString(), "p" + (i / 4) + ".md", Map.of()));
            vectors.add(randomUnit(rnd, dimensions));
        }
        List<String> qs = new ArrayList<>(questions);
        List<float[]> qv = new ArrayList<>(questions);
        for (int q = 0; q < questions; q++) {
            StringBuilder text = new StringBuilder();
            for (int k = 0; k < QUESTION_WORDS; k++) {
                text.append(vocab[zipf(rnd, vocab.length)]).append(' ');
            }
            qs.add(text.toString().trim());
            qv.add(randomUnit(rnd, dimensions));
        }
        return new SyntheticChunks(list, vectors, qs, qv);
    }

    /** The questions and their vectors alone, for when the chunks are indexed and their memory is wanted back. */
    public SyntheticChunks questionsOnly() {
        return new SyntheticChunks(List.of(), List.of(), questions, questionVectors);
    }

    /**
     * An embedder that answers with the vectors above (no model): {@code id} {@code bench:precomputed},
     * as the benchmarks' indexes record it.
     */
    public Embedder embedder() {
        Map<String, float[]> byText = new HashMap<>(chunks.size() * 2 + questions.size() * 2);
        for (int i = 0; i < chunks.size(); i++) {
            byText.put(chunks.get(i).embeddingText(), chunkVectors.get(i));
        }
        for (int i = 0; i < questions.size(); i++) {
            byText.put(questions.get(i), questionVectors.get(i));
        }
        int dimensions = chunkVectors.isEmpty() ? questionVectors.get(0).length : chunkVectors.get(0).length;
        return new Embedder() {
            @Override
            public String id() {
                return "bench:precomputed";
            }

            @Override
            public int dimensions() {
                return dimensions;
            }

            @Override
            public List<float[]> embedAll(List<String> texts) {
                return texts.stream().map(byText::get).toList();
            }

            @Override
            public float[] embedQuery(String q) {
                return Objects.requireNonNull(byText.get(q), q);
            }
        };
    }

    private static int zipf(Random rnd, int n) {
        double u = rnd.nextDouble();
        return (int) Math.min(n - 1, Math.floor(Math.pow(n, u)) - 1);
    }

    /** A random vector of length 1 with {@code dims} components, from {@code rnd}. */
    public static float[] randomUnit(Random rnd, int dims) {
        float[] v = new float[dims];
        double s = 0;
        for (int i = 0; i < dims; i++) {
            v[i] = (float) rnd.nextGaussian();
            s += v[i] * v[i];
        }
        float inv = (float) (1 / Math.sqrt(s));
        for (int i = 0; i < dims; i++) {
            v[i] *= inv;
        }
        return v;
    }
}
