package dev.docask.crawl;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.zip.GZIPInputStream;

/*
 * Redirects are followed here, not by the HttpClient, so that each hop is checked: one to another
 * scheme, host or port is not followed (the crawl reads one site), nor one robots.txt disallows, and
 * at most MAX_REDIRECTS hops are taken (a loop ends). The timeout covers the whole exchange, body
 * included: a server that sends headers and then nothing must not hold the crawl. A 429 or 503 with
 * Retry-After is retried up to MAX_RETRIES times, when the wait asked for is not longer than the
 * crawl's maxRetryWait. A 429 without one (or with one docask cannot read) asks the same without saying
 * how long: it is waited for 1 s, then 2 s, before each retry, every request held back meanwhile. A 503
 * without one is a server down more often than a server busy, and fails the page as before.
 */

/** GETs one URL politely: paced, redirects checked, the body capped, the whole exchange timed out. */
final class Fetcher implements AutoCloseable {
    static final int MAX_REDIRECTS = 5;
    static final int MAX_RETRIES = 2;

    /** A response that came back (any status). {@code url} is where it came from, after redirects on the site. */
    record Fetched(URI url, int status, HttpHeaders headers, CappedBody.Bytes body) {
        Optional<String> header(String name) {
            return headers.firstValue(name);
        }
    }

    /** No response: a network failure, a timeout, or a redirect that is not followed. */
    static final class FetchFailure extends Exception {
        private final String reason;
        private final boolean offSite;

        FetchFailure(String reason, boolean offSite) {
            super(reason, null, false, false);
            this.reason = reason;
            this.offSite = offSite;
        }

        String reason() {
            return reason;
        }

        boolean offSite() {
            return offSite;
        }
    }

    private final HttpClient client;
    private final Pacer pacer;
    private final String userAgent;
    private final Duration timeout;
    private final Duration maxRetryWait;

    Fetcher(Pacer pacer, String userAgent, Duration timeout, Duration maxRetryWait) {
        this.client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
                .version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
        this.pacer = pacer;
        this.userAgent = userAgent;
        this.timeout = timeout;
        this.maxRetryWait = maxRetryWait;
    }

    /**
     * GETs {@code url}.
     *
     * @param headers  extra request headers (conditional ones for a re-crawl)
     * @param cap      how many body bytes to read for a response (0: none), from its status and headers
     * @param refused  why a redirect target is not fetched (another site, robots.txt), or empty to follow it
     */
    Fetched get(URI url, Map<String, String> headers, ToLongFunction<HttpResponse.ResponseInfo> cap,
                Function<URI, Optional<String>> refused) throws FetchFailure, InterruptedException {
        URI at = url;
        int retries = 0;
        for (int hop = 0; ; ) {
            Fetched f = once(at, headers, cap);
            Optional<String> location = f.header("Location");
            if (f.status() / 100 == 3 && f.status() != 304 && location.isPresent()) {
                URI next = CrawlScope.resolve(at, location.get()).orElseThrow(() ->
                        new FetchFailure("HTTP " + f.status() + " redirect to an unusable Location: " + location.get(), false));
                Optional<String> no = refused.apply(next);
                if (no.isPresent()) {
                    throw new FetchFailure("redirects to " + next + ", not followed: " + no.get(), true);
                }
                if (++hop > MAX_REDIRECTS) {
                    throw new FetchFailure("more than " + MAX_REDIRECTS + " redirects (last to " + next + ")", false);
                }
                at = next;
                continue;
            }
            Optional<Duration> retryAfter = (f.status() == 429 || f.status() == 503)
                    ? f.header("Retry-After").flatMap(Fetcher::retryAfter) : Optional.empty();
            if (f.status() == 429 && retryAfter.isEmpty()) {
                retryAfter = Optional.of(Duration.ofSeconds(1L << retries)); // 1 s, then 2 s
            }
            if (retryAfter.isPresent() && retries < MAX_RETRIES && retryAfter.get().compareTo(maxRetryWait) <= 0) {
                retries++;
                pacer.holdFor(retryAfter.get());
                continue;
            }
            return f;
        }
    }

    private Fetched once(URI url, Map<String, String> headers, ToLongFunction<HttpResponse.ResponseInfo> cap)
            throws FetchFailure, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(url).GET().timeout(timeout)
                .header("User-Agent", userAgent)
                .header("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5");
        headers.forEach(request::header);
        return pacer.run(() -> {
            AtomicLong limit = new AtomicLong();
            CompletableFuture<HttpResponse<CappedBody.Bytes>> sent = client.sendAsync(request.build(), info -> {
                limit.set(Math.max(0, cap.applyAsLong(info)));
                return new CappedBody(limit.get());
            });
            try {
                HttpResponse<CappedBody.Bytes> r = sent.get(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
                return new Fetched(url, r.statusCode(), r.headers(), decoded(r.headers(), r.body(), limit.get()));
            } catch (TimeoutException e) {
                sent.cancel(true);
                throw new FetchFailure("no complete answer within " + seconds(timeout), false);
            } catch (ExecutionException e) {
                throw new FetchFailure(describe(e.getCause() == null ? e : e.getCause()), false);
            } catch (InterruptedException e) {
                sent.cancel(true);
                throw e;
            }
        });
    }

    /**
     * The body as the server meant it: unpacked when it came gzipped (Content-Encoding), which some servers do whether
     * asked or not (files stored gzipped on S3 or a CDN), at most {@code cap} bytes unpacked, as a body that was not.
     * Another encoding, which docask never asks for, is a failure that names it rather than bytes read as a page.
     */
    static CappedBody.Bytes decoded(HttpHeaders headers, CappedBody.Bytes raw, long cap) throws FetchFailure {
        String encoding = headers.firstValue("Content-Encoding").map(e -> e.strip().toLowerCase(Locale.ROOT)).orElse("");
        if (encoding.isEmpty() || encoding.equals("identity") || raw.data().length == 0 || raw.overCap()) {
            return raw; // over the cap packed, it is over the cap unpacked too
        }
        if (!encoding.equals("gzip") && !encoding.equals("x-gzip")) {
            throw new FetchFailure("the answer is compressed as '" + encoding + "' (Content-Encoding), which docask does"
                    + " not ask for and cannot read", false);
        }
        try {
            byte[] out = gunzip(raw.data(), cap);
            return out.length > cap ? new CappedBody.Bytes(Arrays.copyOf(out, (int) cap), true) : new CappedBody.Bytes(out, false);
        } catch (IOException e) {
            throw new FetchFailure("a damaged gzipped answer (Content-Encoding gzip): " + e.getMessage(), false);
        }
    }

    /** {@code packed} gunzipped, up to {@code cap} bytes and one more when it unpacks to more (a small file can unpack to gigabytes). */
    static byte[] gunzip(byte[] packed, long cap) throws IOException {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(packed))) {
            return in.readNBytes((int) Math.min(cap + 1, Integer.MAX_VALUE - 8));
        }
    }

    /** Why an exchange failed, in words: the JDK's exceptions often carry no message. */
    static String describe(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof UnresolvedAddressException || t instanceof UnknownHostException) {
                return "the host name does not resolve";
            }
            if (t instanceof HttpConnectTimeoutException) {
                return "the connection timed out";
            }
            if (t instanceof HttpTimeoutException) {
                return "no answer in time";
            }
        }
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (e instanceof ConnectException || root instanceof ConnectException) {
            return "connection refused";
        }
        String message = root.getMessage() != null ? root.getMessage() : e.getMessage();
        return (root instanceof IOException ? "network error: " : "") + (message == null || message.isBlank()
                ? root.getClass().getSimpleName() : message);
    }

    /** Seconds or an HTTP date (RFC 9110 §10.2.3); a date in the past is no wait. */
    static Optional<Duration> retryAfter(String value) {
        String v = value.strip();
        try {
            return Optional.of(Duration.ofSeconds(Math.max(0, Long.parseLong(v))));
        } catch (NumberFormatException e) {
            try {
                Duration d = Duration.between(ZonedDateTime.now(), ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME));
                return Optional.of(d.isNegative() ? Duration.ZERO : d);
            } catch (DateTimeParseException x) {
                return Optional.empty();
            }
        }
    }

    static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }

    @Override
    public void close() {
        client.shutdownNow();
    }
}
