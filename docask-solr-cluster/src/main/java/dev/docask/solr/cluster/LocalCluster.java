package dev.docask.solr.cluster;

import org.apache.solr.client.solrj.request.CollectionAdminRequest;
import org.apache.solr.cloud.MiniSolrCloudCluster;
import org.apache.solr.embedded.JettySolrRunner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A SolrCloud on loopback for trying docask-solr and for its tests: 2 nodes, an embedded ZooKeeper,
 * docask's configset, and one collection of 2 shards with 2 replicas each, so that either node can
 * go down and queries still find every chunk.
 *
 * <pre>
 * java -cp "docask-solr-cluster/target/classes:$(cat docask-solr-cluster/target/cluster.classpath)" \
 *     dev.docask.solr.cluster.LocalCluster [--collection docs] [--nodes 2] [--shards 2] [--replicas 2]
 * </pre>
 *
 * It prints {@code docask zookeeper: solr+zk://127.0.0.1:PORT/solr/docs} and
 * {@code docask backend: solr://127.0.0.1:PORT,127.0.0.1:PORT/solr/docs} once the collection is active, then reads commands from standard input: {@code stop N} and {@code start N} stop and
 * restart node N (from 0), for failure tests. It shuts down when standard input closes or on Ctrl-C.
 *
 * Solr 9 runs on Lucene 9 and docask on Lucene 10: this class never shares a JVM with docask.
 */
public final class LocalCluster {
    private LocalCluster() {
    }

    public static void main(String[] args) throws Exception {
        String collection = "docs";
        int nodes = 2;
        int shards = 2;
        int replicas = 2;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String v = i + 1 < args.length ? args[i + 1] : "";
            switch (a) {
                case "--collection" -> collection = v;
                case "--nodes" -> nodes = Integer.parseInt(v);
                case "--shards" -> shards = Integer.parseInt(v);
                case "--replicas" -> replicas = Integer.parseInt(v);
                default -> {
                    System.err.println("unknown option " + a + "; use --collection NAME --nodes N --shards N --replicas N");
                    System.exit(2);
                }
            }
            i++;
        }
        Path base = Files.createTempDirectory("docask-solr-cluster");
        Path configset = copyConfigset(base.resolve("configset"));
        MiniSolrCloudCluster cluster = new MiniSolrCloudCluster.Builder(nodes, base.resolve("nodes"))
                .addConfig("docask", configset)
                .build();
        Thread hook = new Thread(() -> shutdown(cluster, base));
        Runtime.getRuntime().addShutdownHook(hook);
        CollectionAdminRequest.createCollection(collection, "docask", shards, replicas)
                .process(cluster.getSolrClient());
        cluster.waitForActiveCollection(collection, shards, shards * replicas);
        List<String> hosts = new ArrayList<>();
        for (JettySolrRunner j : cluster.getJettySolrRunners()) {
            hosts.add("127.0.0.1:" + j.getLocalPort());
        }
        // the same collection through ZooKeeper (its address ends with the chroot, /solr)
        System.out.println("docask zookeeper: solr+zk://" + cluster.getZkServer().getZkAddress() + "/" + collection);
        System.out.println("docask backend: solr://" + String.join(",", hosts) + "/solr/" + collection);
        System.out.flush();
        java.util.Map<Integer, JettySolrRunner> stopped = new java.util.HashMap<>();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            String[] cmd = line.trim().toLowerCase(Locale.ROOT).split("\\s+");
            try {
                if (cmd.length == 2 && cmd[0].equals("stop")) {
                    int n = Integer.parseInt(cmd[1]);
                    JettySolrRunner j = cluster.getJettySolrRunners().stream()
                            .filter(r -> r.getLocalPort() == Integer.parseInt(hosts.get(n).replaceFirst(".*:", "")))
                            .findFirst().orElseThrow(() -> new IllegalArgumentException("node " + n + " is not running"));
                    cluster.stopJettySolrRunner(j);
                    stopped.put(n, j);
                    System.out.println("stopped node " + cmd[1]);
                } else if (cmd.length == 2 && cmd[0].equals("start")) {
                    JettySolrRunner j = stopped.remove(Integer.parseInt(cmd[1]));
                    if (j == null) {
                        throw new IllegalArgumentException("node " + cmd[1] + " is not stopped");
                    }
                    cluster.startJettySolrRunner(j, true);
                    if (stopped.isEmpty()) { // with another node still down, not every replica can become active
                        cluster.waitForActiveCollection(collection, shards, shards * replicas);
                    }
                    System.out.println("started node " + cmd[1]);
                } else if (!line.isBlank()) {
                    System.out.println("unknown command '" + line.trim() + "'; use 'stop N' or 'start N'");
                }
            } catch (Exception e) {
                System.out.println("failed: " + e.getMessage());
            }
            System.out.flush();
        }
        System.exit(0); // the shutdown hook stops the cluster
    }

    private static void shutdown(MiniSolrCloudCluster cluster, Path base) {
        try {
            cluster.shutdown();
        } catch (Exception e) {
            System.err.println("cluster shutdown: " + e.getMessage());
        }
        try (var files = Files.walk(base)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp folder left behind
        }
    }

    /** The configset from the class path into {@code dir}, where Solr can upload it from. */
    private static Path copyConfigset(Path dir) throws IOException {
        Path conf = Files.createDirectories(dir.resolve("conf"));
        for (String f : List.of("solrconfig.xml", "managed-schema.xml")) {
            try (InputStream s = LocalCluster.class.getResourceAsStream("/dev/docask/solr/configset/conf/" + f)) {
                if (s == null) {
                    throw new IOException("the configset file " + f + " is not on the class path");
                }
                Files.copy(s, conf.resolve(f));
            }
        }
        return conf;
    }
}
