package dev.docask.server;

import io.javalin.http.Context;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.BufferUtil;
import org.eclipse.jetty.util.Callback;

import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.NetworkChannel;

/*
 * Notices that a client went away while its request is still being worked on and nothing has
 * been written yet (a JSON answer is written whole at the end, so no failed write can tell).
 * HTTP/2 and Jetty's own failures reach the request's failure listeners. An HTTP/1.1 connection is
 * not read while its request is handled, so a closed socket goes unseen: once the body has been
 * read, this asks the connection to report readability, and reads one byte. End of stream means
 * the client closed. Bytes mean a pipelined next request, which is lost: that is why the response
 * is sent with Connection: close, which also ends the read interest with the connection instead
 * of leaving it to clash with Jetty's own when it reads the next request.
 */
final class ClientWatch {
    private ClientWatch() {
    }

    /**
     * Closes the connection of {@code ctx} now, from any thread: a write blocked on a client that
     * does not read fails at once instead of at the idle timeout.
     */
    static void cutOff(Context ctx) {
        try {
            Request request = ServletContextRequest.getServletContextRequest(ctx.req());
            if (request != null) {
                EndPoint endPoint = request.getConnectionMetaData().getConnection().getEndPoint();
                resetOnClose(endPoint);
                endPoint.close();
            }
        } catch (IllegalStateException notJetty) {
            // not on Jetty: its idle timeout ends the write
        }
    }

    /*
     * A reader that stopped reading has a full receive window, so a graceful close's FIN would wait behind the
     * unsent answer; the kernel then drops that orphaned socket silently after its zero-window probes, and the
     * reader never learns the connection ended. Zero linger makes the close a reset, which reaches it at once.
     */
    private static void resetOnClose(EndPoint endPoint) {
        if (endPoint.getTransport() instanceof NetworkChannel channel && channel.isOpen()) {
            try {
                channel.setOption(StandardSocketOptions.SO_LINGER, 0);
            } catch (IOException | UnsupportedOperationException cannot) {
                // a graceful close still ends the connection once the reader reads again
            }
        }
    }

    /** Runs {@code action} (once, on another thread) if the client of {@code ctx} disconnects; call after reading the body. */
    static void onGone(Context ctx, Runnable action) {
        Request request;
        try {
            request = ServletContextRequest.getServletContextRequest(ctx.req());
        } catch (IllegalStateException notJetty) {
            return;
        }
        if (request == null) {
            return;
        }
        Runnable once = new Runnable() {
            private boolean ran;

            @Override
            public synchronized void run() {
                if (!ran) {
                    ran = true;
                    action.run();
                }
            }
        };
        request.addFailureListener(failure -> once.run());
        HttpVersion version = request.getConnectionMetaData().getHttpVersion();
        if (version != HttpVersion.HTTP_1_1 && version != HttpVersion.HTTP_1_0) {
            return;
        }
        EndPoint endPoint = request.getConnectionMetaData().getConnection().getEndPoint();
        ctx.header("Connection", "close");
        endPoint.tryFillInterested(new Callback() {
            @Override
            public void succeeded() {
                try {
                    if (endPoint.fill(BufferUtil.allocate(1)) < 0) { // Jetty's buffers start empty in flush mode
                        once.run();
                    }
                } catch (IOException e) {
                    once.run();
                }
            }

            @Override
            public void failed(Throwable x) {
                once.run(); // closed under the request, or after the response, when cancelling is harmless
            }
        });
    }
}
