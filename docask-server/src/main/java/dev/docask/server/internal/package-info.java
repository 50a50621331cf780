/**
 * What docask serve's replicas share (docs/design.md#scale): the seam a shared store such as
 * docask-redis implements, found with {@link java.util.ServiceLoader} so that a server without
 * {@code --redis} loads none of it; and {@link dev.docask.server.internal.McpLeases}, the MCP tools' leases on a
 * reloaded index, which /mcp and {@code docask mcp} share. Not part of docask's API.
 */
@NullMarked
package dev.docask.server.internal;

import org.jspecify.annotations.NullMarked;
