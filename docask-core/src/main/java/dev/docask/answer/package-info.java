/**
 * Cited answers. Start at {@link dev.docask.answer.AskHandler}: it retrieves, refuses without
 * calling a model when nothing is relevant, and otherwise streams the model's cited answer (or
 * quotes the sources when there is no model) as {@link dev.docask.answer.AskEvent}s ending in an
 * {@link dev.docask.answer.Answer}. Models are LangChain4j {@code StreamingChatModel}s, or a
 * {@link dev.docask.answer.ModelSpec} that a {@link dev.docask.answer.ChatModelProvider} builds.
 */
@NullMarked
package dev.docask.answer;

import org.jspecify.annotations.NullMarked;
