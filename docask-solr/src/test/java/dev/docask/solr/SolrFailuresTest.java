package dev.docask.solr;

import com.sun.net.httpserver.HttpServer;
import dev.docask.index.IndexException;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * What a user sees when the address names something that is not a working Solr: a server that
 * accepts connections and never answers, or one that answers with something else (a web page). No
 * cluster needed; both servers run on 127.0.0.1 in the test.
 */
class SolrFailuresTest {
    /** Far above the 1 s timeout and its retries; only there so a regression fails instead of hanging the build. */
    private static final Duration NEVER_A_HANG = Duration.ofSeconds(60);

    @Test
    void open_solrThatNeverAnswers_endsWithOneLineSayingItDidNotAnswer() throws Exception {
        List<Socket> held = new ArrayList<>();
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = Thread.ofVirtual().start(() -> {
                while (!silent.isClosed()) {
                    try {
                        held.add(silent.accept()); // read nothing, answer nothing
                    } catch (Exception closed) {
                        return;
                    }
                }
            });
            String uri = "solr://127.0.0.1:" + silent.getLocalPort() + "/solr/docs";
            assertTimeoutPreemptively(NEVER_A_HANG, () -> assertThatThrownBy(() -> SolrBackend.open(uri, "samples", Duration.ofSeconds(1)))
                    .isInstanceOf(IndexException.class)
                    .hasMessageContaining("Solr at " + uri + " did not answer")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n")));
            acceptor.interrupt();
        } finally {
            for (Socket s : held) {
                s.close();
            }
        }
    }

    @Test
    void open_addressOfAWebPageNotSolr_saysWhatCameBackInOneLine() throws Exception {
        HttpServer page = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        page.createContext("/", x -> {
            byte[] body = "<html><body>Welcome to nginx!</body></html>".getBytes(StandardCharsets.UTF_8);
            x.getResponseHeaders().set("Content-Type", "text/html");
            x.sendResponseHeaders(200, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        page.start();
        try {
            String uri = "solr://127.0.0.1:" + page.getAddress().getPort() + "/solr/docs";
            assertTimeoutPreemptively(NEVER_A_HANG, () -> assertThatThrownBy(() -> SolrBackend.open(uri, "samples", Duration.ofSeconds(5)))
                    .isInstanceOf(IndexException.class)
                    .hasMessageContaining("Solr at " + uri)
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").doesNotContain("Exception")));
        } finally {
            page.stop(0);
        }
    }
}
