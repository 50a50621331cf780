/**
 * docask for coding agents (docs/design.md, "For coding agents"): the MCP tools {@code search_docs},
 * {@code fetch_page} and {@code list_pages} over one index, served with the official MCP Java SDK over
 * stdio or Streamable HTTP, and the site's {@code llms.txt} / {@code llms-full.txt}. Start at
 * {@link dev.docask.mcp.DocsMcp}; {@link dev.docask.mcp.LlmsTxt} writes the two files.
 */
@NullMarked
package dev.docask.mcp;

import org.jspecify.annotations.NullMarked;
