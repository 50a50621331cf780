package dev.docask.solr;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The 2-node SolrCloud of docask-solr-cluster (2 shards, 2 replicas each), started in a JVM of its own
 * from that module's class path (Solr's Lucene 9 cannot share docask's) and stopped by its pid. One
 * per test JVM: it takes a minute to start on a busy machine, and each test uses sites of its own.
 */
final class SolrCluster implements AutoCloseable {
    private static final Duration START = Duration.ofMinutes(5);
    private static SolrCluster shared;

    private final Process process;
    private final Writer commands;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final String uri;
    private String zkUri = "";

    private SolrCluster(String collection) throws IOException, InterruptedException {
        Path target = Path.of(System.getProperty("docask.solr.cluster", "../docask-solr-cluster/target"));
        Path cpFile = target.resolve("cluster.classpath");
        if (!Files.isRegularFile(cpFile)) {
            throw new IllegalStateException("no " + cpFile + ": build docask-solr-cluster first (-pl docask-solr -am does)");
        }
        String cp = target.resolve("classes") + java.io.File.pathSeparator + Files.readString(cpFile).strip();
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path log = Files.createTempFile("docask-solr-cluster", ".log");
        // Lucene 9's SIMD vector code (HNSW builds and kNN) only on a Java it knows unless told this one is fine:
        // without it the cluster builds its graphs with scalar code (docs/benchmarks.md, "SolrCloud")
        List<String> command = new ArrayList<>(List.of(java.toString(), "--add-modules", "jdk.incubator.vector",
                "-Dorg.apache.lucene.vectorization.upperJavaFeatureVersion=" + Runtime.version().feature(),
                "-Xmx" + System.getProperty("docask.solr.clusterHeap", "1g"), "-Dsolr.log.dir=" + log.getParent(),
                "-Dlog4j2.level=WARN"));
        // the configset's settings (solrconfig.xml's ${solr.…} properties), to compare them (docs/benchmarks.md)
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith("solr.")).sorted()
                .forEach(k -> command.add("-D" + k + "=" + System.getProperty(k)));
        command.addAll(List.of("-cp", cp, "dev.docask.solr.cluster.LocalCluster", "--collection", collection));
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(log.toFile());
        process = pb.start();
        commands = new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String l; (l = in.readLine()) != null; ) {
                    lines.add(l);
                }
            } catch (IOException ignored) {
                // the cluster is gone
            }
        }, "solr-cluster-out");
        reader.setDaemon(true);
        reader.start();
        String prefix = "docask backend: ";
        long deadline = System.nanoTime() + START.toNanos();
        String found = null;
        while (found == null && System.nanoTime() < deadline) {
            String l = lines.poll(1, TimeUnit.SECONDS);
            if (l != null && l.startsWith("docask zookeeper: ")) {
                zkUri = l.substring("docask zookeeper: ".length()).strip();
            } else if (l != null && l.startsWith(prefix)) {
                found = l.substring(prefix.length()).strip();
            } else if (l == null && !process.isAlive()) {
                throw new IllegalStateException("the Solr cluster exited with " + process.exitValue() + "; see " + log);
            }
        }
        if (found == null) {
            close();
            throw new IllegalStateException("the Solr cluster did not start in " + START + "; see " + log);
        }
        uri = found;
        Runtime.getRuntime().addShutdownHook(new Thread(this::close));
    }

    /** The cluster of this test JVM, started on first use, with the collection {@code docs}. */
    static synchronized SolrCluster shared() {
        if (shared == null) {
            try {
                shared = new SolrCluster("docs");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        return shared;
    }

    /** {@code solr://127.0.0.1:P1,127.0.0.1:P2/solr/docs} */
    String uri() {
        return uri;
    }

    /** {@code solr+zk://127.0.0.1:PORT/solr/docs}: the same collection, the client routing through ZooKeeper. */
    String zkUri() {
        return zkUri;
    }

    /** The address with the first node only, as a user who knows one node writes it. */
    String firstNodeUri() {
        return uri.replaceFirst(",[^/]+", "");
    }

    /** Stops node {@code n} (0 or 1) and waits until the cluster says so. */
    void stopNode(int n) {
        command("stop " + n, "stopped node " + n);
    }

    /** Starts node {@code n} again and waits until the collection is active on it. */
    void startNode(int n) {
        command("start " + n, "started node " + n);
    }

    private synchronized void command(String cmd, String expect) {
        try {
            commands.write(cmd + "\n");
            commands.flush();
            long deadline = System.nanoTime() + START.toNanos();
            while (System.nanoTime() < deadline) {
                String l = lines.poll(1, TimeUnit.SECONDS);
                if (l != null && l.startsWith(expect)) {
                    return;
                }
                if (l != null && l.startsWith("failed")) {
                    throw new IllegalStateException(cmd + ": " + l);
                }
            }
            throw new IllegalStateException(cmd + " did not finish");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Stops the cluster's JVM by its pid: standard input closed (a clean shutdown), then killed if it lingers. */
    @Override
    public void close() {
        ProcessHandle h = process.toHandle();
        try {
            commands.close();
        } catch (IOException ignored) {
            // already gone
        }
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                h.descendants().forEach(ProcessHandle::destroyForcibly);
                h.destroyForcibly();
            }
        } catch (InterruptedException e) {
            h.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
