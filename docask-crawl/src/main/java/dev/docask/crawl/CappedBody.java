package dev.docask.crawl;

import org.jspecify.annotations.Nullable;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/*
 * A page past the size cap (or one not wanted at all, a PDF) must not be downloaded whole: a 50 MB
 * page would cost the time and memory of 50 MB for nothing. The subscriber takes bytes until the
 * cap and then cancels, which closes the connection.
 */

/** A response body read up to a number of bytes, then given up. */
final class CappedBody implements HttpResponse.BodySubscriber<CappedBody.Bytes> {

    /** What was read, and whether the body went on past the cap (the bytes are then not the whole body). */
    record Bytes(byte[] data, boolean overCap) {
    }

    private final long cap;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final CompletableFuture<Bytes> result = new CompletableFuture<>();
    private Flow.@Nullable Subscription subscription;

    CappedBody(long cap) {
        this.cap = cap;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        if (cap == 0) {
            s.cancel();
            result.complete(new Bytes(new byte[0], true));
        } else {
            s.request(1);
        }
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
        Flow.Subscription s = subscription;
        if (result.isDone() || s == null) {
            return;
        }
        for (ByteBuffer b : items) {
            if (out.size() + (long) b.remaining() > cap) {
                s.cancel();
                result.complete(new Bytes(out.toByteArray(), true));
                return;
            }
            byte[] chunk = new byte[b.remaining()];
            b.get(chunk);
            out.writeBytes(chunk);
        }
        s.request(1);
    }

    @Override
    public void onError(Throwable error) {
        result.completeExceptionally(error);
    }

    @Override
    public void onComplete() {
        result.complete(new Bytes(out.toByteArray(), false));
    }

    @Override
    public CompletionStage<Bytes> getBody() {
        return result;
    }
}
