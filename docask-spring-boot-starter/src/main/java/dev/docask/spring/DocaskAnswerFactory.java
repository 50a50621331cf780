package dev.docask.spring;

import dev.docask.answer.AskHandler;
import dev.docask.retrieve.HybridRetriever;

/**
 * Builds the ask handler for each index generation the starter loads; the starter closes it when the
 * generation is replaced. Define a bean of this type to build it yourself (prompts, refusal text, hooks);
 * the default one reads the {@code docask.*} properties and takes a {@code StreamingChatModel} bean when
 * there is one.
 *
 * <pre>{@code
 * @Bean
 * DocaskAnswerFactory answers(StreamingChatModel model) {
 *     return retriever -> AskHandler.builder().retriever(retriever).model(model, "openai:gpt-4o-mini")
 *             .noAnswerMessage("Nothing in our docs about that.").build();
 * }
 * }</pre>
 */
@FunctionalInterface
public interface DocaskAnswerFactory {
    AskHandler create(HybridRetriever retriever);
}
