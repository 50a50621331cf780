package dev.docask.solr;

import dev.docask.index.IndexException;
import org.apache.solr.common.params.ModifiableSolrParams;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A Solr that accepts connections and never answers (a frozen JVM): each call ends at its deadline,
 * retries included, with the one-line "did not answer" message. The server is a socket on 127.0.0.1.
 */
class SolrConnectionTest {
    private ServerSocket silent;
    private final List<Socket> held = new CopyOnWriteArrayList<>();

    @BeforeEach
    void listen() throws Exception {
        silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(() -> {
            while (!silent.isClosed()) {
                try {
                    held.add(silent.accept()); // read nothing, answer nothing
                } catch (Exception closed) {
                    return;
                }
            }
        });
    }

    @AfterEach
    void close() throws Exception {
        silent.close();
        for (Socket s : held) {
            s.close();
        }
    }

    private String uri() {
        return "solr://127.0.0.1:" + silent.getLocalPort() + "/solr/docs";
    }

    private static ModifiableSolrParams anyQuery() {
        ModifiableSolrParams p = new ModifiableSolrParams();
        p.set("q", "*:*");
        p.set("rows", 0);
        return p;
    }

    @Test
    void query_solrThatNeverAnswers_givesUpAtTheTimeoutWithItsRetriesIncluded() {
        try (SolrConnection solr = new SolrConnection(SolrLocation.parse(uri()), Duration.ofSeconds(3))) {
            long t0 = System.nanoTime();
            assertThatThrownBy(() -> solr.query("a BM25 search", anyQuery())).isInstanceOf(IndexException.class)
                    .hasMessageContaining("Solr at " + uri() + " did not answer (a BM25 search)")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
            // SolrJ's per-read timeout times its retries and docask's took 3 times the timeout and more
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofMillis(7_000));
        }
    }

    @Test
    void query_probeDeadlineShorterThanTheTimeout_endsAtTheProbesDeadline() {
        try (SolrConnection solr = new SolrConnection(SolrLocation.parse(uri()), Duration.ofSeconds(30))) {
            long t0 = System.nanoTime();
            assertThatThrownBy(() -> solr.query("a readiness check", anyQuery(), 0, Duration.ofSeconds(1)))
                    .isInstanceOf(IndexException.class).hasMessageContaining("did not answer (a readiness check) within 1 s");
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofMillis(3_500));
        }
    }
}
