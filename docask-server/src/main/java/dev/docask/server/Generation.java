package dev.docask.server;

import dev.docask.answer.AskHandler;
import dev.docask.index.DocIndex;
import dev.docask.retrieve.HybridRetriever;

import java.util.concurrent.atomic.AtomicInteger;

/*
 * One loaded index generation and what is built on it. Requests hold a lease on the generation
 * they started with, so a hot reload never pulls an index from under a running answer: a retired
 * generation is closed by whoever lets go of it last (the swap, or the last request's release).
 * refs is -1 once closed, and a closed generation cannot be leased again.
 */
final class Generation {
    private final String name;
    private final DocIndex index;
    private final HybridRetriever retriever;
    private final AskHandler handler;
    private final AtomicInteger refs = new AtomicInteger();
    private volatile boolean retired;

    Generation(String name, DocIndex index, HybridRetriever retriever, AskHandler handler) {
        this.name = name;
        this.index = index;
        this.retriever = retriever;
        this.handler = handler;
    }

    String name() {
        return name;
    }

    DocIndex index() {
        return index;
    }

    HybridRetriever retriever() {
        return retriever;
    }

    AskHandler handler() {
        return handler;
    }

    /** Takes a lease; false when this generation is already closed. */
    boolean retain() {
        while (true) {
            int r = refs.get();
            if (r < 0) {
                return false;
            }
            if (refs.compareAndSet(r, r + 1)) {
                return true;
            }
        }
    }

    void release() {
        if (refs.decrementAndGet() == 0 && retired && refs.compareAndSet(0, -1)) {
            close();
        }
    }

    /** No new leases will be asked of it; closes now or when the last lease is released. */
    void retire() {
        retired = true;
        if (refs.compareAndSet(0, -1)) {
            close();
        }
    }

    boolean closed() {
        return refs.get() < 0;
    }

    private void close() {
        try {
            if (handler != null) {
                handler.close();
            }
        } finally {
            index.close();
        }
    }
}
