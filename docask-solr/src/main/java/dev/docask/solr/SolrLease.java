package dev.docask.solr;

import dev.docask.index.IndexException;
import org.apache.solr.client.solrj.request.UpdateRequest;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrInputDocument;
import org.apache.solr.common.util.NamedList;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/*
 * One publish of a site at a time (docs/solr.md, "One publish of a site at a time"). Two publishes at once each
 * took the other's documents for a failed publish's and deleted them, and a request of a failed publish that Solr
 * applied after the publisher gave up on it could land after the next publish had walked the site.
 *
 * The lease is a document of the site's own (id "<site>/lease", kind "lease"), written with Solr's optimistic
 * concurrency: created with _version_ -1 (only where there is none), renewed and deleted with the _version_ last
 * written (the update's versions=true answer says it); Solr checks it on the shard's leader, uncommitted writes
 * included, and real-time get reads it the same way. It names its holder (host, pid, a random token, since when)
 * and an expiry, renewed every third of its period while the publish runs; one that expired (its publisher killed)
 * is taken over with the version read, and a 409 then means another publish took it first. Every chunk request
 * filters kind:chunk and a manifest is read by its id, so no reader or walk sees it; it uses the configset's kind,
 * site and stored manifest text fields and _version_, so a collection of an earlier configset takes it as it is.
 *
 * A publish that gave up on a request (its timeout, or its thread interrupted) keeps the lease one request timeout past
 * that, since Solr may still apply it; one that failed on a refusal or an answer releases it at once. An interrupted
 * thread cannot send the lease's new expiry either, so the lease keeps that of its last renewal, at least a request
 * timeout ahead. The period (3 min) outlasts a
 * request's timeout (2 min) plus a renewal interval, so a publisher killed mid-request holds the site at least that
 * request's timeout past its sending.
 *
 * A process asked to stop (SIGTERM, Ctrl-C: a deploy pipeline cancelling a superseded run) while it holds a lease stops
 * its publish at the next request instead: a shutdown hook says so to check(), and waits up to STOP_GRACE while the
 * requests in flight get their answers and the publish ends as a failed one does, releasing the lease when nothing was
 * given up on. Else the next run of the pipeline would wait out the lease (docs/solr.md, "One publish of a site at a
 * time", a publish asked to stop). A process stopped harder (SIGKILL, or one whose requests outlast the grace) leaves its
 * lease to expire, as before.
 */
final class SolrLease implements AutoCloseable {
    static final Duration PERIOD = Duration.ofMinutes(3);
    /** How long a publish waits for the lease by default ({@code docask index --lock-timeout}'s default too). */
    static final Duration WAIT = Duration.ofSeconds(10);
    private static final Duration POLL = Duration.ofMillis(500);
    /**
     * How long a stopping process waits for its publish to end: inside the time a pipeline gives a cancelled job before
     * it kills it (about 10 s for docker stop and CI runners), long enough for a batch in flight to be answered.
     */
    static final Duration STOP_GRACE = Duration.ofSeconds(5);
    private static final String FIELDS = SolrFields.ID + "," + SolrFields.MANIFEST + "," + SolrFields.VERSION;

    private final SolrConnection solr;
    private final String site;
    private final Duration period;
    private final ScheduledExecutorService renewer;
    private SolrLeaseHolder holder; // guarded by this
    private long version;           // guarded by this
    private volatile @Nullable String lost;
    private volatile @Nullable ScheduledFuture<?> ticks;
    private final StopHook stop;

    private SolrLease(SolrConnection solr, String site, Duration period, SolrLeaseHolder holder, long version, StopHook stop) {
        this.solr = solr;
        this.site = site;
        this.period = period;
        this.holder = holder;
        this.version = version;
        this.stop = stop;
        this.renewer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "docask-solr-lease");
            t.setDaemon(true);
            return t;
        });
    }

    private SolrLease renewing() {
        long every = Math.max(1, period.toMillis() / 3);
        ticks = renewer.scheduleWithFixedDelay(this::renewQuietly, every, every, TimeUnit.MILLISECONDS);
        return this;
    }

    /**
     * The shutdown hook of a publish that is taking or holds a lease. It is registered before the lease is written: a
     * signal that lands between Solr's answer and the lease object would otherwise leave the lease to expire. On a stop
     * it says so to check() (and to take(), which then writes no lease) and gives the publish STOP_GRACE to end.
     */
    private static final class StopHook {
        private final String site;
        private volatile @Nullable String stopping;
        private final CountDownLatch ended = new CountDownLatch(1);
        private final Thread thread = new Thread(this::stopAndWait, "docask-solr-lease-stop");

        StopHook(String site) {
            this.site = site;
            try {
                Runtime.getRuntime().addShutdownHook(thread);
            } catch (IllegalStateException shuttingDown) {
                stop();
            }
        }

        /** The process is stopping: the publish stops at its next request (check() throws from then on). */
        void stop() {
            stopping = "the process was asked to stop (a signal, or the JVM exiting), so the publish of site '" + site
                    + "' stopped before its commit; the site's readers keep the build they had";
        }

        @Nullable String stopping() {
            return stopping;
        }

        private void stopAndWait() {
            stop();
            try {
                ended.await(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /** The publish ended: the hook is no longer needed, and one under way stops waiting. */
        void close() {
            try {
                Runtime.getRuntime().removeShutdownHook(thread);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running, or about to: it waits for what follows
            }
            ended.countDown();
        }
    }

    /**
     * The site's lease, taken now or within {@code wait}: created when there is none, taken over when it expired.
     *
     * @throws IndexException naming the holder and when its lease expires when it is still held after {@code wait}
     */
    static SolrLease take(SolrConnection solr, String site, Duration wait, Duration period) {
        StopHook stop = new StopHook(site);
        try {
            return take(solr, site, wait, period, stop);
        } catch (RuntimeException e) {
            stop.close();
            throw e;
        }
    }

    private static SolrLease take(SolrConnection solr, String site, Duration wait, Duration period, StopHook stop) {
        long start = System.nanoTime();
        String token = SolrLeaseHolder.newToken();
        while (true) {
            String stopped = stop.stopping();
            if (stopped != null) { // asked to stop before a lease was written: nothing to release
                throw new IndexException(stopped);
            }
            // read first: a publish that waits asks Solr nothing it refuses (each refusal is a line in SolrJ's log)
            Optional<SolrDocument> found = solr.get("reading the site's publish lease", SolrFields.leaseId(site), FIELDS);
            Optional<SolrLeaseHolder> held = found.map(d -> holder(site, d));
            Instant now = Instant.now();
            SolrLeaseHolder mine = SolrLeaseHolder.mine(token, now, now.plus(period));
            if (held.isPresent() && held.get().token().equals(token)) { // a retried write of ours had landed
                return new SolrLease(solr, site, period, held.get(), version(found.get()), stop).renewing();
            }
            if (held.isEmpty() || held.get().expired(now)) {
                Optional<Long> taken = held.isEmpty() ? write(solr, site, mine, -1, "taking the site's publish lease")
                        : write(solr, site, mine, version(found.get()), "taking over the site's expired publish lease");
                if (taken.isPresent()) {
                    return new SolrLease(solr, site, period, mine, taken.get(), stop).renewing();
                }
                // another publish took it first: read who, unless Solr keeps refusing a lease it shows as free
                Duration waited = Duration.ofNanos(System.nanoTime() - start);
                if (waited.compareTo(wait) >= 0) {
                    throw new IndexException(refusedFree(site, wait), "wait", null);
                }
                continue;
            }
            Duration waited = Duration.ofNanos(System.nanoTime() - start);
            if (waited.compareTo(wait) >= 0) {
                throw new IndexException(held.get().busy(site, now, wait), "wait", null);
            }
            sleep(min(POLL, wait.minus(waited)));
        }
    }

    /** Why no lease was taken in {@code wait} though every read showed it free or expired: each write was refused. */
    static String refusedFree(String site, Duration wait) {
        return "site '" + site + "' could not take its publish lease in " + SolrLeaseHolder.span(wait) + ": Solr showed it free"
                + " or expired and refused each write of it (another publish taking it at the same moment); publish again";
    }

    /**
     * @throws IndexException when another publish took the lease, it could not be renewed before it expired, or the
     *                        process is stopping
     */
    void check() {
        String why = lost;
        if (why == null) {
            why = stop.stopping();
        }
        if (why != null) {
            throw new IndexException(why);
        }
    }

    /**
     * Extends the lease by its period, with the version last written.
     *
     * @throws IndexException when it is no longer this publish's (said by {@link #check()} from then on) or Solr failed
     */
    synchronized void renew() {
        check();
        try {
            put(holder.until(Instant.now().plus(period), false), "renewing the site's publish lease");
        } catch (IndexException e) {
            if (Instant.now().isBefore(holder.expires())) {
                throw e;
            }
            lost = "the publish lease of site '" + site + "' expired at " + SolrLeaseHolder.time(holder.expires())
                    + " before it could be renewed (" + e.getMessage() + "), so this publish stopped: another may have started";
        }
        check();
    }

    private void renewQuietly() {
        try {
            renew();
        } catch (RuntimeException e) {
            // tried again at the next tick; the publish learns of a lost lease from check()
        }
    }

    /**
     * Ends the lease of a publish that failed with {@code e}, and returns what to throw: when it gave up on a request
     * Solr may still apply, the lease stays one request timeout past then (and the message says until when); else it
     * is released now.
     */
    RuntimeException failed(RuntimeException e) {
        stopRenewing();
        Instant until;
        synchronized (this) {
            if (lost != null) {
                return e;
            }
            // an interrupted publish gave up waiting on what it had sent (its request, or its senders'), as at a timeout
            Optional<Instant> gaveUp = Thread.currentThread().isInterrupted() ? Optional.of(Instant.now()) : solr.lastGivenUp();
            until = gaveUp.filter(t -> !t.isBefore(holder.since())).map(t -> t.plus(solr.timeout())).orElse(Instant.MIN);
            if (!until.isAfter(Instant.now())) {
                release();
                return stop.stopping() != null ? new IndexException(e.getMessage() + "; its publish lease was released", e) : e;
            }
            try {
                put(holder.until(until, true), "keeping the site's publish lease for a request Solr may still apply");
            } catch (RuntimeException unreachable) {
                until = holder.expires(); // it keeps the expiry of its last renewal
            }
            if (lost != null) {
                return e;
            }
        }
        return e instanceof IndexException ? new IndexException(e.getMessage() + "; the site's publish lease stays until "
                + SolrLeaseHolder.time(until) + ", as Solr may still apply a request this publish gave up on: the next publish"
                + " of the site waits until then", e) : e;
    }

    /** Deletes the lease with the version last written; one that cannot be deleted expires on its own. */
    synchronized void release() {
        stopRenewing();
        try {
            for (int attempt = 0; lost == null && attempt < 2; attempt++) {
                try {
                    UpdateRequest u = new UpdateRequest();
                    u.deleteById(SolrFields.leaseId(site), version);
                    solr.update("releasing the site's publish lease", u);
                    lost = "the publish lease of site '" + site + "' was released";
                } catch (IndexException e) {
                    if (!SolrConnection.conflict(e) || !stillMine()) {
                        return;
                    }
                }
            }
        } catch (RuntimeException e) {
            // after a publish that committed, this must not fail it: the lease expires at its time
        }
    }

    /** Writes {@code h} over the version last written, and holds it; when it is no longer this publish's, says so. */
    private void put(SolrLeaseHolder h, String what) {
        for (int attempt = 0; attempt < 2; attempt++) {
            Optional<Long> v = write(solr, site, h, version, what);
            if (v.isPresent()) {
                holder = h;
                version = v.get();
                return;
            }
            if (!stillMine()) {
                return;
            }
        }
    }

    /**
     * Whether the lease document is still this publish's after a write was refused for its version (a retried write
     * of ours had landed: its version is taken); when not, the lease is lost and {@link #check()} says to whom.
     */
    private boolean stillMine() {
        Optional<SolrDocument> found = solr.get("reading the site's publish lease", SolrFields.leaseId(site), FIELDS);
        Optional<SolrLeaseHolder> now = found.map(d -> holder(site, d));
        if (found.isPresent() && now.get().token().equals(holder.token())) {
            version = version(found.get());
            return true;
        }
        lost = SolrLeaseHolder.lost(site, holder, now);
        return false;
    }

    private void stopRenewing() {
        ScheduledFuture<?> t = ticks;
        if (t != null) {
            t.cancel(false);
        }
        renewer.shutdown(); // a renewal under way ends first: release and failed wait for it (synchronized)
    }

    @Override
    public void close() {
        stopRenewing();
        stop.close();
    }

    /**
     * Writes the lease held by {@code h} where Solr holds it at {@code expected} (-1: nowhere) and returns the version
     * Solr gave it, or empty when Solr refused it for its version (409: another publish wrote it first).
     */
    private static Optional<Long> write(SolrConnection solr, String site, SolrLeaseHolder h, long expected, String what) {
        SolrInputDocument d = new SolrInputDocument();
        d.setField(SolrFields.ID, SolrFields.leaseId(site));
        d.setField(SolrFields.KIND, SolrFields.KIND_LEASE);
        d.setField(SolrFields.SITE, site);
        d.setField(SolrFields.MANIFEST, h.json());
        d.setField(SolrFields.VERSION, expected);
        UpdateRequest u = new UpdateRequest();
        u.add(d);
        u.setParam("versions", "true");
        try {
            NamedList<Object> r = solr.update(what, u).getResponse();
            if (r.get("adds") instanceof NamedList<?> adds && adds.get(SolrFields.leaseId(site)) instanceof Number v) {
                return Optional.of(v.longValue());
            }
            // an answer without the version: read it (no one else writes a lease that did not expire)
            return solr.get("reading the site's publish lease", SolrFields.leaseId(site), FIELDS).map(SolrLease::version);
        } catch (IndexException e) {
            if (SolrConnection.conflict(e)) {
                return Optional.empty();
            }
            throw e;
        }
    }

    private static SolrLeaseHolder holder(String site, SolrDocument d) {
        return SolrLeaseHolder.parse(site, String.valueOf(d.getFieldValue(SolrFields.MANIFEST)));
    }

    private static long version(SolrDocument d) {
        if (d.getFieldValue(SolrFields.VERSION) instanceof Number v) {
            return v.longValue();
        }
        throw new IndexException("Solr returned the publish lease " + d.getFieldValue(SolrFields.ID) + " without its "
                + SolrFields.VERSION + "; docask's configset keeps it (docs/solr.md)");
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(Math.max(1, d.toMillis()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IndexException("interrupted while waiting for the site's publish lease", e);
        }
    }
}
