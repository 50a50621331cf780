package dev.docask.server;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** A tiny HTTP client for tests against a real server on 127.0.0.1. */
final class Http {
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;

    Http(String base) {
        this.base = base;
    }

    HttpResponse<String> get(String path, String... headers) {
        return send(request(path, headers).GET().build());
    }

    /**
     * Posts {@code json} to {@code /api/ask} over a raw socket, so that "the reader went away" is exactly a
     * closed TCP connection, reads until the answer streams its first text, then closes the connection.
     *
     * @return the line that carried the first text
     */
    String askAndLeaveMidStream(String json) throws IOException {
        URI uri = URI.create(base);
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            java.io.OutputStream out = socket.getOutputStream();
            out.write(("POST /api/ask HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort()
                    + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            java.io.BufferedReader reader = new java.io.BufferedReader(
                    new java.io.InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null && !line.contains("text-delta")) {
                // read until the answer has started streaming
            }
            return line == null ? "" : line;
        }
    }

    HttpResponse<String> postJson(String path, String json, String... headers) {
        return post(path, "application/json", json, headers);
    }

    HttpResponse<String> post(String path, String contentType, String body, String... headers) {
        HttpRequest.Builder b = request(path, headers).POST(HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        return send(b.build());
    }

    /** A POST whose body has no Content-Length (sent chunked), so the server only learns its size by reading. */
    HttpResponse<String> postChunked(String path, byte[] body) {
        return send(request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))).build());
    }

    HttpResponse<String> options(String path, String... headers) {
        return send(request(path, headers).method("OPTIONS", HttpRequest.BodyPublishers.noBody()).build());
    }

    /** Sends {@code GET target} as written, for targets java.net.URI refuses or normalises ({@code /../x}, {@code ?q=%}). */
    String rawGet(String target) {
        URI uri = URI.create(base);
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("GET " + target + " HTTP/1.1\r\nHost: " + uri.getHost()
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends {@code request} byte for byte and reads the response until the server closes (5 s at most per read). */
    String raw(byte[] request) {
        URI uri = URI.create(base);
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            socket.setSoTimeout(5_000);
            socket.getOutputStream().write(request);
            socket.getOutputStream().flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A request with {@code head} (request line and headers, without the blank line) and {@code body}, closing after. */
    String raw(String head, byte[] body) {
        byte[] h = (head + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[h.length + body.length];
        System.arraycopy(h, 0, all, 0, h.length);
        System.arraycopy(body, 0, all, h.length, body.length);
        return raw(all);
    }

    HttpRequest.Builder request(String path, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return b;
    }

    HttpResponse<String> send(HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    HttpClient client() {
        return client;
    }
}
