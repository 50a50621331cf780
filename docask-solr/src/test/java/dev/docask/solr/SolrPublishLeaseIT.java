package dev.docask.solr;

import dev.docask.index.DocIndex;
import dev.docask.index.IndexException;
import dev.docask.ingest.Chunk;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.SiteReader;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import org.apache.solr.client.solrj.request.UpdateRequest;
import org.apache.solr.common.SolrInputDocument;
import org.apache.solr.common.params.ModifiableSolrParams;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * One publish of a site at a time, on the real 2-node SolrCloud the other ITs share (SolrCluster): the site's
 * publish lease (docs/solr.md, "One publish of a site at a time").
 */
class SolrPublishLeaseIT {
    private static SolrCluster cluster;
    private static DocIndex first;
    private static DocIndex added;
    private static DocIndex removed;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void start() {
        cluster = SolrCluster.shared();
        List<Chunk> a = SiteReader.read(TestSites.samples(), IngestOptions.defaults(TestSites.SAMPLES_BASE_URL)).chunks();
        List<String> pages = a.stream().map(Chunk::source).distinct().toList();
        List<Chunk> b = new ArrayList<>(a);
        for (int i = 0; i < 3; i++) {
            b.add(new Chunk(TestSites.SAMPLES_BASE_URL + "/guides/added-" + i + "#top", "Added " + i, "Added " + i,
                    "A page added in build b, number " + i + ", about quokkamatic retries.", "guides/added-" + i + ".md", Map.of()));
        }
        List<Chunk> c = a.stream().filter(x -> !x.source().equals(pages.get(1)) && !x.source().equals(pages.get(2))).toList();
        first = TestIndexes.build(tmp.resolve("a"), "mock", a);
        added = TestIndexes.build(tmp.resolve("b"), "mock", b);
        removed = TestIndexes.build(tmp.resolve("c"), "mock", c);
    }

    @AfterAll
    static void close() {
        for (DocIndex i : new DocIndex[]{first, added, removed}) {
            if (i != null) {
                i.close();
            }
        }
    }

    private static SolrConnection connection() {
        return new SolrConnection(SolrLocation.parse(cluster.uri()), SolrBackend.PUBLISH_TIMEOUT);
    }

    /** The site's lease as Solr holds it now (real-time get), if any. */
    static Optional<SolrLeaseHolder> lease(String uri, String site) {
        try (SolrConnection solr = new SolrConnection(SolrLocation.parse(uri), SolrConnection.DEFAULT_TIMEOUT)) {
            return solr.get("reading the lease", SolrFields.leaseId(site), SolrFields.ID + "," + SolrFields.MANIFEST)
                    .map(d -> SolrLeaseHolder.parse(site, String.valueOf(d.getFieldValue(SolrFields.MANIFEST))));
        }
    }

    /** Writes the site's lease as another publish would hold it (over whatever is there), or deletes it. */
    static void plant(String uri, String site, Optional<SolrLeaseHolder> holder) {
        try (SolrConnection solr = new SolrConnection(SolrLocation.parse(uri), SolrConnection.DEFAULT_TIMEOUT)) {
            UpdateRequest u = new UpdateRequest();
            if (holder.isPresent()) {
                SolrInputDocument d = new SolrInputDocument();
                d.setField(SolrFields.ID, SolrFields.leaseId(site));
                d.setField(SolrFields.KIND, SolrFields.KIND_LEASE);
                d.setField(SolrFields.SITE, site);
                d.setField(SolrFields.MANIFEST, holder.get().json());
                u.add(d);
            } else {
                u.deleteById(SolrFields.leaseId(site));
            }
            solr.update("planting a lease", u);
        }
    }

    static SolrLeaseHolder elsewhere(Instant expires) {
        return new SolrLeaseHolder("elsewhere", 99, "their-token", Instant.now().minusSeconds(30), expires, false);
    }

    private static Set<Chunk> chunks(DocIndex index) {
        Set<Chunk> out = new HashSet<>();
        for (int i = 0; i < index.size(); i++) {
            out.add(index.chunk(i));
        }
        assertThat(out).hasSize(index.size());
        return out;
    }

    private static Set<Chunk> chunks(String site) {
        try (DocIndex index = SolrBackend.open(cluster.uri(), site)) {
            return chunks(index);
        }
    }

    /** Every chunk document of the site, of any generation. */
    private static long documents(String site) {
        try (SolrConnection solr = connection()) {
            ModifiableSolrParams p = SolrSearch.siteOnly(site, java.util.OptionalLong.empty());
            p.set("q", "*:*");
            p.set("rows", 0);
            return solr.query("counting", p).getResults().getNumFound();
        }
    }

    @Test
    void publish_twoOfOneSiteAtOnce_oneWaitsAndPublishesAfter_readersSeeOneWholeBuildAtATime() throws Exception {
        String site = "lease_race";
        SolrBackend.publish(first, cluster.uri(), site);
        Map<String, Set<Chunk>> builds = Map.of("a", chunks(first), "b", chunks(added), "c", chunks(removed));
        Map<String, DocIndex> racing = Map.of("b", added, "c", removed);
        Map<String, AtomicInteger> reads = Map.of("b", new AtomicInteger(), "c", new AtomicInteger());
        AtomicBoolean someoneCommits = new AtomicBoolean();
        List<String> commits = new CopyOnWriteArrayList<>();
        AtomicBoolean done = new AtomicBoolean();
        List<String> seen = new CopyOnWriteArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            Future<?> reader = pool.submit(() -> {
                while (!done.get()) {
                    try (DocIndex index = SolrBackend.open(cluster.uri(), site)) {
                        Set<Chunk> read = chunks(index);
                        seen.add(builds.entrySet().stream().filter(e -> e.getValue().equals(read)).map(Map.Entry::getKey)
                                .findFirst().orElse("a mix of " + read.size() + " chunks"));
                    } catch (IndexException e) {
                        // its generation's retired chunks deleted by the publish after the next (docs/solr.md, "Limits")
                        assertThat(e.getMessage()).contains("open it again");
                    }
                }
                return null;
            });
            List<Future<SolrBackend.Published>> publishes = new ArrayList<>();
            for (String name : List.of("b", "c")) {
                String other = name.equals("b") ? "c" : "b";
                publishes.add(pool.submit(() -> {
                    try (SolrConnection solr = connection()) {
                        solr.beforeSend(what -> {
                            if (what.equals("reading the site's publish lease")) {
                                reads.get(name).incrementAndGet();
                            } else if (what.equals("committing")) {
                                if (someoneCommits.compareAndSet(false, true)) {
                                    // the first to commit holds the lease until the other has found it held and looked again
                                    long until = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                                    while (reads.get(other).get() < 3 && System.nanoTime() < until) {
                                        sleep(50);
                                    }
                                }
                                commits.add(name);
                            }
                        });
                        return SolrPublisher.publish(solr, racing.get(name), site, Duration.ofSeconds(60), SolrLease.PERIOD);
                    }
                }));
            }
            for (Future<SolrBackend.Published> p : publishes) {
                p.get();
            }
            done.set(true);
            reader.get();
        } finally {
            done.set(true);
            pool.shutdownNow();
        }
        assertThat(commits).as("both published, one after the other").hasSize(2);
        String firstCommit = commits.get(0);
        String last = commits.get(1);
        assertThat(reads.get(last).get()).as("the second found the lease held and waited").isGreaterThanOrEqualTo(3);
        System.out.printf("SolrPublishLeaseIT: %s published, then %s after %d looks at the lease; readers saw %s%n", firstCommit, last,
                reads.get(last).get(), new java.util.TreeMap<>(seen.stream().collect(java.util.stream.Collectors.groupingBy(s -> s,
                        java.util.stream.Collectors.counting()))));
        assertThat(seen).isNotEmpty().allSatisfy(s -> assertThat(s).isIn("a", "b", "c"));
        assertThat(chunks(site)).isEqualTo(builds.get(last));
        assertThat(lease(cluster.uri(), site)).as("released").isEmpty();
        // nothing of either publish was taken for a failed one's: the next publish of the same build keeps every chunk,
        // and the one after leaves the live documents alone
        DocIndex lastBuild = racing.get(last);
        assertThat(SolrBackend.publish(lastBuild, cluster.uri(), site)).isEqualTo(new SolrBackend.Published(0, lastBuild.size(), 0));
        SolrBackend.publish(lastBuild, cluster.uri(), site);
        assertThat(documents(site)).isEqualTo(lastBuild.size());
    }

    @Test
    void publish_leaseHeldPastTheWait_failsNamingTheHolder_andAnExpiredLeaseIsTakenOver() {
        String site = "lease_held";
        SolrBackend.publish(first, cluster.uri(), site);
        SolrLeaseHolder held = elsewhere(Instant.now().plusSeconds(120));
        plant(cluster.uri(), site, Optional.of(held));
        try (SolrConnection solr = connection()) { // a searcher that holds the lease document
            UpdateRequest commit = new UpdateRequest();
            commit.setAction(UpdateRequest.ACTION.COMMIT, true, true);
            solr.update("a commit", commit);
            ModifiableSolrParams p = new ModifiableSolrParams();
            p.set("q", "{!term f=" + SolrFields.SITE + "}" + site);
            p.set("rows", 0);
            assertThat(solr.query("counting", p).getResults().getNumFound()).as("chunks, the manifest and the lease")
                    .isEqualTo(first.size() + 2);
        }
        assertThat(chunks(site)).as("no reader sees the lease").isEqualTo(chunks(first));
        assertThat(documents(site)).isEqualTo(first.size());

        long t0 = System.nanoTime();
        assertThatThrownBy(() -> SolrBackend.publish(added, cluster.uri(), site, Duration.ofSeconds(1)))
                .isInstanceOfSatisfying(IndexException.class, e -> assertThat(e.parameter()).contains("wait"))
                .hasMessageStartingWith("site 'lease_held' is being published by host elsewhere (pid 99) since "
                        + SolrLeaseHolder.time(held.since()) + "; its publish lease expires at " + SolrLeaseHolder.time(held.expires()))
                .hasMessageEndingWith("unless that publish renews it; waited 1 s")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isBetween(Duration.ofSeconds(1), Duration.ofSeconds(15));
        assertThat(lease(cluster.uri(), site)).contains(held);
        assertThat(chunks(site)).isEqualTo(chunks(first));

        plant(cluster.uri(), site, Optional.of(elsewhere(Instant.now().minusSeconds(1))));
        assertThat(SolrBackend.publish(first, cluster.uri(), site, Duration.ZERO))
                .as("taken over; the publish's walk saw no lease among the chunks").isEqualTo(new SolrBackend.Published(0, first.size(), 0));
        assertThat(lease(cluster.uri(), site)).isEmpty();
    }

    @Test
    void publish_longerThanTheLeasePeriod_keepsItRenewed_andOneWhoseLeaseWasTakenStopsBeforeItsCommit() {
        String site = "lease_renewed";
        SolrBackend.publish(first, cluster.uri(), site);
        try (SolrConnection solr = connection(); SolrLease lease = SolrLease.take(solr, site, Duration.ZERO, SolrLease.PERIOD)) {
            long before = solr.requests();
            lease.renew();
            lease.renew();
            assertThat(solr.requests() - before).as("a renewal is one request: Solr's answer (versions=true) says the new version")
                    .isEqualTo(2);
            lease.release();
        }
        assertThat(lease(cluster.uri(), site)).isEmpty();
        Duration period = Duration.ofSeconds(2);
        AtomicReference<String> during = new AtomicReference<>("");
        try (SolrConnection solr = connection()) {
            solr.beforeSend(what -> {
                if (what.equals("committing")) {
                    SolrLeaseHolder before = lease(cluster.uri(), site).orElseThrow();
                    sleep(period.toMillis() * 5 / 2);
                    SolrLeaseHolder after = lease(cluster.uri(), site).orElseThrow();
                    during.set(before.token().equals(after.token()) && after.expires().isAfter(before.expires())
                            && !after.expired(Instant.now()) ? "renewed" : before + " then " + after);
                    try {
                        SolrBackend.publish(removed, cluster.uri(), site, Duration.ZERO);
                        during.set("another publish ran");
                    } catch (IndexException e) {
                        assertThat(e.getMessage()).contains("is being published by host");
                    }
                }
            });
            assertThat(SolrPublisher.publish(solr, added, site, Duration.ZERO, period).written()).isEqualTo(3);
        }
        assertThat(during.get()).isEqualTo("renewed");
        assertThat(chunks(site)).isEqualTo(chunks(added));
        assertThat(lease(cluster.uri(), site)).isEmpty();

        SolrLeaseHolder thief = new SolrLeaseHolder("thief", 1, "stolen", Instant.now(), Instant.now().plusSeconds(60), false);
        try (SolrConnection solr = connection()) {
            solr.beforeSend(what -> {
                if (what.equals("retiring removed and replaced chunks")) {
                    plant(cluster.uri(), site, Optional.of(thief));
                }
            });
            assertThatThrownBy(() -> SolrPublisher.publish(solr, first, site, Duration.ZERO, period))
                    .hasMessageContaining("was taken over by host thief (pid 1)").hasMessageContaining("so this publish stopped before its commit");
        }
        assertThat(chunks(site)).as("the site keeps what it served").isEqualTo(chunks(added));
        assertThat(lease(cluster.uri(), site)).as("the thief's, untouched").contains(thief);
        plant(cluster.uri(), site, Optional.empty());
    }

    @Test
    void publish_failedOnARequestItGaveUpOn_keepsTheLeaseOneTimeoutMore_andTheNextWaitsForIt() throws Exception {
        String site = "lease_grace";
        SolrBackend.publish(first, cluster.uri(), site);
        Duration timeout = Duration.ofSeconds(10);
        Instant gaveUp;
        try (SolrConnection solr = new SolrConnection(SolrLocation.parse(cluster.uri()), timeout)) {
            solr.beforeSend(what -> {
                if (what.equals("committing")) {
                    throw new IndexException("injected: Solr did not answer (committing) within 10 s", new TimeoutException());
                }
            });
            assertThatThrownBy(() -> SolrPublisher.publish(solr, added, site, Duration.ZERO, SolrLease.PERIOD))
                    .hasMessageStartingWith("injected").hasMessageContaining("; the site's publish lease stays until ");
            gaveUp = solr.lastGivenUp().orElseThrow();
        }
        SolrLeaseHolder grace = lease(cluster.uri(), site).orElseThrow();
        assertThat(grace.failed()).isTrue();
        assertThat(grace.expires()).isEqualTo(gaveUp.plus(timeout));
        assertThatThrownBy(() -> SolrBackend.publish(added, cluster.uri(), site, Duration.ZERO))
                .hasMessageStartingWith("site 'lease_grace' cannot be published before " + SolrLeaseHolder.time(grace.expires()))
                .hasMessageContaining("failed on a request Solr may still apply");

        long t0 = System.nanoTime();
        SolrBackend.publish(added, cluster.uri(), site, Duration.ofSeconds(60));
        assertThat(Instant.now()).as("published once the grace was over").isAfterOrEqualTo(grace.expires());
        System.out.printf("SolrPublishLeaseIT: the next publish waited %.1f s for the grace%n", (System.nanoTime() - t0) / 1e9);
        assertThat(chunks(site)).isEqualTo(chunks(added));
        assertThat(lease(cluster.uri(), site)).isEmpty();
    }

    @Test
    void publish_interruptedAtItsCommit_keepsTheLease_andSaysUntilWhen() {
        String site = "lease_interrupted";
        SolrBackend.publish(first, cluster.uri(), site);
        List<String> sent = new CopyOnWriteArrayList<>();
        try (SolrConnection solr = connection()) {
            solr.beforeSend(what -> {
                sent.add(what);
                if (what.equals("committing")) {
                    Thread.currentThread().interrupt(); // e.g. a library's publish task cancelled: the commit may be sent
                }
            });
            assertThatThrownBy(() -> SolrPublisher.publish(solr, added, site, Duration.ZERO, SolrLease.PERIOD))
                    .hasMessageContaining("interrupted").hasMessageContaining("; the site's publish lease stays until ");
        } finally {
            Thread.interrupted();
        }
        assertThat(sent).as("no release sent: Solr may still apply the commit it gave up on")
                .doesNotContain("releasing the site's publish lease");
        assertThat(lease(cluster.uri(), site)).hasValueSatisfying(h -> assertThat(h.expired(Instant.now())).isFalse());
        assertThatThrownBy(() -> SolrBackend.publish(first, cluster.uri(), site, Duration.ZERO)).hasMessageContaining("site 'lease_interrupted'");
        plant(cluster.uri(), site, Optional.empty());
    }

    @Test
    void take_aLeaseSolrShowsFreeButRefusesEveryWriteOf_failsAfterTheWait_neverSpins() {
        try (SolrConnection solr = connection()) {
            AtomicInteger writes = new AtomicInteger();
            solr.beforeSend(what -> {
                if (what.startsWith("taking")) { // as a stale read then a 409 each time would
                    writes.incrementAndGet();
                    throw new IndexException("injected: version conflict", new org.apache.solr.common.SolrException(
                            org.apache.solr.common.SolrException.ErrorCode.CONFLICT, "version conflict"));
                }
            });
            org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(Duration.ofSeconds(30), () ->
                    assertThatThrownBy(() -> SolrLease.take(solr, "lease_refused", Duration.ofMillis(300), SolrLease.PERIOD))
                            .isInstanceOf(IndexException.class)
                            .hasMessage(SolrLease.refusedFree("lease_refused", Duration.ofMillis(300))));
            assertThat(writes.get()).isPositive();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
