package dev.docask.answer;

import dev.langchain4j.model.chat.StreamingChatModel;

import java.time.Duration;
import java.util.Map;

/**
 * Builds the chat models of one {@link ModelSpec#provider()}, found with {@link java.util.ServiceLoader}:
 * docask-models serves {@code openai}, {@code anthropic} and {@code ollama} this way. Register an
 * implementation in {@code META-INF/services/dev.docask.answer.ChatModelProvider}.
 *
 * <pre>{@code
 * public final class MyModels implements ChatModelProvider {
 *     public String provider() { return "my-llm"; }
 *     public StreamingChatModel create(ModelSpec spec, Map<String, String> env, Duration timeout) { ... }
 *     public String endpoint(ModelSpec spec, Map<String, String> env) { return env.getOrDefault("MY_LLM_URL", ""); }
 * }
 * }</pre>
 */
public interface ChatModelProvider {
    /** The provider this serves, e.g. {@code openai}. */
    String provider();

    /**
     * Builds the model with keys and addresses from {@code env}; {@code timeout} bounds each HTTP call.
     *
     * @throws IllegalStateException naming the setting when {@code env} lacks one the provider needs
     */
    StreamingChatModel create(ModelSpec spec, Map<String, String> env, Duration timeout);

    /**
     * The server the model is reached at as {@code env} sets it, or "" for the provider's own default:
     * the same model name on another server is another model, so cached answers are kept apart.
     */
    String endpoint(ModelSpec spec, Map<String, String> env);
}
