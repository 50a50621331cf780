package dev.docask.solr;

import dev.docask.index.IndexException;
import org.apache.solr.client.solrj.SolrClient;
import org.apache.solr.client.solrj.SolrRequest;
import org.apache.solr.client.solrj.SolrServerException;
import org.apache.solr.client.solrj.impl.CloudLegacySolrClient;
import org.apache.solr.client.solrj.request.QueryRequest;
import org.apache.solr.client.solrj.response.QueryResponse;
import org.apache.solr.common.SolrException;
import org.apache.solr.common.params.SolrParams;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/*
 * One client per collection. SolrJ's cloud client learns the cluster's state from the nodes given
 * and sends each request to a live replica, trying another when one fails: a node going down costs
 * a retry, not a failed question (replication factor 2). The Apache HttpClient flavour, because the
 * Jetty 10 client of the HTTP/2 flavour clashes with docask-server's Jetty 12.
 *
 * Every failure becomes an IndexException that names the collection and says what is wrong in words.
 *
 * Each call has a hard deadline, the timeout, retries included: SolrJ's socket timeout is per read
 * and per node, and its own retries (another node, the cluster state read again) and docask's
 * multiplied it, so a Solr that accepts connections and never answers (a frozen JVM) held a request,
 * and /readyz, for as long as the freeze (75 s for a 75 s freeze). The SolrJ call runs on a virtual
 * thread that is interrupted at the deadline, which closes its socket.
 */
final class SolrConnection implements AutoCloseable {
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    private final SolrLocation location;
    private final SolrClient client;
    private final Duration timeout;

    @SuppressWarnings("deprecation") // CloudLegacySolrClient: the cloud client that needs no Jetty (see above)
    SolrConnection(SolrLocation location, Duration timeout) {
        this.location = location;
        this.timeout = timeout;
        CloudLegacySolrClient.Builder b = location.throughZooKeeper()
                ? new CloudLegacySolrClient.Builder(location.zkHosts(), location.zkChroot())
                .withZkConnectTimeout((int) CONNECT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                : new CloudLegacySolrClient.Builder(NodeListState.of(location.nodes(), timeout));
        this.client = b
                .withConnectionTimeout((int) CONNECT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                .withSocketTimeout((int) timeout.toMillis(), TimeUnit.MILLISECONDS)
                .build();
    }

    SolrLocation location() {
        return location;
    }

    Duration timeout() {
        return timeout;
    }

    SolrClient client() {
        return client;
    }

    /**
     * A POST query (filters by id lists are long) on the collection. A query is safe to repeat, so one
     * that fails for any reason but a refusal (a node went down between the cluster state the client
     * or the coordinating node had and the request) is tried again after a pause, twice.
     */
    QueryResponse query(String what, SolrParams params) {
        return query(what, params, RETRY_PAUSES.length);
    }

    /** {@link #query(String, SolrParams)} with at most {@code retries} retries (0 for a probe that must be quick). */
    QueryResponse query(String what, SolrParams params, int retries) {
        return query(what, params, retries, timeout);
    }

    /** {@link #query(String, SolrParams, int)} that gives up after {@code deadline}, retries included. */
    QueryResponse query(String what, SolrParams params, int retries, Duration deadline) {
        QueryRequest r = new QueryRequest(params, SolrRequest.METHOD.POST);
        return retried(what, () -> r.process(client, location.collection()), retries, deadline);
    }

    /**
     * A call safe to repeat (a query; an update of documents by id, a delete, a commit), tried again after
     * a pause, twice, when it fails for any reason but a refusal (4xx): a node gone, a 5xx.
     */
    <T> T retried(String what, SolrCall<T> call) {
        return retried(what, call, RETRY_PAUSES.length, timeout);
    }

    private <T> T retried(String what, SolrCall<T> call, int retries, Duration deadline) {
        long end = System.nanoTime() + deadline.toNanos();
        for (int attempt = 0; ; attempt++) {
            try {
                return call(what, call, end, deadline);
            } catch (IndexException e) {
                if (attempt >= Math.min(retries, RETRY_PAUSES.length) || refused(e)
                        || end - System.nanoTime() <= RETRY_PAUSES[attempt].toNanos()) {
                    throw e;
                }
                try {
                    Thread.sleep(RETRY_PAUSES[attempt].toMillis());
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /**
     * Every document of the site's chunks, of every generation (the publisher sorts them), in {@code sort}
     * order (which must end with the id), page by page with a cursor: a deep page costs what the first does.
     */
    void forEachChunk(String what, String site, String fields, String sort, java.util.function.Consumer<org.apache.solr.common.SolrDocument> each) {
        String cursor = org.apache.solr.common.params.CursorMarkParams.CURSOR_MARK_START;
        while (true) {
            org.apache.solr.common.params.ModifiableSolrParams p = new org.apache.solr.common.params.ModifiableSolrParams();
            p.set("q", "*:*");
            p.add("fq", "{!term f=" + SolrFields.SITE + "}" + site);
            p.add("fq", "{!term f=" + SolrFields.KIND + "}" + SolrFields.KIND_CHUNK);
            p.set("fl", fields);
            p.set("sort", sort);
            p.set("rows", 1000);
            p.set(org.apache.solr.common.params.CursorMarkParams.CURSOR_MARK_PARAM, cursor);
            QueryResponse r = query(what, p);
            r.getResults().forEach(each);
            String next = r.getNextCursorMark();
            if (next == null || next.equals(cursor)) {
                return;
            }
            cursor = next;
        }
    }

    /**
     * Sends an update (documents by id, deletes, a commit: all safe to repeat, so {@link #retried}) to the collection.
     * One given up on at its deadline may still be applied by Solr later: {@link #lastGivenUp()} says when that last
     * happened.
     */
    org.apache.solr.client.solrj.response.UpdateResponse update(String what, org.apache.solr.client.solrj.request.UpdateRequest r) {
        try {
            beforeSend.accept(what);
            return retried(what, () -> r.process(client, location.collection()));
        } catch (IndexException e) {
            if (timedOut(e)) {
                lastGivenUp = java.util.Optional.of(java.time.Instant.now());
            }
            throw e;
        }
    }

    /** When this connection last gave up waiting for an update it had sent (Solr may still apply it); empty if never. */
    java.util.Optional<java.time.Instant> lastGivenUp() {
        return lastGivenUp;
    }

    private volatile java.util.Optional<java.time.Instant> lastGivenUp = java.util.Optional.empty();

    /**
     * Document {@code id} as Solr holds it now, uncommitted changes included (real-time get, routed to its shard), with
     * fields {@code fields}; empty when there is none.
     */
    java.util.Optional<org.apache.solr.common.SolrDocument> get(String what, String id, String fields) {
        org.apache.solr.common.params.ModifiableSolrParams p = new org.apache.solr.common.params.ModifiableSolrParams();
        p.set("fl", fields);
        beforeSend.accept(what);
        return java.util.Optional.ofNullable(retried(what, () -> client.getById(location.collection(), id, p)));
    }

    /** Whether the client stopped waiting for an answer (its deadline, or a read that timed out): Solr may still act on it. */
    static boolean timedOut(Throwable e) {
        return anyCause(e, t -> t instanceof java.util.concurrent.TimeoutException || t instanceof java.net.SocketTimeoutException);
    }

    /** Whether Solr refused an update for its {@code _version_} (HTTP 409): the document is not as the writer last saw it. */
    static boolean conflict(Throwable e) {
        return anyCause(e, t -> t instanceof SolrException s && s.code() == 409);
    }

    private static boolean anyCause(Throwable e, java.util.function.Predicate<Throwable> test) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (test.test(t)) {
                return true;
            }
        }
        return false;
    }

    /**
     * What runs before each update or real-time get is sent, given what it is for: tests make a publish fail part-way
     * (SolrPublishFailureIT) or watch it wait (SolrPublishLeaseIT) with it.
     */
    void beforeSend(java.util.function.Consumer<String> hook) {
        beforeSend = hook;
    }

    private volatile java.util.function.Consumer<String> beforeSend = what -> { };

    private static final Duration[] RETRY_PAUSES = {Duration.ofMillis(250), Duration.ofSeconds(1)};

    /** Whether Solr answered "no" to the request itself (4xx): asking again would get the same answer. */
    private static boolean refused(IndexException e) {
        return anyCause(e, t -> t instanceof SolrException s && s.code() >= 400 && s.code() < 500);
    }

    /** How many requests this connection has sent (tests count what opening a site costs). */
    long requests() {
        return requests.get();
    }

    private final java.util.concurrent.atomic.AtomicLong requests = new java.util.concurrent.atomic.AtomicLong();

    /** Runs a SolrJ call within the timeout, turning its failures into one clear IndexException. */
    <T> T call(String what, SolrCall<T> call) {
        return call(what, call, System.nanoTime() + timeout.toNanos(), timeout);
    }

    private <T> T call(String what, SolrCall<T> call, long endNanos, Duration deadline) {
        requests.incrementAndGet();
        java.util.concurrent.FutureTask<T> task = new java.util.concurrent.FutureTask<>(call::run);
        Thread.ofVirtual().name("docask-solr-call").start(task);
        try {
            return task.get(Math.max(0, endNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.TimeoutException late) {
            task.cancel(true);
            throw new IndexException("Solr at " + location.uri() + " did not answer (" + what + ") within "
                    + seconds(deadline) + "; is it running and reachable?", late);
        } catch (InterruptedException e) {
            task.cancel(true);
            Thread.currentThread().interrupt();
            throw new IndexException("interrupted while waiting for Solr at " + location.uri() + " (" + what + ")", e);
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable t = e.getCause();
            if (t instanceof SolrServerException || t instanceof IOException || t instanceof SolrException) {
                throw translate(what, (Exception) t);
            }
            if (t instanceof RuntimeException r) {
                throw r;
            }
            if (t instanceof Error err) {
                throw err;
            }
            throw new IndexException("Solr at " + location.uri() + " failed (" + what + "): " + t, e);
        }
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }

    /*
     * SolrJ wraps a node's refusal (a bad query, a missing field) in "no live servers" and a dead node
     * in a SolrException: the cause chain tells them apart.
     */
    private IndexException translate(String what, Exception e) {
        String all = messages(e);
        if (all.contains("Collection not found") || all.contains("Could not find collection")
                || all.contains("collection not found")) {
            return new IndexException("the Solr collection '" + location.collection() + "' does not exist at "
                    + location.uri() + "; create it with docask's configset (docs/solr.md)", e);
        }
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof org.apache.solr.client.solrj.impl.BaseHttpSolrClient.RemoteSolrException r) {
                String m = r.getMessage() == null ? "" : firstLine(r.getMessage()).replaceFirst("^Error from server at \\S+: ", "").strip();
                if (r.code() >= 500) { // the server failed, not the request: said so, and retried (see refused)
                    return new IndexException("Solr at " + location.uri() + " failed " + what + " (HTTP " + r.code()
                            + (m.isEmpty() || m.equals("null") ? "" : ": " + m) + ")", e);
                }
                return new IndexException("Solr at " + location.uri() + " refused " + what
                        + (m.isEmpty() || m.equals("null") ? " (HTTP " + r.code() + ", no reason given)" : ": " + m), e);
            }
        }
        String why = withoutClientAdvice(firstLine(rootMessage(e)));
        if (!location.zkHosts().isEmpty() && why.contains("Expected node") && why.contains("does not exist")) {
            // ZooKeeper answered, but holds no Solr cluster at that path
            return new IndexException("ZooKeeper at " + location.uri() + " holds no Solr cluster there (" + why
                    + "); is the chroot, the path after the hosts, the one Solr uses?", e);
        }
        return new IndexException("Solr at " + location.uri() + " did not answer (" + what + "): " + why
                + "; is it running and reachable?", e);
    }

    /** SolrJ's advice to its own caller ("you could try re-creating a new CloudSolrClient…") left out. */
    static String withoutClientAdvice(String message) {
        int advice = message.toLowerCase(java.util.Locale.ROOT).indexOf("you could try");
        if (advice <= 0) {
            return message;
        }
        int sentence = message.lastIndexOf(". ", advice); // the whole sentence that gives it
        return sentence > 0 ? message.substring(0, sentence + 1) : message.substring(0, advice).strip();
    }

    private static String messages(Throwable e) {
        StringBuilder b = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            b.append(t.getMessage()).append('\n');
        }
        return b.toString();
    }

    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    private static String firstLine(String s) {
        return s.lines().findFirst().orElse(s);
    }

    @Override
    public void close() {
        try {
            client.close();
        } catch (IOException ignored) {
            // nothing to lose: the client only reads, or has committed
        }
    }

    /** A SolrJ call. */
    @FunctionalInterface
    interface SolrCall<T> {
        T run() throws SolrServerException, IOException;
    }

    /**
     * The cluster state read from the node list with docask's timeouts. SolrJ's own reader asks with
     * a fixed two-minute socket timeout whatever the client's is, so a node that accepts connections
     * and never answers held `open` for minutes (SolrFailuresTest).
     */
    private static final class NodeListState extends org.apache.solr.client.solrj.impl.BaseHttpClusterStateProvider {
        private final org.apache.http.impl.client.CloseableHttpClient http =
                org.apache.solr.client.solrj.impl.HttpClientUtil.createClient(null);
        private final int socketMillis;

        private NodeListState(Duration timeout) {
            this.socketMillis = (int) timeout.toMillis();
        }

        static NodeListState of(java.util.List<String> nodes, Duration timeout) {
            NodeListState s = new NodeListState(timeout);
            try {
                s.initConfiguredNodes(nodes); // parses the URLs; nothing is asked until the first request
            } catch (Exception e) {
                s.closeQuietly();
                throw new IllegalArgumentException("Solr node list " + nodes + ": " + e.getMessage(), e);
            }
            return s;
        }

        @Override
        protected org.apache.solr.client.solrj.SolrClient getSolrClient(String baseUrl) {
            return new org.apache.solr.client.solrj.impl.HttpSolrClient.Builder(baseUrl).withHttpClient(http)
                    .withConnectionTimeout((int) CONNECT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    .withSocketTimeout(socketMillis, TimeUnit.MILLISECONDS).build();
        }

        @Override
        public void close() throws java.io.IOException {
            try {
                super.close();
            } finally {
                org.apache.solr.client.solrj.impl.HttpClientUtil.close(http);
            }
        }

        private void closeQuietly() {
            try {
                close();
            } catch (java.io.IOException ignored) {
                // nothing was opened yet but the HTTP client, which close() releases first
            }
        }
    }
}
