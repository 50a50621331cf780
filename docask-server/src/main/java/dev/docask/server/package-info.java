/**
 * The HTTP server: a streamed ask endpoint, search, feedback, health and metrics, and the
 * embeddable widget, over one index that it reloads when a new generation is published.
 * Start at {@link dev.docask.server.DocaskServer}. Not yet {@code @NullMarked}: NullAway found 16
 * places to annotate (Javalin's nullable headers among them); see docs/design.md, Nullness.
 */
package dev.docask.server;
