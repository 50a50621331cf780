package dev.docask.answer.internal;

import dev.docask.index.DocIndex;
import dev.docask.index.IndexException;
import dev.docask.index.internal.IndexEngine;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/*
 * The index the server answers from, swapped atomically when `docask index` publishes a new
 * generation into the same folder. The folder's CURRENT file is polled (cheap: one small read)
 * rather than watched, because file-system events are unreliable on network and container
 * mounts. A new generation that fails to load is logged and skipped; the old one keeps serving,
 * and the broken one is not retried until CURRENT names yet another generation. docask serve and the
 * Spring Boot starter both serve through this class.
 */
public final class LiveIndex implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LiveIndex.class);

    private final Path dir;
    private final BiFunction<String, DocIndex, Generation> loader;
    private final AtomicReference<@Nullable Generation> current = new AtomicReference<>();
    private final @Nullable ScheduledExecutorService poller; // null when serving one index that has no folder
    private final @Nullable Supplier<DocIndex> reopen; // a site on a search service: how to open what it holds now
    private volatile String lastSeen;

    /** Loads the index now (failing loudly) and checks for new generations every {@code interval}. */
    public LiveIndex(Path dir, BiFunction<String, DocIndex, Generation> loader, Duration interval) {
        this.dir = dir;
        this.loader = loader;
        String name = DocIndex.generation(dir).orElse("");
        current.set(serve(DocIndex.open(dir)));
        lastSeen = name;
        reopen = null;
        poller = poll(interval);
    }

    /*
     * One index that is not a folder of generations (a site on a search service, docs/solr.md). When
     * the service says which generation it holds, that is polled like CURRENT, and a new one is opened
     * with `reopen` and swapped in: a publish from another process reaches a running server.
     */
    private LiveIndex(Supplier<DocIndex> reopen, BiFunction<String, DocIndex, Generation> loader, @Nullable Duration interval) {
        DocIndex index = reopen.get();
        this.dir = index.directory();
        this.loader = loader;
        current.set(serve(index));
        lastSeen = index.openedGeneration();
        // no request here: an index whose backend names no published generation is simply never reloaded
        this.reopen = interval == null ? null : reopen;
        poller = interval == null ? null : poll(interval);
    }

    private ScheduledExecutorService poll(Duration interval) {
        ScheduledExecutorService p = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon()
                .name("docask-index-reload").unstarted(r));
        long ms = Math.max(10, interval.toMillis());
        p.scheduleWithFixedDelay(this::reloadIfChanged, ms, ms, TimeUnit.MILLISECONDS);
        return p;
    }

    /** Serves {@code index} alone: nothing to reload; closing this closes it. */
    public static LiveIndex of(DocIndex index, BiFunction<String, DocIndex, Generation> loader) {
        return new LiveIndex(() -> index, loader, null);
    }

    /**
     * Serves the index {@code open} opens and checks every {@code interval} whether its search service
     * holds a newer generation (a site on Solr: docs/solr.md), opening it with {@code open} again; an
     * index whose backend names none (a local folder) is never reloaded this way.
     */
    public static LiveIndex of(Supplier<DocIndex> open, BiFunction<String, DocIndex, Generation> loader, Duration interval) {
        return new LiveIndex(open, loader, interval);
    }

    /** Whether the index being served answers now (a search service may be down); false once closed. */
    public boolean ready() {
        Generation g = current.get();
        if (g == null || !g.retain()) {
            return false;
        }
        try {
            return dev.docask.index.internal.IndexEngine.of(g.index()).ready();
        } finally {
            g.release();
        }
    }

    /** A lease on the current generation; release it when the request is done. */
    public Lease lease() {
        while (true) {
            Generation g = current.get();
            if (g == null) {
                throw new ApiException.Unavailable("The server is shutting down.");
            }
            if (g.retain()) {
                return new Lease(g);
            }
        }
    }

    /** The generation new requests are served from. */
    public String generation() {
        Generation g = current.get();
        return g == null ? "" : g.name();
    }

    /** Checks CURRENT and swaps to a new generation if there is one; true when it swapped. */
    private static final String DAMAGED = "<damaged CURRENT>";

    public boolean reloadIfChanged() {
        if (poller == null) {
            return false;
        }
        if (reopen != null) {
            return reloadPublished(reopen);
        }
        Optional<String> seen = DocIndex.generation(dir);
        if (seen.isEmpty() && DocIndex.exists(dir) && !DAMAGED.equals(lastSeen)) {
            lastSeen = DAMAGED; // said once, until CURRENT names a generation again
            LOG.warn("{} no longer names an index generation; still serving {} (re-run 'docask index' into {})",
                    dir.resolve("CURRENT"), generation(), dir);
            return false;
        }
        if (seen.isEmpty() || seen.get().equals(lastSeen)) {
            return false;
        }
        if (seen.get().equals(generation())) { // CURRENT repaired to what is already served
            lastSeen = seen.get();
            return false;
        }
        String name = seen.get();
        lastSeen = name;
        DocIndex opened;
        try {
            opened = DocIndex.open(dir);
        } catch (RuntimeException e) {
            LOG.warn("new index generation {} in {} was rejected; still serving {}: {}", name, dir, generation(),
                    e.getMessage());
            return false;
        }
        if (opened.openedGeneration().equals(generation())) { // CURRENT's is damaged and we already serve the fallback
            LOG.warn("new index generation {} in {} was rejected; still serving {}: {}", name, dir, generation(),
                    opened.fallback().orElse("it is damaged"));
            opened.close();
            return false;
        }
        Generation fresh;
        try {
            fresh = serve(opened);
        } catch (RuntimeException e) {
            LOG.warn("new index generation {} in {} was rejected; still serving {}: {}", name, dir, generation(),
                    e.getMessage());
            return false;
        }
        Generation old = current.getAndSet(fresh);
        if (old != null) {
            old.retire();
        }
        LOG.info("index reloaded: now serving generation {} of {} ({} chunks)", fresh.name(), dir, fresh.index().size());
        return true;
    }

    /** A search service's site: swaps to what the service holds when its generation changed. */
    private boolean reloadPublished(Supplier<DocIndex> reopen) {
        Optional<String> seen;
        Generation g = current.get();
        if (g == null || !g.retain()) {
            return false;
        }
        try {
            seen = IndexEngine.of(g.index()).publishedGeneration();
        } catch (RuntimeException e) { // the service is down: /readyz says so; keep serving what was opened
            return false;
        } finally {
            g.release();
        }
        if (seen.isEmpty() || seen.get().equals(lastSeen)) {
            return false;
        }
        String name = seen.get();
        lastSeen = name;
        Generation fresh;
        try {
            fresh = serve(reopen.get());
        } catch (RuntimeException e) {
            lastSeen = generation(); // try again at the next check
            LOG.warn("the new generation {} could not be opened; still serving {}: {}", name, generation(), e.getMessage());
            return false;
        }
        Generation old = current.getAndSet(fresh);
        if (old != null) {
            old.retire();
        }
        LOG.info("index reloaded: now serving {} ({} chunks)", fresh.name(), fresh.index().size());
        return true;
    }

    /** The generation to serve {@code index} as; closes it when it cannot be served. */
    private Generation serve(DocIndex index) {
        String name = index.openedGeneration();
        try {
            // a damaged recorded gate stops the start or the reload here, not every question later
            var unused = index.manifest().gate();
            return loader.apply(name, index);
        } catch (RuntimeException e) {
            index.close();
            throw e instanceof IndexException || e instanceof IllegalArgumentException ? e : new IndexException("the index in " + dir + " (" + name
                    + ") cannot be served: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        if (poller != null) {
            poller.shutdownNow();
        }
        Generation g = current.getAndSet(null);
        if (g != null) {
            g.retire();
        }
    }

    /** A request's hold on one generation. */
    public static final class Lease implements AutoCloseable {
        private final Generation generation;
        private boolean released;

        private Lease(Generation generation) {
            this.generation = generation;
        }

        public Generation generation() {
            return generation;
        }

        @Override
        public synchronized void close() {
            if (!released) {
                released = true;
                generation.release();
            }
        }
    }
}
