package dev.docask.solr;

import dev.docask.index.DocIndex;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code docask index --backend} as a user runs it (the CLI jar, DocaskCli) against the real 2-node cluster: the Solr
 * site and the local index go live together, and a publish that fails changes neither.
 */
class SolrIndexCommandIT {
    private static final String MOCKING = "# Mocking\n\nvi.mock replaces a module with a mock in every test file.";
    private static SolrCluster cluster;
    private static DocaskCli cli;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void start() throws Exception {
        cluster = SolrCluster.shared();
        cli = DocaskCli.fromBuild(TestSites.root());
    }

    @Test
    void index_solrFailsDuringThePublish_nothingChanges_andTheNextRunPublishesBothAlike() throws Exception {
        Path docs = Files.createDirectories(tmp.resolve("docs"));
        Path out = tmp.resolve("idx");
        String timers = "# Timers\n\nvi.useFakeTimers replaces setTimeout and setInterval.";
        Files.writeString(docs.resolve("mocking.md"), MOCKING);
        Files.writeString(docs.resolve("timers.md"), timers);
        String site = "cli_publish";

        DocaskCli.Result first = cli.run(index(docs, out, cluster.uri(), site));
        assertThat(first.code()).as(first.err()).isZero();
        assertThat(first.out()).contains("Published to " + cluster.uri() + " site " + site + ": 2 chunks written");
        assertThat(check(cli, docs, out, cluster.uri(), site).out()).startsWith("up to date");
        String live = DocIndex.generation(out).orElseThrow();

        Files.writeString(docs.resolve("timers.md"), timers + "\n\nvi.runAllTimers runs every pending timer.");
        String down;
        try (ServerSocket s = new ServerSocket(0)) {
            down = "solr://127.0.0.1:" + s.getLocalPort() + "/solr/docs"; // nothing listens once it is closed
        }
        DocaskCli.Result failed = cli.run(index(docs, out, down, site));
        assertThat(failed.code()).isEqualTo(1);
        assertThat(failed.err()).contains("docask index: nothing changed: publishing to Solr site " + site + " at " + down
                + " failed (", "the new build was discarded");
        // the old order made the edited build live here first, while the site kept the build before
        assertThat(DocIndex.generation(out)).contains(live);
        try (DocIndex local = DocIndex.open(out)) {
            assertThat(SolrBackend.differsFrom(local, cluster.uri(), site)).isEmpty();
        }
        Files.writeString(docs.resolve("timers.md"), timers);
        assertThat(check(cli, docs, out, cluster.uri(), site).out()).as("the build before, here and on Solr").startsWith("up to date");

        Files.writeString(docs.resolve("timers.md"), timers + "\n\nvi.runAllTimers runs every pending timer.");
        DocaskCli.Result again = cli.run(index(docs, out, cluster.uri(), site));
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.out()).contains("Published to " + cluster.uri() + " site " + site + ": 1 chunk written, 1 unchanged, 1 deleted")
                .as("the edited page's vector, embedded by the run whose publish failed, is not made again")
                .contains("2 vectors reused, 0 embedded");
        assertThat(check(cli, docs, out, cluster.uri(), site).out()).startsWith("up to date");
        try (DocIndex local = DocIndex.open(out); DocIndex remote = SolrBackend.open(cluster.uri(), site)) {
            assertThat(remote.manifest()).isEqualTo(local.manifest());
            assertThat(local.manifest().gate()).as("the gate measured on this build, on both").isPresent();
            assertThat(java.util.stream.IntStream.range(0, remote.size()).mapToObj(i -> remote.chunk(i).text()))
                    .anySatisfy(text -> assertThat(text).contains("vi.runAllTimers"));
        }

        String published = DocIndex.generation(out).orElseThrow();
        DocaskCli.Result same = cli.run(index(docs, out, cluster.uri(), site));
        assertThat(same.out()).as(same.err()).startsWith("Up to date: ").doesNotContain("Published");
        assertThat(DocIndex.generation(out)).as("nothing written here, nor to Solr").contains(published);
        try (DocIndex local = DocIndex.open(out)) {
            assertThat(SolrBackend.differsFrom(local, cluster.uri(), site)).isEmpty();
        }
    }

    @Test
    void index_anotherPublishOfTheSiteHoldsItsLease_waitsLockTimeoutThenSaysWhoInOneLine_andRunsOnceItIsGone() throws Exception {
        Path docs = Files.createDirectories(tmp.resolve("leased"));
        Files.writeString(docs.resolve("mocking.md"), MOCKING);
        String site = "cli_lease";
        SolrLeaseHolder held = SolrPublishLeaseIT.elsewhere(java.time.Instant.now().plusSeconds(120));
        SolrPublishLeaseIT.plant(cluster.uri(), site, java.util.Optional.of(held));

        List<String> args = index(docs, tmp.resolve("leased-idx"), cluster.uri(), site);
        args.addAll(List.of("--lock-timeout", "1"));
        DocaskCli.Result busy = cli.run(args);
        assertThat(busy.code()).isEqualTo(1);
        String said = busy.err().lines().filter(l -> !l.startsWith("WARNING: Using incubator modules")).collect(java.util.stream.Collectors.joining("\n"));
        assertThat(said).doesNotContain("\n").doesNotContain("Exception").doesNotContain("\tat ")
                .startsWith("docask index: nothing changed: publishing to Solr site " + site + " at " + cluster.uri()
                        + " failed (site '" + site + "' is being published by host elsewhere (pid 99) since " + SolrLeaseHolder.time(held.since())
                        + "; its publish lease expires at " + SolrLeaseHolder.time(held.expires()))
                .contains("unless that publish renews it; waited 1 s (--lock-timeout)), so the new build was discarded");

        SolrPublishLeaseIT.plant(cluster.uri(), site, java.util.Optional.empty());
        DocaskCli.Result again = cli.run(args);
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.out()).contains("Published to " + cluster.uri() + " site " + site + ": 1 chunk written");
    }

    @Test
    void index_stoppedBySigtermWhilePublishing_stopsBeforeItsCommitAndReleasesTheLease_soTheNextRunPublishesAtOnce()
            throws Exception {
        Path docs = Files.createDirectories(tmp.resolve("stopped"));
        for (int p = 0; p < 300; p++) { // some thousands of chunks: the publish runs for seconds, so the signal lands in it
            StringBuilder page = new StringBuilder("# Page " + p + "\n\n");
            for (int s = 0; s < 10; s++) {
                page.append("## Section ").append(s).append("\n\n")
                        .append(("Page " + p + " section " + s + " says how retries back off. ").repeat(25)).append("\n\n");
            }
            Files.writeString(docs.resolve("page-" + p + ".md"), page);
        }
        String site = "cli_stopped";
        List<String> args = index(docs, tmp.resolve("stopped-idx"), cluster.uri(), site);
        Path err = tmp.resolve("stopped.err");
        Process first = cli.start(args, err);
        try {
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(120);
            while (SolrPublishLeaseIT.lease(cluster.uri(), site).isEmpty()) { // its lease taken: it is publishing
                assertThat(first.isAlive()).as("the run ended before it took the lease: %s", Files.readString(err)).isTrue();
                assertThat(System.nanoTime()).as("no lease in 120 s").isLessThan(deadline);
                Thread.sleep(20);
            }
            first.destroy(); // SIGTERM, as a pipeline cancelling a superseded run
            assertThat(first.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        } finally {
            first.destroyForcibly();
        }

        assertThat(first.exitValue()).isNotZero();
        assertThat(SolrPublishLeaseIT.lease(cluster.uri(), site)).as("released, not left to expire").isEmpty();
        assertThat(Files.readString(err)).doesNotContain("Exception", "\tat ");
        // stopped before its commit: the site, published for the first time, has no build for readers
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SolrBackend.open(cluster.uri(), site).close())
                .isInstanceOf(dev.docask.index.IndexException.class);
        List<String> again = new ArrayList<>(args);
        again.addAll(List.of("--lock-timeout", "0"));
        DocaskCli.Result next = cli.run(again);
        assertThat(next.code()).as(next.err()).isZero();
        assertThat(next.out()).contains("Published to " + cluster.uri() + " site " + site + ": ");
    }

    private static List<String> index(Path docs, Path out, String backend, String site) {
        return new ArrayList<>(List.of("index", docs.toString(), "--base-url", "https://vitest.dev", "--embedder", "mock",
                "--out", out.toString(), "--backend", backend, "--site", site, "-q"));
    }

    private static DocaskCli.Result check(DocaskCli cli, Path docs, Path out, String backend, String site) throws Exception {
        List<String> args = index(docs, out, backend, site);
        args.set(args.size() - 1, "--check");
        DocaskCli.Result r = cli.run(args);
        assertThat(r.code()).as(r.err() + r.out()).isIn(0, 1);
        return r;
    }
}
