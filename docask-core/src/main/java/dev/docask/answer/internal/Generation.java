package dev.docask.answer.internal;

import dev.docask.answer.AskHandler;
import dev.docask.index.DocIndex;
import dev.docask.retrieve.HybridRetriever;

import org.jspecify.annotations.Nullable;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/*
 * One loaded index generation and what is built on it. Requests hold a lease on the generation
 * they started with, so a hot reload never pulls an index from under a running answer: a retired
 * generation is closed by whoever lets go of it last (the swap, or the last request's release).
 * refs is -1 once closed, and a closed generation cannot be leased again. Shared by docask serve and
 * the Spring Boot starter.
 */
public final class Generation {
    private final String name;
    private final DocIndex index;
    private final HybridRetriever retriever;
    private final @Nullable AskHandler handler; // null: retrieval only
    private final AtomicInteger refs = new AtomicInteger();
    private volatile boolean retired;

    public Generation(String name, DocIndex index, HybridRetriever retriever, @Nullable AskHandler handler) {
        this.name = name;
        this.index = index;
        this.retriever = retriever;
        this.handler = handler;
    }

    public String name() {
        return name;
    }

    public DocIndex index() {
        return index;
    }

    public HybridRetriever retriever() {
        return retriever;
    }

    public AskHandler handler() {
        return Objects.requireNonNull(handler, "this generation was loaded for retrieval only");
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

    public boolean closed() {
        return refs.get() < 0;
    }

    private void close() {
        try {
            AskHandler h = handler;
            if (h != null) {
                h.close();
            }
        } finally {
            index.close();
        }
    }
}
