/**
 * Chat models by spec ({@code openai:}, {@code anthropic:}, {@code ollama:}), found by {@link dev.docask.answer.ModelSpecs} through these providers.
 */
package dev.docask.answer.providers;
