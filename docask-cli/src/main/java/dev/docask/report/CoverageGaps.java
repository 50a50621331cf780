package dev.docask.report;

import dev.docask.embed.Embedder;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.RetrievalOptions;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/*
 * Refused questions grouped by meaning, with the index's own embedder, so "what does the gate think
 * is close" and "what the report groups together" are measured the same way. Greedy leader
 * clustering: the most asked question starts the first group; each next question joins the group
 * whose centroid it is most similar to when that similarity reaches the threshold, else starts a
 * group. One pass, O(questions x groups), deterministic for a given log; agglomerative clustering
 * would be O(n^2) in memory for little gain on short questions. Only the most asked distinct
 * questions are embedded (MAX_QUESTIONS): a long tail of one-off questions costs embedding time
 * and shows up as groups of one anyway. An index without vectors groups identical questions only.
 */
/** Groups refused questions by meaning and finds the closest page the docs have for each group. */
public final class CoverageGaps {
    /** Distinct refused questions embedded at most, the most asked first. */
    public static final int MAX_QUESTIONS = 2_000;
    /** Examples shown per group. */
    static final int EXAMPLES = 5;
    /**
     * Characters of an example shown: the server's default question limit. A log the server wrote holds no longer one;
     * an edited or hand-made log may, and a report shows a gap, not the whole text.
     */
    static final int EXAMPLE_CHARS = dev.docask.answer.internal.AskRequest.DEFAULT_MAX_QUESTION_CHARS;

    private final Optional<Embedder> embedder;
    private final HybridRetriever retriever;
    private final double threshold;

    /** @param threshold the cosine similarity at which a question joins a group */
    public CoverageGaps(Optional<Embedder> embedder, HybridRetriever retriever, double threshold) {
        if (!(threshold > 0 && threshold <= 1)) {
            throw new IllegalArgumentException("the grouping similarity must be above 0 and at most 1, got " + threshold);
        }
        this.embedder = embedder;
        this.retriever = retriever;
        this.threshold = threshold;
    }

    /** The groups, largest first; ties by their most asked question. */
    List<Figures.Gap> group(List<LogDatabase.Asked> refused) {
        List<Group> groups = new ArrayList<>();
        if (embedder.isEmpty()) {
            refused.forEach(a -> groups.add(new Group(a, new float[0])));
        } else {
            List<float[]> vectors = embedder.get().embedQueries(refused.stream().map(LogDatabase.Asked::text).toList());
            for (int i = 0; i < refused.size(); i++) {
                float[] v = vectors.get(i);
                Group best = null;
                double bestSim = threshold;
                for (Group g : groups) {
                    double sim = g.similarity(v);
                    if (sim >= bestSim) {
                        best = g;
                        bestSim = sim;
                    }
                }
                if (best == null) {
                    groups.add(new Group(refused.get(i), v));
                } else {
                    best.add(refused.get(i), v);
                }
            }
        }
        groups.sort(Comparator.comparingLong(Group::count).reversed()
                .thenComparing(g -> g.members.getFirst().text().toLowerCase(Locale.ROOT)));
        return groups.stream().map(this::gap).toList();
    }

    private Figures.Gap gap(Group g) {
        List<String> examples = g.members.stream().limit(EXAMPLES).map(a -> shown(a.text())).toList();
        Optional<Hit> closest = closest(g.members.getFirst().text());
        return new Figures.Gap(g.count(), examples, closest.map(h -> h.chunk().url()),
                closest.map(Hit::similarity).orElse(OptionalDouble.empty()));
    }

    /** {@code text}, cut at {@link #EXAMPLE_CHARS} with "…" where it was longer. */
    static String shown(String text) {
        return text.length() <= EXAMPLE_CHARS ? text : text.substring(0, EXAMPLE_CHARS).stripTrailing() + "…";
    }

    /* The best hit by similarity among those the gate let through and those it turned away. */
    private Optional<Hit> closest(String question) {
        try {
            Retrieval r = retriever.retrieve(question, RetrievalOptions.defaults());
            List<Hit> all = new ArrayList<>(r.hits());
            all.addAll(r.gatedOut());
            Comparator<Hit> bySimilarity = Comparator.comparingDouble(h -> h.similarity().orElse(-2));
            return all.stream().max(bySimilarity.thenComparingDouble(Hit::keywordCoverage));
        } catch (RuntimeException e) {
            return Optional.empty(); // a question the retriever refuses outright (too long, no words): no closest page
        }
    }

    private static final class Group {
        private final List<LogDatabase.Asked> members = new ArrayList<>();
        private final float[] sum;
        private long count;

        Group(LogDatabase.Asked first, float[] v) {
            sum = v.clone();
            members.add(first);
            count = first.count();
        }

        void add(LogDatabase.Asked a, float[] v) {
            members.add(a);
            count += a.count();
            for (int i = 0; i < sum.length; i++) {
                sum[i] += v[i];
            }
        }

        long count() {
            return count;
        }

        /** Cosine similarity of {@code v} (normalised) to the group's centroid. */
        double similarity(float[] v) {
            double dot = 0;
            double norm = 0;
            for (int i = 0; i < sum.length; i++) {
                dot += sum[i] * v[i];
                norm += sum[i] * sum[i];
            }
            return norm == 0 ? 0 : dot / Math.sqrt(norm);
        }
    }
}
