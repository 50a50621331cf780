package dev.docask.retrieve;

import org.jspecify.annotations.Nullable;

import dev.docask.index.internal.Allowed;
import dev.docask.index.internal.IndexEngine;
import dev.docask.index.internal.NamedVersion;
import dev.docask.retrieve.internal.FailureLog;
import dev.docask.retrieve.internal.PersonalData;
import com.google.errorprone.annotations.CanIgnoreReturnValue;
import dev.docask.embed.Embedder;
import dev.docask.index.DocIndex;
import dev.docask.index.Manifest;
import dev.docask.index.internal.Scored;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * Finds the sources to answer a question from, or knows that there are none (docs/retrieval.md).
 * Built once per index and shared by all threads.
 *
 * <pre>{@code
 * DocIndex index = DocIndex.open(Path.of("docs-index"));
 * HybridRetriever retriever = HybridRetriever.create(index);   // with the embedder the index was built with
 * Retrieval r = retriever.retrieve("how do I mock a module?", RetrievalOptions.defaults());
 * if (!r.answerable()) System.out.println("I don't know.");
 * }</pre>
 */
public final class HybridRetriever {
    /** Longest question accepted; anything longer is a mistake, not a question. */
    public static final int MAX_QUESTION_CHARS = 8_000;

    private static final ExecutorService BM25_THREADS = Executors.newVirtualThreadPerTaskExecutor();

    private static final System.Logger LOG = System.getLogger(HybridRetriever.class.getName());

    private final DocIndex index;
    private final Optional<Embedder> embedder;
    private final Optional<RetrieveHook> retrieveHook;
    private final Optional<RerankHook> rerankHook;
    private final List<Consumer<Throwable>> onError;
    /** Built on the first filtered question; a race only builds it twice. */
    private volatile @Nullable MetadataVocabulary vocabulary;
    /** Built on the first question that names a version or asks for one; a race only builds it twice. */
    private volatile @Nullable VersionPreference versions;

    private HybridRetriever(Builder b, Optional<Embedder> embedder) {
        this.index = b.index;
        this.embedder = embedder;
        this.retrieveHook = b.retrieveHook;
        this.rerankHook = b.rerankHook;
        this.onError = FailureLog.hearing(b.onError);
    }

    /**
     * A retriever over {@code index} with no hooks; {@code embedder} empty for a keyword-only index.
     * An embedder other than the one the index was built with is refused: its vectors would not be
     * comparable.
     */
    public static HybridRetriever create(DocIndex index, Optional<Embedder> embedder) {
        return builder(index).embedder(embedder).build();
    }

    /**
     * A retriever over {@code index} with no hooks and the embedder its manifest names (none for a keyword-only index):
     * what the CLI and the server search with.
     *
     * @throws dev.docask.embed.EmbeddingException when that embedder cannot be created here (an API key missing)
     */
    public static HybridRetriever create(DocIndex index) {
        return builder(index).build();
    }

    /** A builder for a retriever over {@code index}: the embedder, hooks and error receivers. */
    public static Builder builder(DocIndex index) {
        return new Builder(Objects.requireNonNull(index, "index"));
    }

    /** A builder holding this retriever's index, embedder, hooks and error receivers. */
    public Builder toBuilder() {
        Builder b = new Builder(index);
        b.embedder = embedder;
        b.retrieveHook = retrieveHook;
        b.rerankHook = rerankHook;
        b.onError.addAll(onError);
        b.warmedUp = true;
        return b;
    }

    /**
     * Builds a {@link HybridRetriever}. Without {@link #embedder(Embedder)} it embeds questions with the embedder the
     * index names, as {@link #create(DocIndex)} does.
     *
     * <pre>{@code
     * HybridRetriever r = HybridRetriever.builder(index)
     *         .rerankHook((q, hits) -> hits.reversed())
     *         .onError(e -> log.warn("retrieval", e))
     *         .build();
     * }</pre>
     */
    public static final class Builder {
        private final DocIndex index;
        /** Null until {@link #embedder} is called; while it is, {@link #build()} makes the embedder the index names. */
        private @Nullable Optional<Embedder> embedder;
        private Optional<RetrieveHook> retrieveHook = Optional.empty();
        private Optional<RerankHook> rerankHook = Optional.empty();
        private final List<Consumer<Throwable>> onError = new ArrayList<>();
        private boolean warmedUp;

        private Builder(DocIndex index) {
            this.index = index;
        }

        /**
         * The embedder the index was built with, when the program makes it itself (a model of its own, one instance
         * shared by several retrievers); empty for a keyword-only index. Without this call the builder makes the one
         * the index's manifest names.
         */
        @CanIgnoreReturnValue
        public Builder embedder(Optional<Embedder> embedder) {
            this.embedder = Objects.requireNonNull(embedder, "embedder");
            warmedUp = false;
            return this;
        }

        /** The embedder the index was built with. */
        @CanIgnoreReturnValue
        public Builder embedder(Embedder embedder) {
            return embedder(Optional.of(embedder));
        }

        /** Replaces candidate finding (see {@link RetrieveHook}). */
        @CanIgnoreReturnValue
        public Builder retrieveHook(RetrieveHook hook) {
            this.retrieveHook = Optional.of(hook);
            return this;
        }

        /** Reorders the fused candidates (see {@link RerankHook}). */
        @CanIgnoreReturnValue
        public Builder rerankHook(RerankHook hook) {
            this.rerankHook = Optional.of(hook);
            return this;
        }

        /**
         * Adds a receiver of every failure retrieval survived (hooks, embedder) and of a filter that
         * can match nothing, saying which keys or values exist. Each receiver added hears every
         * failure; one that throws is logged at debug level and retrieval goes on. With none added,
         * each failure is logged at WARNING through {@link System.Logger} ({@code dev.docask.retrieve.HybridRetriever}),
         * one line with its message, the stack trace at DEBUG: an embedder that fails on every question
         * (a wrong key, a model server down) turns retrieval into keyword search, and the log says so.
         */
        @CanIgnoreReturnValue
        public Builder onError(Consumer<Throwable> onError) {
            this.onError.add(Objects.requireNonNull(onError, "onError"));
            return this;
        }

        /**
         * @throws IllegalArgumentException when the embedder is not the one the index was built with
         * @throws dev.docask.embed.EmbeddingException when no embedder was given and the one the index names cannot be
         *         created here (an API key missing)
         */
        public HybridRetriever build() {
            String built = index.manifest().embedderId();
            Optional<Embedder> e = embedder != null ? embedder
                    : index.hasVectors() ? dev.docask.embed.Embedders.create(index.manifest().embedderSpec()) : Optional.empty();
            if (e.isPresent() && !index.hasVectors()) {
                e = Optional.empty(); // keyword-only index: nothing to compare a query vector with
            } else if (e.isPresent() && !e.get().id().equals(built)) {
                throw new IllegalArgumentException("the index was built with embedder '" + built
                        + "' but is being queried with '" + e.get().id()
                        + "'; use the same embedder or rebuild the index");
            } else if (e.isEmpty() && index.hasVectors()) {
                throw new IllegalArgumentException("the index was built with embedder '" + built
                        + "'; pass that embedder to query it");
            }
            if (!warmedUp) {
                e.ifPresent(Embedder::warmUp);
            }
            embedder = e;
            return new HybridRetriever(this, e);
        }
    }

    /**
     * Hands {@code failure} to every error receiver, the one place retrieval reports: a receiver that
     * throws is logged at debug level and otherwise ignored, so a user's handler never breaks a retrieval.
     * With no receiver, the log hears it.
     */
    private void report(RetrievalException failure) {
        if (onError.isEmpty()) {
            FailureLog.warn(LOG, failure, UnaryOperator.identity()); // the embedder masks its own key in its messages
            return;
        }
        for (Consumer<Throwable> c : onError) {
            try {
                c.accept(failure);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.DEBUG, "onError threw on '" + failure.getMessage() + "'; ignored", e);
            }
        }
    }

    /** The index this retriever reads. */
    public DocIndex index() {
        return index;
    }

    /** The embedder questions are embedded with; empty for a keyword-only index. */
    Optional<Embedder> embedder() {
        return embedder;
    }

    /**
     * Measures the relevance gate for this index and its model (docs/retrieval.md §4, "A gate that calibrates
     * itself"): questions made from the site's own headings stand for answerable ones, a bundled pool of
     * off-topic questions for the rest. Record the result with {@link dev.docask.index.IndexBuilder#recordGate};
     * retrieval then uses it wherever the options leave a floor unset. Takes a few seconds (some hundred
     * retrievals).
     */
    public Manifest.Gate calibrateGate() {
        return GateCalibration.calibrate(this, index.manifest().embedderId(),
                embedder.map(Embedder::queryVariant).orElse(""), embedder.isPresent());
    }

    /**
     * The relevance gate of {@code index}, measured with the embedder it names: what {@code docask index} records before it
     * publishes a build ({@link dev.docask.index.IndexBuilder.GateMeasure}). Takes a few seconds.
     *
     * <pre>{@code
     * IndexBuilder.build(corpus, Embedders.fromSpec("bge-small"), Settings.defaults("bge-small"), dir, n -> { },
     *         HybridRetriever::measureGate);
     * }</pre>
     */
    public static Manifest.Gate measureGate(DocIndex index) {
        return create(index).calibrateGate();
    }

    /**
     * Measures the relevance gate of the index in {@code dir} with the embedder it was built with, and records it in
     * the index's manifest: what {@code docask index} does after a build, for a program that builds with
     * {@link dev.docask.index.IndexBuilder#build}. Without it the index keeps the embedder's default floors
     * (docs/retrieval.md §4, "A gate that calibrates itself"). Takes a few seconds.
     *
     * <pre>{@code
     * IndexBuilder.build(corpus, Embedders.fromSpec("bge-small"), settings, dir, n -> { });
     * Manifest.Gate gate = HybridRetriever.calibrateAndRecordGate(dir);
     * }</pre>
     *
     * @throws dev.docask.index.IndexException when {@code dir} holds no index, or one rebuilt while it was measured
     * @throws dev.docask.embed.EmbeddingException when the index's embedder fails
     */
    public static Manifest.Gate calibrateAndRecordGate(java.nio.file.Path dir) {
        Objects.requireNonNull(dir, "dir");
        Manifest.Gate gate;
        Manifest measured;
        try (DocIndex index = DocIndex.open(dir)) {
            gate = create(index).calibrateGate();
            measured = index.manifest();
        }
        dev.docask.index.IndexBuilder.recordGate(dir, measured, gate);
        return gate;
    }

    /** Every score the calibration measures, one tab-separated line each: for measuring its rule, not for users. */
    public List<String> gateCalibrationScores() {
        return GateCalibration.dump(this);
    }

    /**
     * Question-level features of the site questions, the pool and each labelled question (kind → questions),
     * one tab-separated line each: for measuring the gate's rule, not for users.
     */
    public List<String> gateFeatures(Map<String, List<String>> labelled) {
        List<String> out = new ArrayList<>(GateCalibration.dumpFeatures(this));
        labelled.forEach((kind, qs) -> qs.forEach(q -> out.add(GateCalibration.features(this, kind, q, ""))));
        return out;
    }

    /** The gate thresholds that {@code options} resolve to for this index's embedder. */
    public Thresholds thresholds(RetrievalOptions options) {
        RelevanceGate g = gate(options, embedder.isPresent());
        return new Thresholds(g.minSimilarity(), g.minKeywordCoverage());
    }

    /**
     * Runs the pipeline: filter → copies removed → BM25 ∥ cosine (each for the question and, when
     * it has several sentences, its opening one) → gate → fusion → hooks → gate again → diversity →
     * numbered sources.
     *
     * @throws IllegalArgumentException for an empty question or one over {@link #MAX_QUESTION_CHARS}
     */
    public Retrieval retrieve(String question, RetrievalOptions options) {
        return retrieve(question, options, () -> false);
    }

    /**
     * The same, for an asker who may go away: {@code cancelled} is what a retrieve hook sees as
     * {@link RetrieveHook.Search#cancelled()}, so that a hook calling a slow service can stop early.
     */
    public Retrieval retrieve(String question, RetrievalOptions options, BooleanSupplier cancelled) {
        try {
            return search(question, options, cancelled);
        } catch (InternalError e) {
            if (e.getMessage() == null || !e.getMessage().contains("unsafe memory access")) {
                throw e;
            }
            throw IndexEngine.of(index).damagedWhileRead(e);
        }
    }

    /*
     * retrieve() above: a memory-mapped index file cut or rewritten while the process runs (a copy tool writing
     * into the live folder) makes the JVM throw InternalError "a fault occurred in an unsafe memory access
     * operation" from the read, an Error no caller catches. It is the damaged index it stands for
     * (docs/reliability.md, "An index damaged while it is served"); any other InternalError is left as it is.
     */
    private Retrieval search(String question, RetrievalOptions options, BooleanSupplier cancelled) {
        Objects.requireNonNull(cancelled, "cancelled");
        long start = System.nanoTime();
        question = requireQuestion(question);
        Objects.requireNonNull(options, "options");
        // §9: an e-mail address or an API key in a question is the reader's, not the site's: never searched
        String asked = PersonalData.withoutIn(question);
        Optional<String> nothing = NothingAsked.why(asked); // §9: "🙂🙂", "???", "hi", "thanks!", "tell me more"
        if (nothing.isPresent()) {
            return notSearched(question, "the question asks nothing a page can answer: " + nothing.get(), start);
        }
        Allowed allowed = allowedChunks(options);
        if (!options.filter().isEmpty()) {
            List<String> problems = filterProblems(options, () -> allowed != null && IndexEngine.of(index).matchesNone(allowed));
            problems.forEach(p -> report(new RetrievalException(p, null)));
            if (!problems.isEmpty() && retrieveHook.isEmpty()) { // §3: nothing to search; a hook may search elsewhere
                return notSearched(question, String.join("; ", problems), start);
            }
        }
        SearchQuery query = SearchQuery.of(asked, index, embedder, options, this::report);
        RelevanceGate gate = gate(options, query.hasVector());
        List<Hit> ranked = candidates(query, options, gate, allowed);
        // a hook that failed leaves the built-in ranking, as if it were not there
        Optional<List<Hit>> fromHooks = applyHooks(query, ranked, cancelled);
        boolean hooked = fromHooks.isPresent();
        if (hooked) {
            ranked = measure(query, fromHooks.get(), gate); // gated again
        }
        List<NamedVersion> named = options.versionAware() ? NamedVersion.in(asked) : List.of();
        Optional<String> versionFolder = Optional.empty();
        if (options.docsVersion().isPresent() || !named.isEmpty()) {
            Set<Integer> majors = versions().askedMajors(named);
            versionFolder = versions().folder(options.docsVersion(), majors);
            ranked = versions().apply(ranked, versionFolder, majors, options.collapseCopies());
        }
        List<Hit> passing = ranked.stream().filter(Hit::passed).toList();
        List<Hit> gatedOut = ranked.stream().filter(h -> !h.passed()).toList();
        boolean answerable = !passing.isEmpty();
        // §6: a hook may reorder and filter, never add a chunk that fails the gate, in either gate mode
        List<Hit> usable = hooked || options.gateMode() == RetrievalOptions.GateMode.FILTER ? passing : ranked;
        // §7: the versions of a page count as one page, and the one kept is the reader's: with a version
        // folder to rank for, apply() put that version first, so another version's page stays a source only
        // when the reader's version of the page is not a candidate (then it may alone answer); with none, a
        // section several versions hold is shown at its canonical version. A passage repeated on other
        // pages counts once.
        List<Hit> diverse = SourceList.diversify(usable, options.maxPerSource().orElse(0), versionFolder.isEmpty(),
                options.collapseCopies());
        if (!hooked) { // a hook's order (a reranker's) is its own answer to the same question
            List<Hit> seated = new ArrayList<>(options.listFirsts() ? SourceList.listFirsts(usable) : List.of());
            if (options.namedPage()) {
                NamedPage.in(asked, diverse, query.terms(), options.topK(), index.size()).ifPresent(seated::add);
            }
            diverse = SourceList.seatedWithin(diverse, seated, options.topK());
        }
        List<Source> sources = answerable ? SourceList.number(diverse, usable, options.topK(), options.maxContextChars()) : List.of();
        float bestSim = Float.NaN;
        float bestCov = 0;
        for (Hit h : ranked) {
            bestSim = Float.isNaN(bestSim) ? h.similarity : Float.isNaN(h.similarity) ? bestSim : Math.max(bestSim, h.similarity);
            bestCov = Math.max(bestCov, h.keywordCoverage);
        }
        Retrieval.Mode mode = query.hasVector() ? Retrieval.Mode.HYBRID : Retrieval.Mode.KEYWORD;
        Retrieval.Builder r = Retrieval.builder(question).answerable(answerable && !sources.isEmpty()).mode(mode)
                .bestSimilarity(bestSim).bestCoverage(bestCov).sources(sources).hits(answerable ? diverse : List.of())
                .gatedOut(gatedOut).respelt(query.terms().respelt()).micros((System.nanoTime() - start) / 1000);
        if (!query.opening().isEmpty()) {
            r.opening(query.opening());
        }
        versionFolder.ifPresent(r::docsVersion);
        return r.build();
    }

    private VersionPreference versions() {
        VersionPreference v = versions;
        if (v == null) {
            v = VersionPreference.of(index);
            versions = v;
        }
        return v;
    }

    /**
     * Whether {@code question} asks nothing a page can answer, even after an answer (docs/retrieval.md §9): it has no
     * letter or digit ("🙂🙂"), or it only greets, thanks or says goodbye ("hi", "thanks!"). {@link #retrieve} refuses
     * such a question before any search; a conversation does not rewrite it into one about the previous question.
     * <pre>{@code
     * HybridRetriever.asksNothing("thanks!");         // true
     * HybridRetriever.asksNothing("thanks, and --help?"); // false
     * HybridRetriever.asksNothing("tell me more");    // false: see onlyAsksToGoOn
     * }</pre>
     */
    public static boolean asksNothing(String question) {
        return NothingAsked.kind(question).filter(k -> k != NothingAsked.Kind.GOES_ON).isPresent();
    }

    /**
     * Whether {@code question} only asks to go on from an earlier answer ("tell me more", "why?", "yes please";
     * docs/retrieval.md §9): on its own {@link #retrieve} refuses it before any search; a conversation joins it to
     * the question before.
     * <pre>{@code
     * HybridRetriever.onlyAsksToGoOn("Tell me more.");                // true
     * HybridRetriever.onlyAsksToGoOn("tell me more about snapshots"); // false
     * }</pre>
     */
    public static boolean onlyAsksToGoOn(String question) {
        return NothingAsked.kind(question).filter(k -> k == NothingAsked.Kind.GOES_ON).isPresent();
    }

    /**
     * {@code question} without surrounding white space when retrieval accepts it; otherwise an
     * IllegalArgumentException saying why (empty, or over {@link #MAX_QUESTION_CHARS} once stripped),
     * so callers can refuse it before any work.
     */
    public static String requireQuestion(String question) {
        String q = question == null ? "" : question.strip();
        if (q.isEmpty()) {
            throw new IllegalArgumentException("the question is empty");
        }
        if (q.length() > MAX_QUESTION_CHARS) {
            throw new IllegalArgumentException("the question is " + q.length()
                    + " characters long; the limit is " + MAX_QUESTION_CHARS);
        }
        return q;
    }

    /*
     * A floor the user set wins; else the gate calibrated for this index and model, recorded in the manifest
     * (§4, "A gate that calibrates itself"); else, in an index without one, the per-model defaults.
     */
    private RelevanceGate gate(RetrievalOptions o, boolean hybrid) {
        String id = index.manifest().embedderId();
        String variant = embedder.map(Embedder::queryVariant).orElse("");
        // with both floors set the recorded gate is not read at all, so calibrating again works over a damaged one
        Optional<Manifest.Gate> calibrated = o.minSimilarity().isPresent() && o.minKeywordCoverage().isPresent()
                ? Optional.<Manifest.Gate>empty() : index.manifest().gate()
                .filter(g -> g.embedderId().equals(id) && (!index.hasVectors() || g.queryVariant().equals(variant)));
        // a floor the user sets turns the calibration's question-level rules off: the user's gate is the two floors,
        // and a cosine floor lowered with the question-space rule goes back to the band's top, chosen without it
        Optional<Manifest.Gate> rules = o.minSimilarity().isPresent() || o.minKeywordCoverage().isPresent()
                ? Optional.empty() : calibrated;
        double minSim = o.minSimilarity().orElseGet(() -> calibrated.flatMap(g -> g.minSimilarity().isPresent()
                        ? Optional.of(rules.isPresent() ? g.minSimilarity().getAsDouble() : floorWithoutRules(g)) : Optional.empty())
                .orElseGet(() -> GateDefaults.minSimilarity(id, variant)));
        double minCov = o.minKeywordCoverage().orElse(calibrated.map(Manifest.Gate::minKeywordCoverage).orElse(
                index.hasVectors() ? GateDefaults.MIN_KEYWORD_COVERAGE : GateDefaults.MIN_KEYWORD_COVERAGE_KEYWORD_ONLY));
        boolean needsKeyword = o.similarityNeedsKeyword()
                .orElseGet(() -> embedder.map(Embedder::matchesWordsOnly).orElse(false));
        double maxUnknown = rules.map(Manifest.Gate::maxUnknownShare).filter(OptionalDouble::isPresent)
                .map(OptionalDouble::getAsDouble).orElse(Double.POSITIVE_INFINITY);
        Optional<Manifest.Neighbours> neighbours = rules.flatMap(Manifest.Gate::neighbours);
        Optional<Manifest.OtherToolFloor> toolFloor = rules.flatMap(Manifest.Gate::otherToolFloor);
        // the pair rule asks coverage's questions to pass on meaning where the cosine reads meaning; without vectors,
        // of coverage below the calibrated floor for questions that name another tool (§4, "Words the site writes together")
        double pairBelow = !o.coverageNeedsPair() || needsKeyword ? RelevanceGate.PAIR_NEVER
                : hybrid ? RelevanceGate.PAIR_ALWAYS
                : toolFloor.map(Manifest.OtherToolFloor::minKeywordCoverage).orElse(RelevanceGate.PAIR_NEVER);
        return new RelevanceGate(hybrid ? minSim : Math.max(minSim, 0), minCov, needsKeyword, maxUnknown, neighbours, toolFloor,
                pairBelow);
    }

    /** The calibrated cosine floor as chosen without the question-space rule: the lowered band's top where there is one. */
    private static double floorWithoutRules(Manifest.Gate g) {
        OptionalDouble top = g.neighbours().map(Manifest.Neighbours::bandTop).orElse(OptionalDouble.empty());
        return top.isPresent() ? top.getAsDouble() : g.minSimilarity().getAsDouble();
    }

    /** Built-in candidate finding: both retrievers, gate, fusion. Hooks call it with their own options. */
    private List<Hit> candidates(SearchQuery query, RetrievalOptions o, RelevanceGate gate, @Nullable Allowed allowed) {
        CompletableFuture<List<Scored>> bm25 = o.retrievers() == RetrievalOptions.Retrievers.VECTOR
                ? CompletableFuture.completedFuture(List.of())
                : CompletableFuture.supplyAsync(() -> query.keywordList(o.candidates(), o.rrfK(), allowed), BM25_THREADS);
        List<Scored> dense = query.denseList(o.candidates(), o.rrfK(), allowed);
        List<Scored> sparse;
        try {
            sparse = bm25.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e.getCause() instanceof RuntimeException re ? re : e;
        }
        Map<Integer, Hit> hits = new LinkedHashMap<>();
        for (int i = 0; i < sparse.size(); i++) {
            Scored s = sparse.get(i);
            hits.put(s.chunkId(), hit(s.chunkId(), i + 1, s.score(), 0, o.collapseCopies()));
        }
        for (int i = 0; i < dense.size(); i++) {
            Scored s = dense.get(i);
            Hit h = hits.get(s.chunkId());
            hits.put(s.chunkId(), h == null ? hit(s.chunkId(), 0, 0, i + 1, o.collapseCopies())
                    : h.withVectorRank(i + 1));
        }
        List<Hit> scored = measure(query, new ArrayList<>(hits.values()), gate);
        return fuse(scored, o);
    }

    private Hit hit(int id, int bm25Rank, float bm25Score, int vectorRank, boolean collapse) {
        List<String> copies = collapse ? index.copyUrls(id) : List.of();
        return new Hit(id, index.chunk(id), copies, bm25Rank, bm25Score, vectorRank, Float.NaN, 0, 0, null);
    }

    /**
     * Fills in similarity and coverage (recomputed from the index, never trusted from a hook) and the
     * gate's verdict.
     */
    private static List<Hit> measure(SearchQuery query, List<Hit> hits, RelevanceGate gate) {
        int[] ids = hits.stream().mapToInt(Hit::chunkId).toArray();
        float[] sims = query.similarities(ids);
        float[] covs = query.coverages(ids);
        double lead = gate.lead(query);
        float bestCoverage = 0;
        float bestSimilarity = Float.NaN;
        for (int i = 0; i < covs.length; i++) {
            bestCoverage = Math.max(bestCoverage, covs[i]);
            bestSimilarity = Float.isNaN(bestSimilarity) || sims[i] > bestSimilarity ? sims[i] : bestSimilarity;
        }
        OtherTools.Named otherTool = gate.otherTool(query.subject(), query::siteWrites);
        if (otherTool != null && gate.onThePlatform(otherTool, query, symbols -> hits.stream()
                .anyMatch(h -> CodeSymbols.writesAny(h.chunk().searchText(), symbols)))) {
            otherTool = null; // the site's tool on a platform (§4, "Questions about another tool")
        }
        Memo together = new Memo(() -> query.wordsWrittenTogether(ids)); // the pair rule, asked at most once (§4)
        // §4, "Words in another sense": a question of one sentence and more than one word
        boolean oneSentence = OpeningSentence.of(query.text()).isEmpty() && query.terms().terms().size() > 1;
        OtherTools.Named tool = otherTool;
        // asked only where the rule for another tool would refuse: does a candidate that passes on its own document it?
        BooleanSupplier documented = () -> tool != null && java.util.stream.IntStream.range(0, hits.size()).anyMatch(i ->
                gate.rejection(sims[i], covs[i], lead, true, false, oneSentence, together) == null
                        && RelevanceGate.documents(hits.get(i).chunk(), tool, () -> gate.namesSiteTool(query)));
        String question = gate.rejectQuestion(query, lead, bestSimilarity, bestCoverage, otherTool, together, documented);
        boolean nearBoth = question == null && gate.nearBothFloors(bestSimilarity, bestCoverage, lead, otherTool != null);
        List<String> symbols = question == null && gate.symbolsCount() ? CodeSymbols.in(query.subject()) : List.of();
        List<Hit> out = new ArrayList<>(hits.size());
        for (int i = 0; i < hits.size(); i++) {
            Hit h = hits.get(i);
            Object why = question != null ? question
                    : gate.rejection(sims[i], covs[i], lead, otherTool != null, nearBoth, oneSentence, together);
            if (why != null && !symbols.isEmpty() && CodeSymbols.writesAny(h.chunk().searchText(), symbols)) {
                why = null; // it writes the symbol the question names (§4, "A symbol the site writes")
            }
            out.add(h.measured(sims[i], covs[i], why));
        }
        String unmentioned = otherTool == null || question != null ? null
                : RelevanceGate.rejectUnmentioned(otherTool, out, () -> gate.namesSiteTool(query));
        if (unmentioned != null) {
            List<Hit> refused = new ArrayList<>(out.size());
            for (int i = 0; i < out.size(); i++) {
                refused.add(out.get(i).measured(sims[i], covs[i], unmentioned));
            }
            return refused;
        }
        return out;
    }

    /** A yes-or-no question asked on first need and then remembered. */
    private static final class Memo implements java.util.function.BooleanSupplier {
        private final java.util.function.BooleanSupplier ask;
        private int answer = -1;

        Memo(java.util.function.BooleanSupplier ask) {
            this.ask = ask;
        }

        @Override
        public boolean getAsBoolean() {
            if (answer < 0) {
                answer = ask.getAsBoolean() ? 1 : 0;
            }
            return answer == 1;
        }
    }

    /**
     * Fusion of the two lists (§5). In FILTER mode only passing candidates are fused (ranks re-counted
     * within the gated lists); in ANSWERABILITY mode every candidate is.
     */
    private static List<Hit> fuse(List<Hit> hits, RetrievalOptions o) {
        boolean filter = o.gateMode() == RetrievalOptions.GateMode.FILTER;
        List<Hit> fusable = filter ? hits.stream().filter(Hit::passed).toList() : hits;
        Map<Integer, Double> fused = Fusion.scores(fusable, o);
        List<Hit> out = new ArrayList<>(hits.size());
        for (Hit h : hits) {
            out.add(h.withScore(fused.getOrDefault(h.chunkId(), 0.0)));
        }
        out.sort(HybridRetriever::byScore);
        return out;
    }

    private static int byScore(Hit a, Hit b) {
        int c = Double.compare(b.score(), a.score());
        if (c != 0) {
            return c;
        }
        int ra = a.bm25Rank == 0 ? Integer.MAX_VALUE : a.bm25Rank;
        int rb = b.bm25Rank == 0 ? Integer.MAX_VALUE : b.bm25Rank;
        return ra != rb ? Integer.compare(ra, rb) : Integer.compare(a.chunkId(), b.chunkId());
    }

    /**
     * Runs the hooks; empty when there is none or none returned a result. A hook that throws or
     * returns null is reported and skipped; chunks a hook returns that are not this index's are
     * dropped and reported, so that a hook answering from another index does not pass for "nothing found".
     */
    private Optional<List<Hit>> applyHooks(SearchQuery query, List<Hit> ranked, BooleanSupplier cancelled) {
        List<Hit> result = ranked;
        boolean taken = false;
        if (retrieveHook.isPresent()) {
            RetrieveHook.Search search = new HookSearch(query, cancelled);
            String skipped = "; using built-in retrieval";
            try {
                List<Hit> fromHook = retrieveHook.get().retrieve(query.text(), search);
                if (fromHook == null) {
                    report(new RetrievalException("the retrieve hook returned null" + skipped, null));
                } else {
                    result = known("the retrieve hook returned", fromHook);
                    taken = true;
                }
            } catch (RuntimeException e) {
                report(new RetrievalException("the retrieve hook failed" + skipped + ": " + e.getMessage(), e));
            }
        }
        if (rerankHook.isPresent()) {
            String skipped = "; keeping the fused order";
            try {
                List<Hit> reranked = rerankHook.get().rerank(query.text(), result);
                if (reranked == null) {
                    report(new RetrievalException("the rerank hook returned null" + skipped, null));
                } else {
                    result = known("the rerank hook returned", reranked);
                    taken = true;
                }
            } catch (RuntimeException e) {
                report(new RetrievalException("the rerank hook failed" + skipped + ": " + e.getMessage(), e));
            }
        }
        return taken ? Optional.of(result) : Optional.empty();
    }

    /** The built-in search as a retrieve hook sees it, with the question's vector and the asker's cancellation. */
    private final class HookSearch implements RetrieveHook.Search {
        private final SearchQuery query;
        private final BooleanSupplier cancelled;

        HookSearch(SearchQuery query, BooleanSupplier cancelled) {
            this.query = query;
            this.cancelled = cancelled;
        }

        @Override
        public List<Hit> find(String question, RetrievalOptions options) {
            String asked = PersonalData.withoutIn(requireQuestion(question));
            SearchQuery inner = query.serves(asked, options) ? query
                    : SearchQuery.of(asked, index, embedder, options, HybridRetriever.this::report);
            return candidates(inner, options, gate(options, inner.hasVector()), allowedChunks(options));
        }

        @Override
        public Optional<float[]> questionVector() {
            return query.vector();
        }

        @Override
        public boolean cancelled() {
            return cancelled.getAsBoolean() || Thread.currentThread().isInterrupted();
        }
    }

    /**
     * Applies the relevance gate (docs/retrieval.md §4) to hits from anywhere, for a handler of one's
     * own: each hit's similarity and keyword coverage are measured again from this index against
     * {@code question}, and only the hits that pass are returned, in the given order, with the
     * measured values. Hits whose chunk is not this index's are dropped and reported to
     * {@code onError}, as a hook's are.
     *
     * <pre>{@code
     * List<Hit> mine = myOwnSearch(question);                    // hits on this index's chunks
     * List<Hit> safe = retriever.gateHits(question, mine, RetrievalOptions.defaults());
     * if (safe.isEmpty()) answer("I don't know.");
     * }</pre>
     *
     * @throws IllegalArgumentException for an empty question or one over {@link #MAX_QUESTION_CHARS}
     */
    public List<Hit> gateHits(String question, List<Hit> hits, RetrievalOptions options) {
        String q = requireQuestion(question);
        Objects.requireNonNull(hits, "hits");
        Objects.requireNonNull(options, "options");
        SearchQuery query = SearchQuery.of(q, index, embedder, options, this::report);
        return measure(query, known("gateHits was given", hits), gate(options, query.hasVector()))
                .stream().filter(Hit::passed).toList();
    }

    /** The hits that are this index's chunks, each once, in order; the others are counted to {@code onError}. */
    private List<Hit> known(String who, List<Hit> hits) {
        List<Hit> known = new ArrayList<>(hits.size());
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        int foreign = 0;
        for (Hit h : hits) {
            if (h == null || h.chunkId() < 0 || h.chunkId() >= index.size() || !index.chunk(h.chunkId()).equals(h.chunk())) {
                foreign++;
            } else if (seen.add(h.chunkId())) {
                known.add(h);
            }
        }
        if (foreign > 0) {
            report(new RetrievalException(who + " " + foreign + " of " + hits.size()
                    + " hits that are not chunks of this index; they were dropped", null));
        }
        return known;
    }

    /**
     * Why parts of a metadata filter can match no chunk of this index (a key or value no chunk has,
     * with the ones that exist), one sentence each; empty when every part matches some chunk. A
     * server checks its configured filter with it once per index.
     *
     * <pre>{@code
     * retriever.filterProblems(Map.of("docType", "guid"))
     * // ["filter docType=guid matches no chunk: docType is one of api, config, guide"]
     * }</pre>
     */
    public List<String> filterProblems(Map<String, String> filter) {
        Objects.requireNonNull(filter, "filter");
        MetadataVocabulary v = vocabulary;
        if (v == null) {
            v = MetadataVocabulary.of(index);
            vocabulary = v;
        }
        return v.problems(filter);
    }

    /**
     * The version folder of this index that {@code docsVersion} stands for (docs/retrieval.md, "Versions"): itself
     * in any case, or the latest folder of the major it names; empty when it stands for none, and then retrieval
     * is as without a version. Requests that give the same folder retrieve the same sources.
     *
     * <pre>{@code
     * retriever.docsVersionFolder("v3")    // Optional[3.8.1] on an index with 3.8.1 and next
     * retriever.docsVersionFolder("NEXT")  // Optional[next]
     * retriever.docsVersionFolder("9.9")   // Optional.empty
     * }</pre>
     */
    public Optional<String> docsVersionFolder(String docsVersion) {
        Objects.requireNonNull(docsVersion, "docsVersion");
        return versions().folderFor(docsVersion);
    }

    /**
     * What in {@code options} this index cannot honour, in words for whoever set them (the command line prints each as a
     * warning): a docs version it has none of ({@link #docsVersionProblem}), the vector retriever alone on an index
     * without vectors. Empty when every option applies.
     */
    public List<String> optionProblems(RetrievalOptions options) {
        List<String> out = new ArrayList<>(2);
        options.docsVersion().flatMap(this::docsVersionProblem).ifPresent(out::add);
        if (options.retrievers() == RetrievalOptions.Retrievers.VECTOR && embedder.isEmpty()) {
            out.add("retrievers=vector: the index has no vectors (built with --embedder none), so nothing is found; "
                    + "leave the setting out to search by keywords");
        }
        return out;
    }

    /**
     * Why {@code docsVersion} changes nothing on this index (docs/retrieval.md, "Versions"): no version folder has
     * that name or is of the major it names. Empty when one is. The command line warns with it, as it does for a
     * filter that matches nothing; a server does not, since the widget may read a version from any page path.
     *
     * <pre>{@code
     * retriever.docsVersionProblem("9.9")
     * // "docs version 9.9 matches none of the index's versions (3.8.1, next): the sources are chosen as if no version were given"
     * }</pre>
     */
    public Optional<String> docsVersionProblem(String docsVersion) {
        Objects.requireNonNull(docsVersion, "docsVersion");
        VersionPreference v = versions();
        if (docsVersionFolder(docsVersion).isPresent()) {
            return Optional.empty();
        }
        String shown = docsVersion.strip();
        return Optional.of(v.folders().isEmpty()
                ? "docs version " + shown + ": the index has no versioned pages, so it changes nothing"
                : "docs version " + shown + " matches none of the index's versions (" + String.join(", ", v.folders())
                        + "): the sources are chosen as if no version were given");
    }

    /**
     * Tells {@code onError} when the filter can match nothing: a key or value no chunk has (with the
     * ones that exist), or parts that match only separately ({@code noneMatches}: the filter let no
     * chunk through).
     */
    /** A retrieval refused before any search, saying {@code why} (docs/retrieval.md §13). */
    private Retrieval notSearched(String question, String why, long start) {
        return Retrieval.builder(question).notSearched(why)
                .mode(embedder.isPresent() && index.hasVectors() ? Retrieval.Mode.HYBRID : Retrieval.Mode.KEYWORD)
                .micros((System.nanoTime() - start) / 1000).build();
    }

    /** Why the filter of {@code o} matches no chunk: each part no chunk has, or its parts together; empty when it matches some. */
    private List<String> filterProblems(RetrievalOptions o, BooleanSupplier noneMatches) {
        List<String> problems = new ArrayList<>(filterProblems(o.filter()));
        if (problems.isEmpty() && o.filter().size() > 1 && noneMatches.getAsBoolean()) {
            problems.add(MetadataVocabulary.noneMatchesAll(o.filter()));
        }
        return problems;
    }

    /**
     * Metadata filter, then copy removal among the chunks it kept, decided before any scoring. Null
     * means every chunk. A search service is given the filter to apply itself (docs/solr.md).
     */
    private @Nullable Allowed allowedChunks(RetrievalOptions o) {
        boolean collapse = o.collapseCopies() && index.manifest().copies() > 0;
        IndexEngine engine = IndexEngine.of(index);
        if (engine.filtersItself()) {
            return o.filter().isEmpty() && !collapse ? null : Allowed.filter(o.filter(), collapse);
        }
        if (o.filter().isEmpty()) {
            return collapse ? Allowed.chunks(engine.canonicalChunks()) : null;
        }
        BitSet allowed = new BitSet(index.size());
        for (int id = 0; id < index.size(); id++) {
            if (MetadataFilter.matches(index.chunk(id), o.filter())) {
                allowed.set(id);
            }
        }
        return Allowed.chunks(collapse ? oneCopyEach(allowed) : allowed);
    }

    /**
     * One chunk per group of copies in {@code allowed}: the canonical one when the filter kept it,
     * else the first copy it kept, so that filtering for a copy (say {@code url=…/next/}) finds it.
     */
    private BitSet oneCopyEach(BitSet allowed) {
        BitSet kept = (BitSet) allowed.clone();
        BitSet groupsKept = new BitSet(index.size());
        for (int id = allowed.nextSetBit(0); id >= 0; id = allowed.nextSetBit(id + 1)) {
            if (index.canonicalOf(id) == id) {
                groupsKept.set(id);
            }
        }
        for (int id = allowed.nextSetBit(0); id >= 0; id = allowed.nextSetBit(id + 1)) {
            int canonical = index.canonicalOf(id);
            if (canonical != id) {
                if (groupsKept.get(canonical)) {
                    kept.clear(id);
                } else {
                    groupsKept.set(canonical);
                }
            }
        }
        return kept;
    }

    /**
     * The gate's thresholds as they apply to one index (option, or the embedder's measured default).
     *
     * @param minSimilarity      cosine floor
     * @param minKeywordCoverage keyword coverage floor
     */
    public record Thresholds(double minSimilarity, double minKeywordCoverage) {
    }

    /**
     * Replaces candidate finding. It may call the built-in search with its own options and filter
     * what comes back; whatever it returns is gated again in every gate mode (a chunk that fails the
     * gate is dropped, never numbered), and chunks not in the index are dropped and reported to
     * {@code onError}. A hook that throws or returns null is reported and built-in retrieval is used
     * instead.
     *
     * <pre>{@code
     * RetrieveHook oneVersion = (question, search) -> search.find(question,
     *         RetrievalOptions.builder().candidates(20).collapseCopies(false).build())
     *         .stream().filter(h -> h.chunk().url().contains("/docs/v2/")).toList();
     * }</pre>
     */
    @FunctionalInterface
    public interface RetrieveHook {
        List<Hit> retrieve(String question, Search search);

        /** What a retrieve hook is given besides the question's text. */
        interface Search {
            /** The built-in candidate search (both retrievers, gate, fusion), with the caller's options. */
            List<Hit> find(String question, RetrievalOptions options);

            /**
             * A copy of the question's vector from the index's embedder, for a vector search of one's
             * own; empty on a keyword-only index or when the embedder failed on the question.
             */
            Optional<float[]> questionVector();

            /**
             * Whether the asker went away (the answer was cancelled) or the retrieving thread was
             * interrupted: a hook calling a slow service should stop and return what it has.
             */
            boolean cancelled();
        }
    }

    /**
     * Reorders the fused candidates, e.g. with a cross-encoder or a boost. Its result is gated again in
     * every gate mode: it may reorder and filter, but a chunk that fails the gate is dropped, never
     * numbered; chunks not in the index are dropped and reported to {@code onError}. A hook that throws or
     * returns null is reported and the fused order kept.
     *
     * <pre>{@code
     * RerankHook guidesFirst = (q, hits) -> hits.stream()
     *         .sorted(Comparator.comparing(h -> !h.chunk().source().startsWith("guide/"))).toList();
     * }</pre>
     */
    @FunctionalInterface
    public interface RerankHook {
        List<Hit> rerank(String question, List<Hit> hits);
    }
}
