package dev.docask.solr;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a collection lives, and how the client learns the cluster's state:
 * <ul>
 *   <li>{@code solr://host:port[,host:port…]/solr/<collection>}: from the nodes listed (Solr's HTTP
 *       cluster state), no ZooKeeper access needed;</li>
 *   <li>{@code solr+zk://zkhost:port[,zkhost:port…][/chroot]/<collection>}: from ZooKeeper, as
 *       SolrJ's cloud client with {@code zkHosts} and a chroot does (the address Solr's own
 *       {@code -z} option takes, e.g. {@code zk1:2181,zk2:2181/solr}).</li>
 * </ul>
 * Either way the client then routes each request to a live replica itself. One option may follow the
 * address: {@code ?knnBeam=N} asks Solr's kNN for N times the candidates wanted (default 4; Solr 9's
 * HNSW search widens with its topK, so a larger corpus keeps more of the exact nearest for more time
 * a question: docs/solr.md "Limits", docs/benchmarks.md "topK sweep"), e.g.
 * {@code solr://solr1:8983/solr/docs?knnBeam=16}.
 *
 * @param nodes      base URLs of the nodes given ({@code http://host:port/solr}); empty with ZooKeeper
 * @param zkHosts    ZooKeeper's {@code host:port}s; empty with a node list
 * @param zkChroot   the chroot under which Solr keeps its state in ZooKeeper ({@code /solr}), if any
 * @param collection the collection's name
 * @param knnBeam    kNN topK as a multiple of the candidates wanted
 */
record SolrLocation(List<String> nodes, List<String> zkHosts, Optional<String> zkChroot, String collection, int knnBeam) {
    /** docask's kNN topK multiple unless the address says otherwise: the real sites lost nothing at 4 (docs/solr.md). */
    static final int DEFAULT_KNN_BEAM = 4;
    static final int MAX_KNN_BEAM = 64;
    private static final Pattern OPTION = Pattern.compile("knnBeam=(\\d{1,3})");

    static final String SCHEME = "solr://";
    static final String ZK_SCHEME = "solr+zk://";
    private static final Pattern URI = Pattern.compile("solr://([^/]+)/(.+)/([A-Za-z0-9_.-]+)/?");
    private static final Pattern ZK_URI = Pattern.compile("solr\\+zk://([^/]+)((?:/[A-Za-z0-9_.-]+)*)/([A-Za-z0-9_.-]+)/?");
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9.\\-\\[\\]:]+:\\d{1,5}");

    SolrLocation {
        nodes = List.copyOf(nodes);
        zkHosts = List.copyOf(zkHosts);
    }

    SolrLocation(List<String> nodes, List<String> zkHosts, Optional<String> zkChroot, String collection) {
        this(nodes, zkHosts, zkChroot, collection, DEFAULT_KNN_BEAM);
    }

    /**
     * @throws IllegalArgumentException naming the input when it is not a {@code solr://} or {@code solr+zk://} address
     */
    static SolrLocation parse(String uri) {
        String whole = uri.strip();
        int q = whole.indexOf('?');
        SolrLocation at = parseAddress(q < 0 ? whole : whole.substring(0, q), uri);
        if (q < 0) {
            return at;
        }
        int beam = DEFAULT_KNN_BEAM;
        for (String option : whole.substring(q + 1).split("&", -1)) { // each option judged on its own, named alone
            beam = beam(option, uri);
        }
        return at.withBeam(beam);
    }

    private static int beam(String option, String uri) {
        Matcher m = OPTION.matcher(option);
        int n = m.matches() ? Integer.parseInt(m.group(1)) : -1;
        if (n < 1 || n > MAX_KNN_BEAM) {
            throw new IllegalArgumentException("'" + option + "' in '" + uri + "' is not a Solr address option; the one there is"
                    + " knnBeam=N with N from 1 to " + MAX_KNN_BEAM + " (kNN topK as a multiple of the candidates; default "
                    + DEFAULT_KNN_BEAM + ")");
        }
        return n;
    }

    private SolrLocation withBeam(int beam) {
        return new SolrLocation(nodes, zkHosts, zkChroot, collection, beam);
    }

    private static SolrLocation parseAddress(String u, String uri) {
        if (u.startsWith(ZK_SCHEME)) {
            Matcher m = ZK_URI.matcher(u);
            if (!m.matches()) {
                throw new IllegalArgumentException("'" + uri + "' is not a Solr address through ZooKeeper; use "
                        + "solr+zk://zkhost:port[,zkhost:port]/<chroot>/<collection>, e.g. solr+zk://zk1:2181,zk2:2181/solr/docs");
            }
            List<String> zk = hosts(m.group(1), uri);
            Optional<String> chroot = m.group(2).isEmpty() ? Optional.empty() : Optional.of(m.group(2));
            return new SolrLocation(List.of(), zk, chroot, m.group(3));
        }
        Matcher m = URI.matcher(u);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + uri + "' is not a Solr address; use solr://host:port/solr/<collection>"
                    + " (several nodes: solr://host1:port,host2:port/solr/<collection>; through ZooKeeper:"
                    + " solr+zk://zkhost:port/solr/<collection>)");
        }
        List<String> nodes = new ArrayList<>();
        for (String h : hosts(m.group(1), uri)) {
            nodes.add("http://" + h + "/" + m.group(2));
        }
        return new SolrLocation(nodes, List.of(), Optional.empty(), m.group(3));
    }

    private static List<String> hosts(String list, String uri) {
        List<String> out = new ArrayList<>();
        for (String h : list.split(",")) {
            if (!HOST.matcher(h).matches()) {
                throw new IllegalArgumentException("'" + h + "' in '" + uri + "' is not host:port");
            }
            out.add(h);
        }
        return out;
    }

    /** Whether the client learns the cluster's state from ZooKeeper. */
    boolean throughZooKeeper() {
        return !zkHosts.isEmpty();
    }

    /** The address as the user writes it. */
    String uri() {
        return address() + (knnBeam == DEFAULT_KNN_BEAM ? "" : "?knnBeam=" + knnBeam);
    }

    private String address() {
        if (throughZooKeeper()) {
            return ZK_SCHEME + String.join(",", zkHosts) + zkChroot.orElse("") + "/" + collection;
        }
        StringBuilder hosts = new StringBuilder();
        String path = "";
        for (String n : nodes) {
            String rest = n.substring("http://".length());
            int slash = rest.indexOf('/');
            hosts.append(hosts.isEmpty() ? "" : ",").append(rest, 0, slash);
            path = rest.substring(slash + 1);
        }
        return SCHEME + hosts + "/" + path + "/" + collection;
    }
}
