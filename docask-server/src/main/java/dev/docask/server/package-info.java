/**
 * The HTTP server: a streamed ask endpoint, search, feedback, health and metrics, and the
 * embeddable widget, over one index that it reloads when a new generation is published.
 * Start at {@link dev.docask.server.DocaskServer}.
 */
@NullMarked
package dev.docask.server;

import org.jspecify.annotations.NullMarked;
