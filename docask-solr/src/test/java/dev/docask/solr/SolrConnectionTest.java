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

    private static org.apache.solr.client.solrj.impl.BaseHttpSolrClient.RemoteSolrException serverError(int code, String message) {
        return new org.apache.solr.client.solrj.impl.BaseHttpSolrClient.RemoteSolrException("http://127.0.0.1:1/solr", code, message, null);
    }

    @Test
    void retried_serverErrorTwice_isTriedAgainAndSucceeds() {
        java.util.concurrent.atomic.AtomicInteger attempts = new java.util.concurrent.atomic.AtomicInteger();
        try (SolrConnection solr = new SolrConnection(SolrLocation.parse(uri()), Duration.ofSeconds(30))) {
            String r = solr.retried("deleting removed chunks", () -> {
                if (attempts.incrementAndGet() < 3) {
                    throw serverError(503, "Service Unavailable");
                }
                return "done";
            });
            assertThat(r).isEqualTo("done");
            assertThat(attempts).hasValue(3);
        }
    }

    @Test
    void call_serverErrorWithoutAMessage_saysFailedWithTheStatus_neverNull() {
        try (SolrConnection solr = new SolrConnection(SolrLocation.parse(uri()), Duration.ofSeconds(30))) {
            assertThatThrownBy(() -> solr.call("deleting removed chunks", () -> {
                throw serverError(500, null);
            })).isInstanceOf(IndexException.class)
                    .hasMessage("Solr at " + uri() + " failed deleting removed chunks (HTTP 500)");
            assertThatThrownBy(() -> solr.call("deleting removed chunks", () -> {
                throw serverError(500, "java.lang.IllegalStateException: disk full");
            })).hasMessage("Solr at " + uri() + " failed deleting removed chunks (HTTP 500: java.lang.IllegalStateException: disk full)");
        }
    }

    @Test
    void call_refusalWithoutAMessage_namesTheStatus_neverNull() {
        try (SolrConnection solr = new SolrConnection(SolrLocation.parse(uri()), Duration.ofSeconds(30))) {
            assertThatThrownBy(() -> solr.call("a BM25 search", () -> {
                throw serverError(400, null);
            })).isInstanceOf(IndexException.class).hasMessageNotContaining("null")
                    .hasMessage("Solr at " + uri() + " refused a BM25 search (HTTP 400, no reason given)");
        }
    }

    @Test
    void update_givenUpAtItsDeadline_isRememberedAsOneSolrMayStillApply() {
        try (SolrConnection solr = new SolrConnection(SolrLocation.parse(uri()), Duration.ofSeconds(1))) {
            assertThat(solr.lastGivenUp()).isEmpty();
            java.time.Instant before = java.time.Instant.now();
            assertThatThrownBy(() -> solr.update("writing chunks", new org.apache.solr.client.solrj.request.UpdateRequest()
                    .add(new org.apache.solr.common.SolrInputDocument("id", "x")))).hasMessageContaining("did not answer (writing chunks)");
            assertThat(solr.lastGivenUp()).hasValueSatisfying(t -> assertThat(t).isAfterOrEqualTo(before));
        }
    }

    @Test
    void timedOut_deadlineOrReadTimeout_yes_refusalOrAnswer_no() {
        assertThat(SolrConnection.timedOut(new IndexException("late", new java.util.concurrent.TimeoutException()))).isTrue();
        assertThat(SolrConnection.timedOut(new IndexException("late", new org.apache.solr.client.solrj.SolrServerException(
                new java.net.SocketTimeoutException("Read timed out"))))).isTrue();
        assertThat(SolrConnection.timedOut(new IndexException("down", new java.net.ConnectException("Connection refused")))).isFalse();
        assertThat(SolrConnection.timedOut(new IndexException("failed", serverError(500, "disk full")))).isFalse();
    }

    @Test
    void conflict_only409() {
        assertThat(SolrConnection.conflict(new IndexException("refused", serverError(409, "version conflict for x")))).isTrue();
        assertThat(SolrConnection.conflict(new IndexException("refused", serverError(400, "bad")))).isFalse();
        assertThat(SolrConnection.conflict(new IndexException("late", new java.util.concurrent.TimeoutException()))).isFalse();
    }

    @Test
    void solrjsAdviceToItsOwnCaller_isLeftOutOfWhatTheOperatorReads() {
        assertThat(SolrConnection.withoutClientAdvice("Tried fetching cluster state using the node names we knew of, i.e. []. "
                + "You might not have launched solr with zk or you could try re-creating a new CloudSolrClient using working "
                + "solr URLs")).isEqualTo("Tried fetching cluster state using the node names we knew of, i.e. [].");
        assertThat(SolrConnection.withoutClientAdvice("Connection refused")).isEqualTo("Connection refused");
    }
}
