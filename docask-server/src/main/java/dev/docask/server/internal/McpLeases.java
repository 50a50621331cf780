package dev.docask.server.internal;

import dev.docask.answer.internal.LiveIndex;
import dev.docask.mcp.DocsMcp;
import dev.docask.retrieve.HybridRetriever;

import java.util.function.Supplier;

/**
 * The MCP tools' leases on an index that is reloaded (a {@link LiveIndex}): each tool call holds the generation it
 * started on, and a call that starts after a reload gets the new one. {@code docask serve}'s /mcp and {@code docask mcp}
 * over stdio both serve through this (docask-mcp knows no reloaded index: it sits below the answer layer).
 */
public final class McpLeases {
    private McpLeases() {
    }

    /** A lease on {@code live}'s current generation per call. */
    public static Supplier<DocsMcp.Lease> of(LiveIndex live) {
        return () -> {
            LiveIndex.Lease lease = live.lease();
            return new DocsMcp.Lease() {
                @Override
                public HybridRetriever retriever() {
                    return lease.generation().retriever();
                }

                @Override
                public void close() {
                    lease.close();
                }
            };
        };
    }
}
