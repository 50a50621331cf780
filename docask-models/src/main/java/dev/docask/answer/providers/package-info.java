/**
 * The chat models named by spec beyond core. Start at {@link dev.docask.answer.providers.OpenAiModels}
 * ({@code openai:<name>}, any OpenAI-compatible server); {@link dev.docask.answer.providers.AnthropicModels}
 * ({@code anthropic:<name>}) and {@link dev.docask.answer.providers.OllamaModels} ({@code ollama:<name>})
 * work the same way. Each is a {@link dev.docask.answer.ChatModelProvider} that
 * {@link dev.docask.answer.ModelSpec} finds through {@link java.util.ServiceLoader}, so a user puts
 * docask-models on the class path and names a model by its spec. Nothing here is {@code null} unless
 * it is marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.docask.answer.providers;

import org.jspecify.annotations.NullMarked;
