package dev.docask.server;

import dev.docask.answer.internal.ApiException;
import org.jspecify.annotations.Nullable;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/*
 * DNS rebinding: a page on evil.example whose name is re-pointed at this server's address sends
 * Host and Origin evil.example, which look same-origin to each other, so the Origin check alone
 * lets it in. What the page cannot choose is the Host header: it is the name in the page's own
 * URL. So every route (the /api ones, /mcp, the pages) first checks Host, before any other work:
 *  - an IP literal (127.0.0.1:8080, [::1]) and localhost always pass: no page can be served under
 *    such a name by a DNS trick, and health probes and local tools use them;
 *  - any other name must be allowed: --allowed-host (its alias --allow-host), or by default the
 *    hosts of the --allow-origin origins (a widget served from the API's own name is the usual
 *    setup) — e.g. on 127.0.0.1 only localhost and IP literals;
 *  - listening on every address (0.0.0.0, ::) with no --allowed-host, any name passes, as before:
 *    that is a public deployment behind names docask cannot guess (a proxy, a container's service
 *    name), and the server says so at start. Set --allowed-host there to close it.
 * An entry with a port (localhost:8080) matches that port only; one without, any port.
 */
final class AllowedHosts {
    private final Set<String> names;
    private final boolean anyName;

    private AllowedHosts(Set<String> names, boolean anyName) {
        this.names = Set.copyOf(names);
        this.anyName = anyName;
    }

    /**
     * The hosts a server listening on {@code bindHost} answers to: {@code configured}, or when that is
     * empty the hosts of {@code allowOrigins} (any name at all on a wildcard address).
     */
    static AllowedHosts of(List<String> configured, String bindHost, List<String> allowOrigins) {
        requireValid(configured);
        Set<String> names = new HashSet<>();
        configured.forEach(h -> names.add(h.strip().toLowerCase(Locale.ROOT)));
        boolean any = configured.isEmpty() && isWildcard(bindHost);
        if (configured.isEmpty()) {
            for (String origin : allowOrigins) {
                if (!origin.strip().equals("*")) {
                    String host = URI.create(origin.strip()).getHost();
                    if (host != null) {
                        names.add(host.toLowerCase(Locale.ROOT));
                    }
                }
            }
        }
        return new AllowedHosts(names, any);
    }

    /** Whether every Host is answered (a wildcard address and no list): worth a warning at start. */
    boolean anyName() {
        return anyName;
    }

    /** Refuses (403) a request whose Host this server does not answer to. */
    void require(@Nullable String host) {
        if (!allows(host)) {
            throw new ApiException.Forbidden("This server does not answer to the host " + host
                    + "; start it with --allowed-host " + (host == null ? "<name>" : name(host.strip().toLowerCase(Locale.ROOT)))
                    + " if that is its name.");
        }
    }

    boolean allows(@Nullable String host) {
        if (anyName) {
            return true;
        }
        if (host == null || host.isBlank()) {
            // A rebinding attack runs in a browser, which always sends Host; a request without one is an
            // HTTP/1.0 client such as the Dockerfile's health probe or a load balancer's check.
            return true;
        }
        String h = host.strip().toLowerCase(Locale.ROOT);
        String name = name(h);
        return name.equals("localhost") || isIpLiteral(name) || names.contains(h) || names.contains(name);
    }

    /** A bad host names it; checked when the server is built. */
    static void requireValid(List<String> hosts) {
        for (String h : hosts) {
            if (h == null || !h.strip().matches("(?i)([a-z0-9.-]+|\\[[0-9a-f:.]+])(:\\d{1,5})?")) {
                throw new IllegalArgumentException("allowed host '" + h + "' should look like docs.example.com or "
                        + "localhost:8080 (a host name, a port if you like; no scheme or path)");
            }
        }
    }

    /** The host without its port: {@code [::1]:8080} → {@code [::1]}, {@code a.dev:80} → {@code a.dev}. */
    private static String name(String host) {
        if (host.startsWith("[")) {
            int end = host.indexOf(']');
            return end < 0 ? host : host.substring(0, end + 1);
        }
        return host.replaceFirst(":\\d*$", "");
    }

    private static boolean isIpLiteral(String name) {
        return name.matches("\\d{1,3}(\\.\\d{1,3}){3}") || name.matches("\\[[0-9a-f:.]+]");
    }

    private static boolean isWildcard(String bindHost) {
        try {
            return InetAddress.getByName(bindHost).isAnyLocalAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
