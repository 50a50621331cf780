/**
 * docask-mcp's helpers for docask's other modules, not part of the API (docs/api.md): {@link
 * dev.docask.mcp.internal.ReplayedRequest}, a request body read once to check it and handed on, which the MCP servlet
 * and the server's guard in front of it share.
 */
@NullMarked
package dev.docask.mcp.internal;

import org.jspecify.annotations.NullMarked;
