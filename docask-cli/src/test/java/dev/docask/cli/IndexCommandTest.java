package dev.docask.cli;

import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.docask.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/** docask index through the real command line, on small folders in a temp dir (no model). */
class IndexCommandTest {
    @TempDir
    Path tmp;
    Path weird;
    String out;


    @BeforeEach
    void mixedFolder() throws IOException {
        weird = tmp.resolve("weird");
        TestSites.writeMixedFolder(weird);
        out = tmp.resolve("idx").toString();
    }

    /**
     * A real OpenAI-compatible embeddings server on 127.0.0.1 whose quota ends after {@code quota} requests; counts the
     * texts it embedded in {@code texts}.
     */
    private static com.sun.net.httpserver.HttpServer embeddings(int quota, java.util.concurrent.atomic.AtomicInteger requests,
                                                               java.util.concurrent.atomic.AtomicInteger texts) throws IOException {
        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        server.createContext("/v1/embeddings", exchange -> {
            com.fasterxml.jackson.databind.JsonNode input = json.readTree(exchange.getRequestBody()).path("input");
            String body;
            int status = 200;
            if (requests.incrementAndGet() <= quota) {
                com.fasterxml.jackson.databind.node.ArrayNode data = json.createArrayNode();
                for (int i = 0; i < input.size(); i++) {
                    com.fasterxml.jackson.databind.node.ArrayNode v = data.addObject().put("index", i).putArray("embedding");
                    java.util.Random r = new java.util.Random(input.get(i).asText().hashCode());
                    for (int d = 0; d < 1536; d++) { // the model's known size: the build asks once, with no probe first
                        v.add(r.nextGaussian());
                    }
                }
                texts.addAndGet(input.size());
                body = json.createObjectNode().set("data", data).toString();
            } else {
                status = 400;
                body = "{\"error\":{\"message\":\"You exceeded your current quota\"}}";
            }
            byte[] bytes = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        return server;
    }

    /** {@code docask index folder --out out --embedder openai:… -q} in a JVM of its own, against {@code server}. */
    private CliRun indexWithOpenAi(Path folder, com.sun.net.httpserver.HttpServer server) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Xmx256m", "-XX:TieredStopAtLevel=1", Main.class.getName(),
                "index", folder.toString(), "--out", out, "--embedder", "openai:text-embedding-3-small", "-q");
        pb.environment().put("OPENAI_BASE_URL", "http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
        pb.environment().put("OPENAI_API_KEY", "sk-test");
        Process p = pb.start();
        java.util.concurrent.CompletableFuture<byte[]> stderr = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return p.getErrorStream().readAllBytes();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        String stdout = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        return new CliRun(p.exitValue(), stdout, new String(stderr.get(), java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void index_embedderGivesOutWhileTheGateIsMeasured_saysTheIndexIsWrittenAndHowToMeasureIt() throws Exception {
        java.util.concurrent.atomic.AtomicInteger requests = new java.util.concurrent.atomic.AtomicInteger();
        com.sun.net.httpserver.HttpServer server = embeddings(1, requests, new java.util.concurrent.atomic.AtomicInteger());
        try {
            CliRun r = indexWithOpenAi(weird, server);
            assertThat(requests.get()).as("the gate asked the embedder again").isGreaterThan(1);
            assertThat(r.code()).as(r.err()).isEqualTo(1);
            assertThat(r.out()).as(r.err()).startsWith("Indexed 2 pages: ");
            assertThat(r.err()).contains("the index in " + out + " is written, but its gate could not be measured",
                    "exceeded your current quota", "'docask calibrate --auto --index " + out + "'");
            try (dev.docask.index.DocIndex index = dev.docask.index.DocIndex.open(Path.of(out))) {
                assertThat(index.size()).isPositive();
                assertThat(index.manifest().gate()).as("no gate recorded").isEmpty();
            }
        } finally {
            server.stop(0);
        }
    }

    @Test
    void index_embedderGivesOutPartWay_saysWhatIsKept_andTheNextRunEmbedsOnlyTheRest() throws Exception {
        Path many = Files.createDirectories(tmp.resolve("many"));
        for (int i = 0; i < 100; i++) { // 100 chunks: two requests
            Files.writeString(many.resolve("p" + i + ".md"), "# Page " + i + "\n\nPage " + i + " says thing number " + i + ".");
        }
        java.util.concurrent.atomic.AtomicInteger texts = new java.util.concurrent.atomic.AtomicInteger();
        com.sun.net.httpserver.HttpServer first = embeddings(1, new java.util.concurrent.atomic.AtomicInteger(), texts);
        CliRun failed;
        try {
            failed = indexWithOpenAi(many, first);
        } finally {
            first.stop(0);
        }
        assertThat(failed.code()).as(failed.err()).isEqualTo(1);
        int paid = texts.get();
        assertThat(paid).isBetween(1, 99);
        assertThat(failed.err()).contains("exceeded your current quota", "the " + paid + " chunks embedded before it stopped are kept in "
                + out + ", and the next 'docask index' embeds only what is left");

        texts.set(0);
        com.sun.net.httpserver.HttpServer second = embeddings(Integer.MAX_VALUE, new java.util.concurrent.atomic.AtomicInteger(), texts);
        try {
            CliRun r = indexWithOpenAi(many, second);
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.out()).contains(paid + " vectors reused, " + (100 - paid) + " embedded");
        } finally {
            second.stop(0);
        }
    }

    @Test
    void index_rebuildWithoutEmbedder_keepsTheRecordedOne_andSaysSo_andAHostForAFolder_getsAHint() {
        assertThat(run("index", weird.toString(), "--out", out, "--embedder", "mock", "-q").code()).isZero();
        CliRun again = run("index", weird.toString(), "--out", out, "--check");
        assertThat(again.err()).contains("note: keeping the embedder mock recorded in " + out);
        assertThat(again.out()).as(again.err()).startsWith("up to date");

        CliRun host = run("index", "docs.example.com", "--out", out + "-2");
        assertThat(host.code()).isEqualTo(1);
        assertThat(host.err()).contains("not a folder: docs.example.com; to crawl a site, give its URL: https://docs.example.com/");
    }

    @Test
    void index_mixedFolderGuessedMarkdown_saysWhichHtmlFilesWereLeftOutAndHowToReadThem() {
        CliRun r = run("index", weird.toString(), "--out", out, "--embedder", "none", "-q");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("Indexed 2 pages: ");
        assertThat(r.err()).contains("left out 1 HTML file (sub/c.html)", "read as markdown (detected)",
                "--framework html reads the HTML instead");
    }

    @Test
    void index_frameworkHtml_saysWhichMarkdownFilesWereLeftOut() {
        CliRun r = run("index", weird.toString(), "--out", out, "--embedder", "none", "--framework", "html", "-q");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("Indexed 1 page: ");
        assertThat(r.err()).contains("left out 2 Markdown files (a.md, d.mdx)", "read with --framework html",
                "without --framework html (or with --framework markdown) docask reads the Markdown instead");
    }

    @Test
    void index_manyLeftOut_showsCountAndAFewExamples() throws IOException {
        for (int i = 1; i <= 5; i++) {
            Files.writeString(weird.resolve("sub/p" + i + ".html"), "<html><body><p>Page " + i + ".</p></body></html>");
        }
        CliRun r = run("index", weird.toString(), "--out", out, "--embedder", "none", "-q");
        assertThat(r.err()).contains("left out 6 HTML files (sub/c.html, sub/p1.html, sub/p2.html, ...)");
    }

    @Test
    void index_oneKindOfPage_noLeftOutNote() throws IOException {
        Files.delete(weird.resolve("sub/c.html"));
        CliRun r = run("index", weird.toString(), "--out", out, "--embedder", "none", "-q");
        assertThat(r.code()).isZero();
        assertThat(r.err()).doesNotContain("left out");
    }

    @Test
    void index_baseUrlNotAUrl_isAUsageErrorNamingTheOptionAndValue() {
        CliRun r = run("index", weird.toString(), "--out", out, "--embedder", "none", "--base-url", "notaurl");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--base-url 'notaurl' is not an absolute http(s) URL such as https://vitest.dev");
        assertThat(Files.exists(Path.of(out))).isFalse();
    }

    @Test
    void check_onlyOptionsDiffer_namesEachDifferenceAndNotThePages() {
        assertThat(run("index", weird.toString(), "--out", out, "--embedder", "none", "--base-url", "https://x.dev",
                "-q").code()).isZero();
        CliRun r = run("index", weird.toString(), "--out", out, "--embedder", "mock", "--chunk-size", "800",
                "--base-url", "", "--check");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).startsWith("stale: " + out + ": ")
                .contains("built with embedder none, asked for mock", "chunk size 1200, asked for 800",
                        "base URL differs: built with https://x.dev, asked for none")
                .doesNotContain("pages changed", "does not match the folders");
    }

    @Test
    void check_pageEdited_saysPagesChanged() throws IOException {
        assertThat(run("index", weird.toString(), "--out", out, "--embedder", "none", "-q").code()).isZero();
        assertThat(run("index", weird.toString(), "--out", out, "--embedder", "none", "--check").out())
                .startsWith("up to date: ");
        Files.writeString(weird.resolve("a.md"), "# A\n\nAlpha text, edited.");
        CliRun r = run("index", weird.toString(), "--out", out, "--embedder", "none", "--check");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).isEqualTo("stale: " + out + ": pages changed: 1 changed (a.md); run 'docask index' again\n");
    }

    @Test
    void index_backendFailsDuringThePublish_saysNothingChanged_andTheIndexBeforeStaysLive() throws IOException {
        assertThat(run("index", weird.toString(), "--out", out, "--embedder", "none", "-q").code()).isZero();
        String live = dev.docask.index.DocIndex.generation(Path.of(out)).orElseThrow();
        Files.writeString(weird.resolve("a.md"), "# A\n\nAlpha text, edited.");
        int closed;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            closed = s.getLocalPort(); // nothing listens there once closed: Solr "down"
        }
        String solr = "solr://127.0.0.1:" + closed + "/solr/docs";
        CliRun r = run("index", weird.toString(), "--out", out, "--embedder", "none", "--backend", solr, "--site", "a", "-q");
        assertThat(r.code()).isEqualTo(1);
        // the old order made the new build live here first: the edit was indexed although Solr never got it
        assertThat(dev.docask.index.DocIndex.generation(Path.of(out))).contains(live);
        assertThat(r.err().strip().lines().reduce((a, b) -> b).orElseThrow())
                .startsWith("docask index: nothing changed: publishing to Solr site a at " + solr + " failed (Solr at ")
                .contains("did not answer", "the new build was discarded; " + out + " still holds the index it had");
        assertThat(r.err()).doesNotContain("\tat ");
        assertThat(r.out()).doesNotContain("Published");
        assertThat(run("index", weird.toString(), "--out", out, "--embedder", "none", "--check").out())
                .contains("pages changed: 1 changed (a.md)");
    }

    @Test
    void index_nothingChanged_writesNothing_untilAPageChangesOrForce() throws IOException {
        Path llms = tmp.resolve("static");
        assertThat(run("index", weird.toString(), "--out", out, "--embedder", "mock", "-q").code()).isZero();
        String live = dev.docask.index.DocIndex.generation(Path.of(out)).orElseThrow();

        CliRun same = run("index", weird.toString(), "--out", out, "-q", "--llms-txt", llms.toString());

        assertThat(same.code()).as(same.err()).isZero();
        assertThat(same.out()).startsWith("Up to date: " + out + " already holds these 2 pages (")
                .contains("by docask " + dev.docask.index.internal.DocaskVersion.build() + " with these options; nothing written",
                        "('--force' builds again)", "Wrote " + llms.resolve("llms.txt"))
                .doesNotContain("Indexed", "Gate measured");
        assertThat(dev.docask.index.DocIndex.generation(Path.of(out))).contains(live);
        assertThat(llms.resolve("llms.txt")).exists(); // what was asked beside the index is still written

        CliRun forced = run("index", weird.toString(), "--out", out, "-q", "--force");
        assertThat(forced.out()).as(forced.err()).startsWith("Indexed 2 pages: ").contains("vectors reused, 0 embedded", "Gate measured");
        String rebuilt = dev.docask.index.DocIndex.generation(Path.of(out)).orElseThrow();
        assertThat(rebuilt).isNotEqualTo(live);

        Files.writeString(weird.resolve("a.md"), "# A\n\nAlpha text, edited.");
        CliRun edited = run("index", weird.toString(), "--out", out, "-q");
        assertThat(edited.out()).as(edited.err()).startsWith("Indexed 2 pages: ").contains("1 embedded");
        assertThat(dev.docask.index.DocIndex.generation(Path.of(out)).orElseThrow()).isNotEqualTo(rebuilt);
    }

    @Test
    void index_firstBuildWhoseSolrPublishFails_saysTheFolderHoldsNoIndexYet() throws IOException {
        int closed;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        CliRun r = run("index", weird.toString(), "--out", out, "--embedder", "none", "--backend",
                "solr://127.0.0.1:" + closed + "/solr/docs", "--site", "a", "-q");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("the new build was discarded; " + out + " holds no index yet")
                .doesNotContain("still holds the index it had", "\tat ");
        assertThat(dev.docask.index.DocIndex.generation(Path.of(out))).isEmpty();
    }

    @Test
    void index_forceWithCheck_isAUsageError() {
        CliRun r = run("index", weird.toString(), "--out", out, "--check", "--force");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--force builds and --check writes nothing: give one of them");
    }

    @Test
    void index_usageErrorOverARecordedIndex_isSaidFirst_withNoNoteOnWhatTheIndexRecords() {
        assertThat(run("index", weird.toString(), "--out", out, "--embedder", "none", "--base-url", "https://x.dev",
                "-q").code()).isZero();
        CliRun r = run("index", weird.toString(), "--out", out, "--check", "--force");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("docask index: --force builds and --check writes nothing").doesNotContain("note:");
    }

    @Test
    void index_nothingChangedButTheSiteName_builds() {
        assertThat(run("index", weird.toString(), "--out", out, "--embedder", "none", "-q").code()).isZero();

        CliRun named = run("index", weird.toString(), "--out", out, "--site-name", "Weird Docs", "-q");

        assertThat(named.out()).as(named.err()).startsWith("Indexed 2 pages: ");
        assertThat(dev.docask.index.DocIndex.findManifest(Path.of(out)).orElseThrow().siteName()).isEqualTo("Weird Docs");
        assertThat(run("index", weird.toString(), "--out", out, "--site-name", "Weird Docs", "-q").out()).startsWith("Up to date: ");
    }

    @Test
    void index_rebuildWithoutBaseUrl_keepsTheRecordedBaseUrl_andSaysSo() {
        assertThat(run("index", weird.toString(), "--out", out, "--embedder", "none", "--base-url", "https://x.dev",
                "-q").code()).isZero();
        CliRun r = run("index", weird.toString(), "--out", out, "--embedder", "none", "-q");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("note: keeping the base URL https://x.dev recorded in " + out);
        assertThat(dev.docask.index.DocIndex.findManifest(Path.of(out)).orElseThrow().baseUrl()).contains("https://x.dev");
    }

    @Test
    void check_withoutBaseUrl_comparesWithTheRecordedBaseUrl_andIsUpToDate() {
        assertThat(run("index", weird.toString(), "--out", out, "--embedder", "none", "--base-url", "https://x.dev",
                "-q").code()).isZero();
        CliRun r = run("index", weird.toString(), "--out", out, "--embedder", "none", "--check");
        assertThat(r.code()).as(r.out()).isZero();
        assertThat(r.out()).startsWith("up to date: ");
        assertThat(r.err()).contains("keeping the base URL https://x.dev");
    }

    @Test
    void index_emptyBaseUrlGiven_makesUrlsSiteRelative() {
        assertThat(run("index", weird.toString(), "--out", out, "--embedder", "none", "--base-url", "https://x.dev",
                "-q").code()).isZero();
        CliRun r = run("index", weird.toString(), "--out", out, "--embedder", "none", "--base-url", "", "-q");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).doesNotContain("keeping the base URL");
        assertThat(dev.docask.index.DocIndex.findManifest(Path.of(out)).orElseThrow().baseUrl()).isEmpty();
    }

    @Test
    void index_anotherRunHoldsTheFolder_failsAfterLockTimeout_namingTheFolderAndPid() throws Exception {
        java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        Thread holder = Thread.ofPlatform().start(() -> {
            try (var lock = dev.docask.index.IndexBuilder.lock(Path.of(out), java.time.Duration.ZERO)) {
                held.countDown();
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            held.await();
            CliRun r = run("index", weird.toString(), "--out", out, "--embedder", "none", "--lock-timeout", "0", "-q");
            assertThat(r.code()).isEqualTo(1);
            assertThat(r.err()).contains("another docask index is writing " + out + " (pid " + ProcessHandle.current().pid() + ")")
                    .doesNotContain("Exception").doesNotContain("Indexed");
        } finally {
            done.countDown();
            holder.join();
        }
        assertThat(run("index", weird.toString(), "--out", out, "--embedder", "none", "-q").code()).isZero();
    }

    @Test
    void index_negativeLockTimeout_isAUsageError() {
        CliRun r = run("index", weird.toString(), "--out", out, "--embedder", "none", "--lock-timeout", "-1");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--lock-timeout must be 0 or more seconds, got -1");
    }

    @Test
    void index_baseUrlGiven_inspectShowsIt() {
        assertThat(run("index", weird.toString(), "--out", out, "--embedder", "none", "--base-url", "https://x.dev",
                "-q").code()).isZero();
        assertThat(run("inspect", "--index", out).out()).contains("https://x.dev").doesNotContain("no base URL");
    }

    @Test
    void index_projectRootAboveASite_notesWhichFolderToIndex() throws IOException {
        Path site = Files.createDirectories(tmp.resolve("repo/docs"));
        Files.createDirectories(site.resolve(".vitepress"));
        Files.writeString(site.resolve("guide.md"), "# Guide\n\nHow to use it.");
        CliRun r = run("index", tmp.resolve("repo").toString(), "--embedder", "none", "--out", out, "-q");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("note: " + site + " is a VitePress site").contains("docask index " + site);
        CliRun given = run("index", tmp.resolve("repo").toString(), "--framework", "markdown", "--embedder", "none", "--out", out, "-q");
        assertThat(given.err()).as("a framework the user chose is not second-guessed").doesNotContain("note:");
    }

    @Test
    void index_configBasePathAndHostOnlyBaseUrl_urlsGetItAndTheRunSaysSo() throws IOException {
        Path site = Files.createDirectories(tmp.resolve("website"));
        Files.writeString(site.resolve("docusaurus.config.js"), "export default {title: 'Relay', baseUrl: '/relay/'};\n");
        Files.createDirectories(site.resolve("docs"));
        Files.writeString(site.resolve("docs/setup.md"), "# Setup\n\nHow to set up the relay.");
        CliRun r = run("index", site.toString(), "--embedder", "none", "--out", out, "--base-url", "https://u.github.io", "-q");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("note: URLs are under https://u.github.io/relay/: docusaurus.config.js deploys the site there (baseUrl)");
        assertThat(run("inspect", "--index", out).out()).contains("https://u.github.io/relay");
        CliRun search = run("search", "--index", out, "set up the relay");
        assertThat(search.out()).contains("https://u.github.io/relay/docs/setup");

        CliRun again = run("index", site.toString(), "--embedder", "none", "--out", out, "-q");
        assertThat(again.err()).as("the recorded base URL already ends with the base path").doesNotContain("URLs are under");
        assertThat(again.out()).startsWith("Up to date");

        CliRun other = run("index", site.toString(), "--embedder", "none", "--out", tmp.resolve("idx2").toString(),
                "--base-url", "https://u.github.io/mirror", "-q");
        assertThat(other.err()).contains("note: docusaurus.config.js deploys the site under /relay/ (baseUrl), and the base URL"
                + " https://u.github.io/mirror is kept as given");
    }
}
