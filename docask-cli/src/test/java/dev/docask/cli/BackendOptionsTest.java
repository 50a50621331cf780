package dev.docask.cli;

import org.junit.jupiter.api.Test;

import java.net.ServerSocket;

import static dev.docask.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code --backend} and {@code --site}: usage errors and an unreachable Solr, in one line each (no cluster needed). */
class BackendOptionsTest {
    @Test
    void search_neitherIndexNorBackend_saysWhichToGive() {
        CliRun r = run("search", "retry limit");
        assertThat(r.code()).isNotZero();
        assertThat(r.err()).contains("give --index DIR, or --backend solr://host:port/solr/<collection> with --site NAME");
    }

    @Test
    void ask_backendWithoutSite_asksForTheSite() {
        CliRun r = run("ask", "--backend", "solr://127.0.0.1:8983/solr/docs", "how?");
        assertThat(r.code()).isNotZero();
        assertThat(r.err()).contains("--backend needs --site NAME");
    }

    @Test
    void search_malformedBackend_namesIt() {
        CliRun r = run("search", "--backend", "http://127.0.0.1:8983/solr/docs", "--site", "a", "retry");
        assertThat(r.code()).as("a usage error, as docs/solr.md says").isEqualTo(2);
        assertThat(r.err()).contains("'http://127.0.0.1:8983/solr/docs' is not a Solr address");
    }

    @Test
    void search_solrNotRunning_saysItDidNotAnswer_inOneLine() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        CliRun r = run("search", "--backend", "solr://127.0.0.1:" + port + "/solr/docs", "--site", "a", "retry");
        assertThat(r.code()).isNotZero();
        assertThat(r.err()).contains("did not answer").doesNotContain("\tat ");
        assertThat(r.err().strip().lines().count()).isEqualTo(1);
    }

    @Test
    void serve_solrNotRunning_saysItDidNotAnswer_inOneLine() throws Exception {
        CliRun r = run("serve", "--port", "0", "--backend", "solr://127.0.0.1:" + freePort() + "/solr/docs", "--site", "a");
        assertThat(r.code()).isNotZero();
        assertThat(r.err()).contains("did not answer").doesNotContain("\tat ");
        assertThat(r.err().strip().lines().count()).isEqualTo(1);
    }

    @Test
    void serve_backendWithoutSite_asksForTheSite() {
        CliRun r = run("serve", "--backend", "solr://127.0.0.1:8983/solr/docs");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--backend needs --site NAME");
    }

    @Test
    void serve_indexAndBackend_refused() {
        CliRun r = run("serve", "--index", "idx", "--backend", "solr://127.0.0.1:8983/solr/docs", "--site", "a");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("give --index or --backend, not both");
    }

    @Test
    void inspect_solrNotRunning_saysItDidNotAnswer_inOneLine() throws Exception {
        CliRun r = run("inspect", "--backend", "solr://127.0.0.1:" + freePort() + "/solr/docs", "--site", "a");
        assertThat(r.code()).isNotZero();
        assertThat(r.err()).contains("did not answer").doesNotContain("\tat ");
        assertThat(r.err().strip().lines().count()).isEqualTo(1);
    }

    @Test
    void inspect_malformedBackend_namesIt() {
        CliRun r = run("inspect", "--backend", "solr:/x", "--site", "a");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("'solr:/x' is not a Solr address");
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void search_siteWithoutBackend_isAUsageError() {
        CliRun r = run("search", "--index", "no-such-index", "--site", "a", "retry");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--site names a site of a --backend collection").contains("Try 'docask search --help'");
    }

    @Test
    void ask_indexAndBackend_isAUsageError() {
        CliRun r = run("ask", "--index", "no-such-index", "--backend", "solr://127.0.0.1:8983/solr/docs", "--site", "a", "how?");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("give --index or --backend, not both");
    }

    @Test
    void index_siteWithoutBackend_refusedBeforeReading() {
        CliRun r = run("index", "no-such-folder", "--site", "a");
        assertThat(r.code()).isNotZero();
        assertThat(r.err()).contains("--site names the site in a --backend collection");
    }

    @Test
    void index_badSiteName_refusedBeforeReading() {
        CliRun r = run("index", "no-such-folder", "--backend", "solr://127.0.0.1:8983/solr/docs", "--site", "My Docs");
        assertThat(r.code()).isNotZero();
        assertThat(r.err()).contains("--site 'My Docs' is not a site name");
    }
}
