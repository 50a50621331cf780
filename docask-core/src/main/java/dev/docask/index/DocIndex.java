package dev.docask.index;

import dev.docask.index.internal.Allowed;
import dev.docask.index.internal.CopyGroups;
import dev.docask.index.internal.IndexAccess;
import dev.docask.index.internal.IndexEngine;
import dev.docask.index.internal.NamedVersion;
import dev.docask.index.internal.PageToken;
import dev.docask.index.internal.QuantizedVector;
import dev.docask.index.internal.QueryTerms;
import dev.docask.index.internal.Scored;
import dev.docask.index.internal.SearchBackend;
import dev.docask.index.internal.SiteValues;
import dev.docask.ingest.Chunk;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexNotFoundException;
import org.apache.lucene.store.FSDirectory;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A persisted hybrid index of one documentation site: Lucene BM25 over title, heading and text,
 * plus one int8 vector per chunk. Chunks and vectors live in memory; immutable and thread-safe.
 *
 * <pre>{@code
 * try (DocIndex index = DocIndex.open(Path.of("docs-index"))) {
 *     System.out.println(index.size() + " chunks embedded with " + index.manifest().embedderId());
 * }
 * }</pre>
 */
public final class DocIndex implements AutoCloseable {
    static final String FIELD = "all";
    static final String ORDINAL = "ord";
    /** Questions are cut to this many distinct terms (BooleanQuery has a clause limit). */
    static final int MAX_QUERY_TERMS = 256;

    static {
        // the engine calls and remote indexes, for docask's own modules only (dev.docask.index.internal is not exported)
        IndexAccess.register(new Access());
    }

    private final IndexEngine engine = new Engine();
    private final Path dir;
    /** What answers come from: swapped once for the newest intact older generation if a background check fails. */
    private volatile Opened opened;
    /** Generations swapped out after a failed check: closed with the index, as requests may still use them. */
    private final List<Opened> retired = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final java.util.concurrent.CompletableFuture<Boolean> verified = new java.util.concurrent.CompletableFuture<>();
    private volatile boolean closed;
    /** Why the generation was refused, when a background check failed and no older one is intact. */
    private volatile Optional<String> refused = Optional.empty();
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(DocIndex.class);
    private static final DocsAnalyzer QUESTION_ANALYZER = DocsAnalyzer.forQuestions();
    private static final DocsAnalyzer PAGE_ANALYZER = DocsAnalyzer.forPages();
    /**
     * Generations with more bytes than this are checked in the background (docs/design.md, "Index"):
     * reading every byte of a million-chunk index takes seconds, and answers need not wait.
     */
    static final long VERIFY_IN_BACKGROUND_FROM = 64L << 20;
    /** A chunks.jsonl this large is left on disk and read a chunk at a time; a smaller one is parsed at once (faster to use). */
    static final long CHUNKS_ON_DISK_FROM = 64L << 20;
    private static final Verification DEFAULT_VERIFICATION = new Verification(VERIFY_IN_BACKGROUND_FROM,
            CHUNKS_ON_DISK_FROM, r -> Thread.ofVirtual().name("docask-verify").start(r));

    /**
     * How a generation is opened, by size.
     *
     * @param backgroundFromBytes generations of at least this many bytes are checked in the background
     * @param chunksOnDiskFrom    a chunks.jsonl of at least this many bytes is read a chunk at a time
     * @param executor            runs the background check
     */
    record Verification(long backgroundFromBytes, long chunksOnDiskFrom, java.util.concurrent.Executor executor) {
        Verification(long backgroundFromBytes, java.util.concurrent.Executor executor) {
            this(backgroundFromBytes, CHUNKS_ON_DISK_FROM, executor);
        }
    }

    private DocIndex(Path dir, Opened opened) {
        this.dir = dir;
        this.opened = opened;
    }

    /** One generation's contents. */
    private static final class Opened {
        final String generation;
        final Optional<String> fallback;
        final Manifest manifest;
        final List<Chunk> chunks;
        final CopyGroups copies;
        final SearchBackend backend;
        final @Nullable LuceneSearch local; // null when a search service holds the chunks
        volatile @Nullable SiteWords siteWords; // built on first need: most questions have no unknown word
        /** Whether its checksums are still to be checked, after it starts answering. */
        boolean checkPending;

        Opened(String generation, Optional<String> fallback, Manifest manifest, List<Chunk> chunks,
               CopyGroups copies, SearchBackend backend, @Nullable LuceneSearch local) {
            this.generation = generation;
            this.fallback = fallback;
            this.manifest = manifest;
            this.backend = backend;
            this.local = local;
            // a chunk file or a search service's list reads chunks when asked: copying would read them all
            this.chunks = chunks instanceof IndexFiles.ChunkFile || local == null ? chunks : List.copyOf(chunks);
            this.copies = copies;
        }
    }

    /**
     * Opens the index in {@code dir}, checking every file against its checksum. A missing,
     * damaged or newer-format index fails with an {@link IndexException} whose message says what is
     * wrong and what to do. When the generation CURRENT names is damaged and an older one is intact,
     * the older one is opened with a warning (logged, and in {@link #fallback()}). A generation of
     * more than 64 MB is checked in the background, answering meanwhile; if the check fails, the
     * newest intact older generation takes its place (with the same warning), or, with none,
     * every later use fails with an {@link IndexException} saying the index is damaged.
     */
    public static DocIndex open(Path dir) {
        return open(dir, DEFAULT_VERIFICATION);
    }

    /**
     * Generation {@code gen} of {@code dir} before it is published, for measuring it ({@link IndexBuilder.GateMeasure}):
     * just written by this process, so not checked again.
     */
    static DocIndex openUnpublished(Path dir, Path gen) throws IOException {
        DocIndex index = new DocIndex(dir, load(dir, gen, Optional.empty(), DEFAULT_VERIFICATION));
        index.verified.complete(true);
        return index;
    }

    static DocIndex open(Path dir, Verification verification) {
        Objects.requireNonNull(dir, "dir");
        Path gen;
        try {
            if (Files.isDirectory(dir) && !Files.isReadable(dir)) {
                throw new java.nio.file.AccessDeniedException(dir.toString());
            }
            gen = IndexFiles.currentGeneration(dir).orElseThrow(() -> new IndexException(
                    "no docask index in " + dir + "; build one there first", "dir", null));
        } catch (IOException e) {
            unreadable(dir, e).ifPresent(denied -> {
                throw denied;
            });
            throw new IndexException("the index in " + dir + " is damaged: " + e.getMessage()
                    + "; rebuild it with 'docask index'", e);
        }
        Opened first;
        Path firstGen = gen;
        try {
            first = load(dir, gen, Optional.empty(), verification);
        } catch (IndexException e) {
            throw e; // a newer format: an older generation would serve stale pages without a word
        } catch (IOException | RuntimeException e) {
            // a file this user may not read is no damage: an older generation would serve stale pages
            unreadable(dir, e).ifPresent(denied -> {
                throw denied;
            });
            first = newestIntactBefore(dir, gen, why(e), "opened", Optional.of(verification)).orElseThrow(() -> damaged(dir, e));
            firstGen = dir.resolve(first.generation);
        }
        DocIndex index = new DocIndex(dir, first);
        if (first.checkPending) {
            Path checked = firstGen;
            Opened o = first;
            verification.executor().execute(() -> index.checkInBackground(checked, o));
        } else {
            index.verified.complete(true);
        }
        return index;
    }

    /**
     * The newest generation older than {@code gen} that opens and passes its checks, noting why it
     * was chosen; checked before it is returned unless {@code verification} allows checking it later.
     */
    private static Optional<Opened> newestIntactBefore(Path dir, Path gen, String why, String verb,
                                                      Optional<Verification> verification) {
        for (Path older : IndexFiles.olderGenerations(dir, gen)) {
            String note = "index generation " + gen.getFileName() + " in " + dir + " is damaged (" + why
                    + "); " + verb + " " + older.getFileName() + ", the newest intact one; run 'docask index' to repair";
            try {
                Opened o = verification.isPresent() ? load(dir, older, Optional.of(note), verification.get())
                        : load(dir, older, Optional.of(note), new Verification(Long.MAX_VALUE, Runnable::run));
                // (a generation replacing a damaged one in the background is checked before it answers)
                LOG.warn(note);
                return Optional.of(o);
            } catch (IOException | RuntimeException olderDamaged) {
                // try the next older one; with none intact the newest's damage is what the user must hear
            }
        }
        return Optional.empty();
    }

    /**
     * The check of a large generation, run after it started answering: on damage, the newest intact
     * older generation answers from then on, or none does.
     */
    private void checkInBackground(Path gen, Opened checked) {
        try {
            Checksums.verify(gen, checked.manifest, Objects.requireNonNull(checked.local).reader());
            verified.complete(true);
            return;
        } catch (IOException | RuntimeException e) {
            if (closed) {
                verified.complete(false);
                return;
            }
            Optional<IndexException> denied = unreadable(dir, e);
            if (denied.isPresent()) { // not damage: an older generation would answer with stale pages
                refused = Optional.of(String.valueOf(denied.get().getMessage()));
                LOG.error("{}", refused.get());
                verified.complete(false);
                return;
            }
            Optional<Opened> older = newestIntactBefore(dir, gen, why(e), "now answering from", Optional.empty());
            synchronized (this) {
                if (older.isPresent() && !closed) {
                    retired.add(opened);
                    opened = older.get();
                } else if (older.isPresent()) {
                    older.get().backend.close();
                    closeQuietly(older.get().chunks instanceof AutoCloseable c ? c : null);
                } else {
                    refused = Optional.of(String.valueOf(damaged(dir, e).getMessage()));
                    LOG.error("{}", refused.get());
                }
            }
        }
        verified.complete(false);
    }

    /**
     * Completes when the generation first opened has been checked: true when it was intact, false
     * when another one (or none) answers now. For tests and benchmarks.
     */
    java.util.concurrent.CompletableFuture<Boolean> verification() {
        return verified;
    }

    private static Opened load(Path dir, Path gen, Optional<String> fallback, Verification verification)
            throws IOException {
        FSDirectory luceneDir = null;
        DirectoryReader reader = null;
        IndexFiles.ChunkFile onDisk = null;
        try {
            Manifest manifest = IndexFiles.readManifest(gen);
            if (manifest.formatVersion() != Manifest.FORMAT_VERSION) {
                throw new IndexException("the index in " + dir + " has format " + manifest.formatVersion()
                        + "; this docask reads format " + Manifest.FORMAT_VERSION + " (re-run 'docask index')");
            }
            List<Chunk> chunks;
            int[] copyOf;
            if (Files.size(gen.resolve(IndexFiles.CHUNKS)) >= verification.chunksOnDiskFrom()) {
                onDisk = IndexFiles.openChunks(gen, manifest.chunks()).orElse(null);
            }
            if (onDisk != null) {
                chunks = onDisk;
                copyOf = onDisk.copyOf();
            } else {
                List<IndexFiles.StoredChunk> stored = IndexFiles.readChunks(gen);
                if (stored.size() != manifest.chunks()) {
                    throw new IOException("chunks.jsonl holds " + stored.size() + " chunks, manifest says " + manifest.chunks());
                }
                chunks = new ArrayList<>(stored.size());
                copyOf = new int[stored.size()];
                for (int i = 0; i < copyOf.length; i++) {
                    chunks.add(stored.get(i).chunk());
                    copyOf[i] = stored.get(i).copyOf();
                }
            }
            VectorStore vectors = manifest.dimensions() > 0
                    ? VectorStore.read(gen.resolve(IndexFiles.VECTORS), chunks.size(), manifest.dimensions())
                    : null;
            luceneDir = FSDirectory.open(gen.resolve(IndexFiles.LUCENE));
            reader = DirectoryReader.open(luceneDir);
            boolean later = bytes(gen) >= verification.backgroundFromBytes();
            if (!later) {
                Checksums.verify(gen, manifest, reader);
            }
            LuceneSearch search = new LuceneSearch(manifest, chunks.size(), vectors, luceneDir, reader);
            Opened o = new Opened(gen.getFileName().toString(), fallback, manifest, chunks, new CopyTable(copyOf), search, search);
            o.checkPending = later;
            return o;
        } catch (IOException | RuntimeException e) {
            closeQuietly(reader, luceneDir, onDisk);
            throw e;
        }
    }

    /** The bytes of a generation's files: what checking it reads. */
    private static long bytes(Path gen) throws IOException {
        try (java.util.stream.Stream<Path> files = Files.walk(gen)) {
            long sum = 0;
            for (Path f : (Iterable<Path>) files::iterator) {
                if (Files.isRegularFile(f)) {
                    sum += Files.size(f);
                }
            }
            return sum;
        }
    }

    /**
     * The error for a file of the index this process may not read (the index built by another user than the server
     * runs as), when that is what {@code e} comes from; empty for any other failure.
     */
    static Optional<IndexException> unreadable(Path dir, Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.nio.file.AccessDeniedException denied) {
                return Optional.of(new IndexException("cannot read the index in " + dir + ": permission denied on "
                        + denied.getFile() + " (docask runs as " + System.getProperty("user.name")
                        + "; give it read access to the folder, or build the index as that user)", "dir", denied));
            }
        }
        return Optional.empty();
    }

    private static IndexException damaged(Path dir, Exception e) {
        return new IndexException("the index in " + dir + " is damaged (" + why(e)
                + "); rebuild it with 'docask index'", e);
    }

    private static String why(Exception e) {
        return switch (e) {
            case IndexNotFoundException x -> "its Lucene files are missing";
            case java.nio.file.NoSuchFileException x -> "a file is missing: " + x.getFile();
            // Lucene's own messages name its directory classes and lock factories: not for users
            case org.apache.lucene.index.CorruptIndexException x -> "its Lucene files are damaged"
                    + Checksums.namedFile(x).map(f -> ": " + f).orElse("");
            case java.io.EOFException x -> "its Lucene files are cut short";
            case java.nio.charset.CharacterCodingException x -> "a file holds bytes that are not UTF-8 text";
            default -> String.valueOf(e.getMessage());
        };
    }

    /** Whether {@code dir} holds an index (it may still be damaged). */
    public static boolean exists(Path dir) {
        Objects.requireNonNull(dir, "dir");
        return Files.isRegularFile(dir.resolve(IndexFiles.CURRENT));
    }

    /**
     * The manifest of the index in {@code dir} without opening the index (no checksums are checked):
     * what a rebuild keeps when it is not told otherwise. Empty when there is no readable index.
     *
     * <pre>{@code
     * DocIndex.findManifest(Path.of("docs-index")).flatMap(Manifest::baseUrl);  // Optional[https://vitest.dev]
     * }</pre>
     */
    public static Optional<Manifest> findManifest(Path dir) {
        Objects.requireNonNull(dir, "dir");
        try {
            Optional<Path> gen = IndexFiles.reusableGeneration(dir);
            return gen.isEmpty() ? Optional.empty() : Optional.of(IndexFiles.readManifest(gen.get()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The live generation's folder name; changes whenever a build publishes a new index. */
    public static Optional<String> generation(Path dir) {
        Objects.requireNonNull(dir, "dir");
        try {
            return IndexFiles.currentGeneration(dir).map(p -> p.getFileName().toString());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    public Path directory() {
        return dir;
    }

    /** The generation folder this index was opened from (e.g. {@code gen-000004}). */
    public String openedGeneration() {
        return opened.generation;
    }

    /**
     * Why an older generation was opened instead of the damaged one CURRENT names, to show the user;
     * empty when CURRENT's generation was opened.
     */
    public Optional<String> fallback() {
        return opened.fallback;
    }

    public Manifest manifest() {
        return opened.manifest;
    }

    /** Number of chunks, copies included. */
    public int size() {
        return opened.chunks.size();
    }

    public Chunk chunk(int id) {
        return live().chunks.get(id);
    }

    /** Whether the index has vectors (false for a keyword-only index). */
    public boolean hasVectors() {
        return opened.manifest.dimensions() > 0;
    }

    /** The canonical copy of chunk {@code id} (itself when it has no copies or is canonical). */
    public int canonicalOf(int id) {
        return opened.copies.canonicalOf(id);
    }

    /** URLs of the chunks that are copies of canonical chunk {@code id}. */
    public List<String> copyUrls(int id) {
        Opened o = opened;
        int[] group = o.copies.group(id);
        List<String> urls = new ArrayList<>(group.length);
        for (int c : group) {
            if (c != id) {
                urls.add(o.chunks.get(c).url());
            }
        }
        return urls;
    }

    /** A fresh set of the canonical chunks (one per group of copies). */
    BitSet canonicalChunks() {
        if (!(opened.copies instanceof CopyTable local)) {
            throw new IllegalStateException("a search service collapses copies itself (Allowed.filter)");
        }
        return local.canonical();
    }

    /**
     * The distinct search terms of {@code text}, analysed as a question is: identifiers whole and
     * split, lower case, stop words (question words too) removed, plain words stemmed. For anything
     * that compares words with a question the way retrieval does.
     *
     * <pre>{@code
     * IndexEngine.terms("What is createAskHandler?");  // [createaskhandler, creat, ask, handler]
     * }</pre>
     */
    static List<String> terms(String text) {
        return QUESTION_ANALYZER.distinctTerms(text);
    }

    /**
     * The question's distinct analysed terms ({@link #terms}), their IDF in this index and how often
     * the question repeats each: a long question that says "internationalization" twice is about it.
     * With {@code closeWords}, a word of the question that is on no page is replaced by the site's
     * closest word ({@link SiteWords}), weighted by how close it is.
     */
    QueryTerms queryTerms(String question, boolean closeWords) {
        Map<String, Integer> repeats = new LinkedHashMap<>();
        for (String t : QUESTION_ANALYZER.allTerms(question)) {
            repeats.merge(t, 1, Integer::sum);
        }
        List<String> asked = List.copyOf(repeats.keySet());
        if (asked.size() > MAX_QUERY_TERMS) {
            asked = asked.subList(0, MAX_QUERY_TERMS);
        }
        {
            Opened o = live();
            int[] askedDf = o.backend.docFreqs(asked);
            Map<String, Replacement> replaced = closeWords ? closeWords(question, asked, askedDf) : Map.of();
            Map<String, Replacement> flags = flags(asked, askedDf);
            versions(question, asked, askedDf).forEach(flags::putIfAbsent);
            List<String> terms = new ArrayList<>(asked.size());
            List<String> askedKept = new ArrayList<>(asked.size());
            List<Float> weights = new ArrayList<>(asked.size());
            List<Integer> dfs = new ArrayList<>(asked.size());
            List<Integer> counts = new ArrayList<>(asked.size());
            for (int i = 0; i < asked.size(); i++) {
                String a = asked.get(i);
                int said = repeats.getOrDefault(a, 1);
                Replacement r = flags.containsKey(a) ? flags.get(a) : replaced.get(a);
                String term = r == null ? a : r.term();
                if (term.equals(DROPPED)) {
                    continue;
                }
                int seen = terms.indexOf(term);
                if (seen >= 0) { // the close word is in the question too: it counts once more there
                    counts.set(seen, counts.get(seen) + said);
                    continue;
                }
                terms.add(term);
                askedKept.add(a);
                weights.add(r == null ? 1f : r.weight());
                dfs.add(r == null ? askedDf[i] : r.docFreq());
                counts.add(said);
            }
            long n = Math.max(1, o.chunks.size());
            float[] idf = new float[terms.size()];
            float[] w = new float[terms.size()];
            for (int i = 0; i < idf.length; i++) {
                idf[i] = (float) QueryTerms.idf(dfs.get(i), n);
                w[i] = weights.get(i);
            }
            Map<String, String> respelt = new LinkedHashMap<>();
            replaced.values().stream().filter(r -> !r.term().equals(DROPPED) && !r.typed().equals(r.word())).forEach(r -> respelt.put(r.typed(), r.word()));
            float[] coverage = w.clone();
            for (String stemOnly : stemOnly(question, terms, replaced.keySet())) {
                coverage[terms.indexOf(stemOnly)] *= STEM_ONLY_COVERAGE;
            }
            return new QueryTerms(terms, idf, counts.stream().mapToInt(Integer::intValue).toArray(), w, askedKept, respelt,
                    coverage);
        }
    }

    /**
     * How much a term counts for keyword coverage when the site has its stem but not the question's word
     * in any inflected form: half. A stemmer joins words that mean different things ("capital" and
     * "capitalized" share "capit"), and a question whose rare word reaches the site only that way is
     * not covered by it (docs/retrieval.md §4). Half, not nothing: "localize" asked where the site
     * writes "localization" is still about the same thing more often than not.
     */
    static final float STEM_ONLY_COVERAGE = 0.5f;

    /**
     * The terms of {@code terms} that the question reaches only through their stem: each plain word of
     * the question that analyses to one of them is written nowhere on the site, in none of its
     * inflected forms ({@link Inflections}). Words already respelt ({@code respelt}) are left alone.
     */
    private List<String> stemOnly(String question, List<String> terms, java.util.Set<String> respelt) {
        Map<String, Boolean> written = new LinkedHashMap<>(); // term -> some word of the question reaching it is on the site
        SiteWords words = null;
        for (String word : WRITTEN_WORD.split(question.toLowerCase(java.util.Locale.ROOT))) {
            if (word.length() < SiteWords.MIN_LENGTH) {
                continue;
            }
            List<String> own = QUESTION_ANALYZER.distinctTerms(word);
            if (own.size() != 1 || !terms.contains(own.get(0)) || respelt.contains(own.get(0))
                    || Boolean.TRUE.equals(written.get(own.get(0)))) {
                continue;
            }
            if (words == null) {
                words = siteWords();
            }
            boolean onSite = false;
            try {
                for (String form : Inflections.of(word)) {
                    if (words.has(form)) {
                        onSite = true;
                        break;
                    }
                }
            } catch (IOException e) {
                throw new IndexException("could not read the site's words: " + e.getMessage(), e);
            }
            written.put(own.get(0), onSite);
        }
        List<String> out = new ArrayList<>();
        written.forEach((term, onSite) -> {
            if (!onSite) {
                out.add(term);
            }
        });
        return out;
    }

    /** The same with close-word matching on, as retrieval uses it by default. */
    QueryTerms queryTerms(String question) {
        return queryTerms(question, true);
    }

    /**
     * For each joined word of the question that is on no page but is a flag there ({@code yarv-snib-tolk}
     * asked, {@code --yarv-snib-tolk} written), the flag, at full weight: people name a flag without
     * its dashes, and the analyser keeps a flag's dashes in its whole term, so the question would miss
     * the one term that names it. The reverse too ({@code --name} asked, only {@code name} written).
     */
    private Map<String, Replacement> flags(List<String> asked, int[] askedDf) {
        Map<String, Replacement> out = new LinkedHashMap<>();
        for (int i = 0; i < asked.size(); i++) {
            String a = asked.get(i);
            if (askedDf[i] > 0 || a.length() < 2) {
                continue;
            }
            List<String> forms = a.startsWith("-") ? List.of(a.replaceFirst("^-+", "")) : List.of("--" + a, "-" + a);
            for (String form : forms) {
                int df = form.isEmpty() ? 0 : live().backend.docFreqs(List.of(form))[0];
                if (df > 0) {
                    out.put(a, new Replacement(form, 1f, df, a, a));
                    break;
                }
            }
        }
        return out;
    }

    /**
     * For each version the question names that no page writes ("3.1.0", "v2.4"), the site's term for its major ("v3",
     * else "3.x"), at full weight; left out where the question asks that term too ("v2.4" is analysed as "v2.4" and
     * "v2"). Sites write "Docusaurus v3" and "upgrading to v3", rarely each release, and a version on no page would
     * weigh as the rarest word there is and sink coverage (docs/retrieval.md, "Versions").
     */
    private Map<String, Replacement> versions(String question, List<String> asked, int[] askedDf) {
        Map<String, Replacement> out = new LinkedHashMap<>();
        for (NamedVersion v : NamedVersion.in(question)) {
            List<String> own = QUESTION_ANALYZER.distinctTerms(v.text());
            int at = own.isEmpty() ? -1 : asked.indexOf(own.get(0));
            if (at < 0 || askedDf[at] > 0) {
                continue;
            }
            String whole = own.get(0);
            for (String form : List.of("v" + v.major(), v.major() + ".x")) {
                if (asked.contains(form)) {
                    out.put(whole, new Replacement(DROPPED, 0f, 0, whole, ""));
                    break;
                }
                int df = live().backend.docFreqs(List.of(form))[0];
                if (df > 0) {
                    out.put(whole, new Replacement(form, 1f, df, whole, whole));
                    break;
                }
            }
        }
        return out;
    }

    /** An analysed term of the site standing in for one of the question's that is on no page. */
    private record Replacement(String term, float weight, int docFreq, String typed, String word) {
    }

    /**
     * For each written word of the question whose term is on no page, the term of the site's
     * closest written word, when there is one (docs/retrieval.md, "Typos"). A respelt identifier's
     * parts ({@code docsrUl}: "docsr", "ul") are pieces of the typo, not what was meant (one on no page
     * would take the highest IDF and sink coverage, one on some page, "ul", searches for something
     * else): each stands for the meant identifier's part as the site writes it ({@code docsUrl}: "doc",
     * "url"), or is left out ({@link #DROPPED}), unless another word of the question gives it too.
     */
    private Map<String, Replacement> closeWords(String question, List<String> asked, int[] askedDf) {
        Map<String, Replacement> out = new LinkedHashMap<>();
        boolean anyUnknown = false;
        for (int df : askedDf) {
            anyUnknown |= df == 0;
        }
        if (!anyUnknown) {
            return out;
        }
        SiteWords words = siteWords();
        for (String asWritten : WRITTEN_WORD.split(question)) {
            String written = asWritten.toLowerCase(java.util.Locale.ROOT);
            if (!SiteWords.isCorrectable(written)) {
                continue;
            }
            List<String> own = QUESTION_ANALYZER.distinctTerms(asWritten); // an identifier: its whole, then its parts
            int at = own.isEmpty() ? -1 : asked.indexOf(own.get(0));
            if (at < 0 || askedDf[at] > 0 || out.containsKey(own.get(0))) {
                continue;
            }
            Optional<SiteWords.Close> close;
            try {
                close = words.closest(written);
            } catch (IOException e) {
                throw new IndexException("could not read the site's words: " + e.getMessage(), e);
            }
            Optional<Map.Entry<String, Integer>> term = close.flatMap(c -> siteTerm(c.word()));
            if (term.isEmpty()) {
                continue;
            }
            float weight = close.get().weight(written);
            out.put(own.get(0), new Replacement(term.get().getKey(), weight, term.get().getValue(), written, close.get().word()));
            if (own.size() > 1) {
                List<String> meant = partsAsTheSiteWrites(term.get().getKey());
                List<String> elsewhere = QUESTION_ANALYZER.distinctTerms(question.replace(asWritten, " "));
                for (int i = 1; i < own.size(); i++) {
                    String part = own.get(i);
                    if (!asked.contains(part) || elsewhere.contains(part) || out.containsKey(part)) {
                        continue;
                    }
                    // the typed identifier's i-th part stands for the meant identifier's, when it has as many
                    String stand = meant.size() == own.size() - 1 ? meant.get(i - 1) : DROPPED;
                    int df = stand.equals(DROPPED) ? 0 : live().backend.docFreqs(List.of(stand))[0];
                    out.put(part, df > 0 ? new Replacement(stand, weight, df, part, part) : new Replacement(DROPPED, 0f, 0, part, ""));
                }
            }
        }
        return out;
    }

    /**
     * The parts of the identifier the site indexes as {@code whole} (lower case), as the analyser splits
     * the site's own spelling of it ({@code docsurl} written {@code docsUrl}: "doc", "url"), read from the
     * first chunk that has it; empty when no chunk writes it with parts.
     */
    private List<String> partsAsTheSiteWrites(String whole) {
        QueryTerms one = new QueryTerms(List.of(whole), new float[] {1f}, new int[] {1}, new float[] {1f}, List.of(whole), Map.of());
        List<Scored> found = live().backend.bm25(one, 1, null);
        if (found.isEmpty()) {
            return List.of();
        }
        Chunk c = chunk(found.get(0).chunkId());
        java.util.regex.Matcher m = IDENTIFIER.matcher(c.searchText());
        while (m.find()) {
            List<String> terms = QUESTION_ANALYZER.distinctTerms(m.group());
            if (terms.size() > 1 && terms.get(0).equals(whole)) {
                return terms.subList(1, terms.size());
            }
        }
        return List.of();
    }

    private static final java.util.regex.Pattern IDENTIFIER = java.util.regex.Pattern.compile("[\\p{L}\\p{N}_$-]+");

    /** The term a respelt identifier's parts stand for when the site's spelling gives none: none, they are left out. */
    private static final String DROPPED = "";

    /**
     * The search field's term for a written word of the site, with its document frequency: the word as
     * the analyser reads prose (stemmed), or else the word whole, as an identifier's whole is indexed
     * ({@code frontMatter} is written, so "frontmatter" is a term, while its stem "frontmatt" is on no
     * page). Empty for a stop word, or a word the analyser splits.
     */
    private Optional<Map.Entry<String, Integer>> siteTerm(String word) {
        List<String> found = QUESTION_ANALYZER.distinctTerms(word);
        if (found.size() != 1) {
            return Optional.empty();
        }
        List<String> forms = found.get(0).equals(word) ? found : List.of(found.get(0), word);
        int[] df = live().backend.docFreqs(forms);
        for (int i = 0; i < forms.size(); i++) {
            if (df[i] > 0) {
                return Optional.of(Map.entry(forms.get(i), df[i]));
            }
        }
        return Optional.empty();
    }

    private static final java.util.regex.Pattern WRITTEN_WORD = java.util.regex.Pattern.compile("[^\\p{L}]+");

    /** The site's written words, gathered the first time a question needs them. */
    private SiteWords siteWords() {
        Opened o = live();
        SiteWords w = o.siteWords;
        if (w == null) {
            synchronized (o) {
                w = o.siteWords;
                if (w == null) {
                    try {
                        w = o.local != null ? SiteWords.of(o.local.reader(), o.chunks)
                                : o.backend.writtenWords().map(SiteWords::of).orElseGet(() -> SiteWords.gather(o.chunks));
                    } catch (IOException e) {
                        throw new IndexException("could not read the site's words: " + e.getMessage(), e);
                    }
                    o.siteWords = w;
                }
            }
        }
        return w;
    }

    /**
     * The {@code n} best BM25 matches among {@code allowed} chunks (all when null), best first. A term
     * the question repeats counts that many times, as in Lucene's query parser and Anserini. An
     * {@code n} above {@link #size()} means every match.
     *
     * @throws IllegalArgumentException if {@code n < 1}
     */
    List<Scored> bm25(QueryTerms terms, int n, @Nullable Allowed allowed) {
        n = requireCount(n);
        if (terms.isEmpty()) {
            return List.of();
        }
        return live().backend.bm25(terms, n, allowed);
    }

    /**
     * The {@code n} chunks nearest to the normalised {@code query} among {@code allowed}, best first;
     * an {@code n} above {@link #size()} means every chunk.
     *
     * @throws IllegalArgumentException if {@code n < 1}
     */
    List<Scored> nearest(float[] query, int n, @Nullable Allowed allowed) {
        n = requireCount(n);
        requireVectors();
        return live().backend.nearest(query, n, allowed);
    }

    /** {@code n} clamped to the chunks there are, so that no collector sizes a heap for more. */
    private int requireCount(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be at least 1, got " + n);
        }
        return Math.min(n, Math.max(size(), 1));
    }

    /** Cosine similarity between the normalised {@code query} and each chunk. */
    float[] similarities(int[] ids, float[] query) {
        requireVectors();
        Opened o = live();
        if (query.length != o.manifest.dimensions()) {
            throw new IllegalArgumentException("query has " + query.length + " dimensions, index has "
                    + o.manifest.dimensions());
        }
        return o.backend.similarities(ids, query);
    }

    /**
     * Which of the question's terms each chunk contains: {@code result[i][t]} is true when chunk
     * {@code chunkIds[i]} contains term {@code t}.
     */
    boolean[][] termPresence(QueryTerms terms, int[] chunkIds) {
        return live().backend.termPresence(terms, chunkIds);
    }

    private void requireVectors() {
        if (!hasVectors()) {
            throw new IllegalStateException("the index in " + dir + " has no vectors (a keyword-only index, built with the embedder none)");
        }
    }

    /** The generation answers come from; fails when a background check refused it and none older is intact. */
    private Opened live() {
        if (closed) {
            throw new IndexException("the index in " + dir + " is closed"); // not Lucene's AlreadyClosedException
        }
        Optional<String> r = refused;
        if (r.isPresent()) {
            throw new IndexException(r.get());
        }
        return opened;
    }

    @Override
    public void close() {
        List<Opened> all;
        synchronized (this) {
            closed = true;
            all = new ArrayList<>(retired);
            all.add(opened);
        }
        for (Opened o : all) {
            o.backend.close();
            closeQuietly(o.siteWords, o.chunks instanceof AutoCloseable c ? c : null);
        }
    }

    private static void closeQuietly(@Nullable AutoCloseable... cs) {
        for (AutoCloseable c : cs) {
            if (c != null) {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // closing a read-only index cannot lose data
                }
            }
        }
    }

    /*
     * A package a question names is written on the site when a chunk writes it as the question does: the phrase of its
     * parts also matches a path such as "_astro/seo-banner.webp" for "astro-seo" (docs/quality.md, "A package is written
     * as it is named"). The phrase search finds the chunks to read; a name written on a page is on a few of them, so the
     * first 200 in the search's order are read, not every one.
     */
    private static final int WRITTEN_CHUNKS = 200;

    /** Whether {@code text} holds {@code word} in any case, with no letter, digit, '-', '_', '.' or '/' joined to it. */
    static boolean writesLiterally(String text, String word) {
        String t = text.toLowerCase(java.util.Locale.ROOT);
        String w = word.toLowerCase(java.util.Locale.ROOT);
        for (int at = t.indexOf(w); at >= 0; at = t.indexOf(w, at + 1)) {
            int end = at + w.length();
            if ((at == 0 || !joins(t.charAt(at - 1))) && (end == t.length() || !joins(t.charAt(end)) || endsSentence(t, end))) {
                return true;
            }
        }
        return false;
    }

    private static boolean joins(char c) {
        return Character.isLetterOrDigit(c) || c == '-' || c == '_' || c == '.' || c == '/';
    }

    /** A '.' after the word that ends a sentence or the text, not one that joins ("astro-seo.png"). */
    private static boolean endsSentence(String t, int end) {
        return t.charAt(end) == '.' && (end + 1 == t.length() || Character.isWhitespace(t.charAt(end + 1)));
    }

    /** The engine calls of {@link IndexEngine}, on this index. */
    private final class Engine implements IndexEngine {
        @Override
        public Optional<Boolean> writesAsWritten(String word) {
            Opened o = live();
            return o.backend.chunksInOrder(IndexAccess.wordParts(word), WRITTEN_CHUNKS).map(ids -> {
                for (int id : ids) {
                    if (writesLiterally(o.chunks.get(id).searchText(), word)) {
                        return true;
                    }
                }
                return false;
            });
        }

        @Override
        public boolean writes(String word) {
            try {
                return siteWords().has(word);
            } catch (IOException e) {
                throw new IndexException("could not read the site's words: " + e.getMessage(), e);
            }
        }

        @Override
        public QueryTerms queryTerms(String question, boolean closeWords) {
            return DocIndex.this.queryTerms(question, closeWords);
        }

        @Override
        public List<Scored> bm25(QueryTerms terms, int n, @Nullable Allowed allowed) {
            return DocIndex.this.bm25(terms, n, allowed);
        }

        @Override
        public List<Scored> nearest(float[] query, int n, @Nullable Allowed allowed) {
            return DocIndex.this.nearest(query, n, allowed);
        }

        @Override
        public boolean filtersItself() {
            return live().backend.filtersItself();
        }

        @Override
        public boolean matchesNone(Allowed allowed) {
            return live().backend.matchesNone(allowed);
        }

        @Override
        public Optional<SiteValues> siteValues() {
            return live().backend.siteValues();
        }

        @Override
        public float similarity(int id, float[] query) {
            return DocIndex.this.similarities(new int[] {id}, query)[0];
        }

        @Override
        public float[] similarities(int[] ids, float[] query) {
            return DocIndex.this.similarities(ids, query);
        }

        @Override
        public boolean[][] termPresence(QueryTerms terms, int[] chunkIds) {
            return DocIndex.this.termPresence(terms, chunkIds);
        }

        @Override
        public Optional<Boolean> writesTogether(List<List<String>> pairs, int[] chunkIds) {
            return live().backend.writesTogether(pairs, chunkIds);
        }

        @Override
        public BitSet canonicalChunks() {
            return DocIndex.this.canonicalChunks();
        }

        @Override
        public IndexException damagedWhileRead(InternalError fault) {
            IndexException e = new IndexException("the index in " + dir + " is damaged (a file was cut or rewritten "
                    + "while docask read it: " + fault.getMessage() + "); rebuild it with 'docask index'", fault);
            synchronized (DocIndex.this) {
                if (refused.isEmpty()) {
                    refused = Optional.of(String.valueOf(e.getMessage()));
                    LOG.error("{}", refused.get());
                }
            }
            return e;
        }

        @Override
        public boolean closed() {
            return closed;
        }

        @Override
        public boolean ready() {
            // a generation refused after its background check cannot answer: not ready
            return refused.isEmpty() && opened.backend.ready();
        }

        @Override
        public Optional<String> publishedGeneration() {
            return opened.backend.publishedGeneration();
        }

        @Override
        public int[] copyGroup(int id) {
            return opened.copies.group(id);
        }
    }

    /** The hooks of {@link IndexAccess}, for docask's own modules. */
    private static final class Access implements IndexAccess.Hooks {
        @Override
        public List<String> terms(String text) {
            return DocIndex.terms(text);
        }

        @Override
        public List<PageToken> pageTokens(String text) {
            return PAGE_ANALYZER.tokens(text);
        }

        @Override
        public IndexEngine engine(DocIndex index) {
            return index.engine;
        }

        @Override
        public DocIndex open(IndexAccess.Remote remote) {
            DocIndex index = new DocIndex(Path.of(remote.name()), new Opened(remote.name(), Optional.empty(),
                    remote.manifest(), remote.chunks(), remote.copies(), remote.backend(), null));
            index.verified.complete(true);
            return index;
        }

        @Override
        public Optional<QuantizedVector> vector(DocIndex index, int id) {
            LuceneSearch local = index.opened.local;
            VectorStore v = local == null ? null : local.vectors();
            return v == null ? Optional.empty() : Optional.of(new QuantizedVector(v.vector(id), v.scale(id)));
        }

        @Override
        public String manifestJson(Manifest manifest) {
            try {
                return IndexFiles.JSON.writeValueAsString(manifest.stored());
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public Manifest manifest(String json) {
            try {
                return new Manifest(IndexFiles.JSON.readValue(json, StoredManifest.class));
            } catch (com.fasterxml.jackson.core.JsonProcessingException | RuntimeException e) {
                throw new IndexException("the stored manifest is damaged: " + e.getMessage(), e);
            }
        }
    }
}
