package dev.docask.testsupport;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A real {@code redis-server} (the Debian package; {@code .ci/run} installs it) on a free loopback
 * port, with no persistence ({@code --save "" --appendonly no}), started before the class's tests and
 * stopped by its pid after them. {@link #stop()} and {@link #start()} in a test simulate an outage.
 *
 * <pre>{@code
 * @RegisterExtension
 * static final RedisServer REDIS = new RedisServer();
 * ... DocaskServer.builder().redis(REDIS.url()) ...
 * }</pre>
 */
public final class RedisServer implements BeforeAllCallback, AfterAllCallback {
    private static final Duration START_WAIT = Duration.ofSeconds(10);

    private final int port = freePort();
    private Process process;

    @Override
    public void beforeAll(ExtensionContext context) {
        start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        stop();
    }

    /** {@code redis://127.0.0.1:<port>} */
    public String url() {
        return "redis://127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    /** Starts the server (again) on the same port and waits until it answers PING. */
    public synchronized void start() {
        if (process != null && process.isAlive()) {
            return;
        }
        String binary = binary();
        try {
            process = new ProcessBuilder(binary, "--port", Integer.toString(port), "--bind", "127.0.0.1",
                    "--save", "", "--appendonly", "no", "--protected-mode", "no", "--loglevel", "warning")
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start " + binary + ": " + e.getMessage(), e);
        }
        long deadline = System.nanoTime() + START_WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            if (pong()) {
                return;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("redis-server exited at start with " + process.exitValue());
            }
            sleep(20);
        }
        stop();
        throw new IllegalStateException("redis-server did not answer on port " + port + " within " + START_WAIT);
    }

    /** Kills the server by its pid (SIGKILL: an outage, not a shutdown) and waits until it is gone. */
    public synchronized void stop() {
        Process p = process;
        if (p == null) {
            return;
        }
        p.toHandle().destroyForcibly();
        try {
            p.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process = null;
    }

    /** Sends one command in Redis's inline form and returns the first line of the reply, e.g. {@code FLUSHALL}. */
    public String command(String inline) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            s.setSoTimeout(2000);
            OutputStream out = s.getOutputStream();
            out.write((inline + "\r\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = s.getInputStream();
            StringBuilder line = new StringBuilder();
            int c;
            while ((c = in.read()) >= 0 && c != '\n') {
                if (c != '\r') {
                    line.append((char) c);
                }
            }
            return line.toString();
        } catch (IOException e) {
            return "";
        }
    }

    private boolean pong() {
        return command("PING").equals("+PONG");
    }

    private static String binary() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            Path p = Path.of(dir, "redis-server");
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        for (String p : new String[] {"/usr/bin/redis-server", "/usr/local/bin/redis-server", "/usr/sbin/redis-server"}) {
            if (Files.isExecutable(Path.of(p))) {
                return p;
            }
        }
        throw new IllegalStateException("redis-server is not installed (Debian: apt-get install -y redis-server; .ci/run does it)");
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port", e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting redis-server", e);
        }
    }
}
