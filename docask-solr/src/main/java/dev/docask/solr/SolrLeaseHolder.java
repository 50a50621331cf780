package dev.docask.solr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.index.IndexException;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Who holds a site's publish lease (SolrLease) and until when, as its document stores it (JSON), and what a publish
 * that finds it says. {@code failed}: the publish that took it failed on a request Solr may still apply, and keeps it
 * until {@code expires} without renewing it.
 */
record SolrLeaseHolder(String host, long pid, String token, Instant since, Instant expires, boolean failed) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** This process's claim, taken at {@code now} until {@code expires}, under {@code token}. */
    static SolrLeaseHolder mine(String token, Instant now, Instant expires) {
        return new SolrLeaseHolder(Host.NAME, ProcessHandle.current().pid(), token, now, expires, false);
    }

    /** A token no other publish has: two publishes of one host and pid (threads, a library) tell their leases apart. */
    static String newToken() {
        return UUID.randomUUID().toString();
    }

    SolrLeaseHolder until(Instant newExpiry, boolean failedPublish) {
        return new SolrLeaseHolder(host, pid, token, since, newExpiry, failedPublish);
    }

    /** Whether another publish may take it over at {@code now}. */
    boolean expired(Instant now) {
        return !now.isBefore(expires);
    }

    String json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("host", host);
        m.put("pid", pid);
        m.put("token", token);
        m.put("since", since.toString());
        m.put("expires", expires.toString());
        m.put("failed", failed);
        try {
            return JSON.writeValueAsString(m);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The holder a lease document of site {@code site} names; a damaged one is refused saying how to clear it. */
    static SolrLeaseHolder parse(String site, String json) {
        try {
            JsonNode n = JSON.readTree(json);
            return new SolrLeaseHolder(n.get("host").asText(), n.get("pid").asLong(), n.get("token").asText(),
                    Instant.parse(n.get("since").asText()), Instant.parse(n.get("expires").asText()), n.path("failed").asBoolean(false));
        } catch (java.io.IOException | RuntimeException e) {
            throw new IndexException("the publish lease of site '" + site + "' (document " + SolrFields.leaseId(site)
                    + ") is damaged (" + e.getMessage() + "); delete that document if no publish of the site is running", e);
        }
    }

    /** What a publish that waited {@code waited} for this lease says at {@code now}: who holds it, since when, until when. */
    String busy(String site, Instant now, Duration waited) {
        String by = "host " + host + " (pid " + pid + ")";
        String until = time(expires) + " (in " + span(Duration.between(now, expires)) + ")";
        return failed
                ? "site '" + site + "' cannot be published before " + until + ": the publish by " + by + " since " + time(since)
                + " failed on a request Solr may still apply, and holds the site's publish lease until then; waited " + span(waited)
                : "site '" + site + "' is being published by " + by + " since " + time(since) + "; its publish lease expires at "
                + until + " unless that publish renews it; waited " + span(waited);
    }

    /** Why a publish holding {@code mine} stopped: the lease is {@code now}'s, or gone. */
    static String lost(String site, SolrLeaseHolder mine, Optional<SolrLeaseHolder> now) {
        return "the publish lease of site '" + site + "' held since " + time(mine.since()) + " was "
                + now.map(o -> "taken over by host " + o.host() + " (pid " + o.pid() + ") at " + time(o.since()))
                .orElse("deleted by someone else")
                + ", so this publish stopped before its commit: another publish may be running; publish again once it is done";
    }

    static String time(Instant t) {
        return t.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** {@code 45 s}, {@code 2 min 50 s}: rounded up to the second, never negative. */
    static String span(Duration d) {
        long s = Math.max(0, (d.toMillis() + 999) / 1000);
        return s < 60 ? s + " s" : s / 60 + " min" + (s % 60 == 0 ? "" : " " + s % 60 + " s");
    }

    /** This machine's name, looked up once (a slow resolver costs one publish its delay, not every retry). */
    private static final class Host {
        static final String NAME = name();

        private static String name() {
            try {
                return java.net.InetAddress.getLocalHost().getHostName();
            } catch (java.io.IOException | RuntimeException e) {
                return Optional.ofNullable(System.getenv("HOSTNAME")).orElse("unknown host");
            }
        }
    }
}
