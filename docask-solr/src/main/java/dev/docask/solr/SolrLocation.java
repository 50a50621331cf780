package dev.docask.solr;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a collection lives: {@code solr://host:port[,host:port…]/solr/<collection>}. The node list
 * is where the client learns the cluster's state; it then routes each request itself.
 *
 * @param nodes      base URLs of the nodes given ({@code http://host:port/solr})
 * @param collection the collection's name
 */
record SolrLocation(List<String> nodes, String collection) {
    private static final Pattern URI = Pattern.compile("solr://([^/]+)/(.+)/([A-Za-z0-9_.-]+)/?");
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9.\\-\\[\\]:]+:\\d{1,5}");

    SolrLocation {
        nodes = List.copyOf(nodes);
    }

    /**
     * @throws IllegalArgumentException naming the input when it is not a {@code solr://} address
     */
    static SolrLocation parse(String uri) {
        Matcher m = URI.matcher(uri.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + uri + "' is not a Solr address; use solr://host:port/solr/<collection>"
                    + " (several nodes: solr://host1:port,host2:port/solr/<collection>)");
        }
        List<String> nodes = new ArrayList<>();
        for (String h : m.group(1).split(",")) {
            if (!HOST.matcher(h).matches()) {
                throw new IllegalArgumentException("'" + h + "' in '" + uri + "' is not host:port");
            }
            nodes.add("http://" + h + "/" + m.group(2));
        }
        return new SolrLocation(nodes, m.group(3));
    }

    /** The address as the user writes it. */
    String uri() {
        StringBuilder hosts = new StringBuilder();
        String path = "";
        for (String n : nodes) {
            String rest = n.substring("http://".length());
            int slash = rest.indexOf('/');
            hosts.append(hosts.isEmpty() ? "" : ",").append(rest, 0, slash);
            path = rest.substring(slash + 1);
        }
        return "solr://" + hosts + "/" + path + "/" + collection;
    }
}
