package dev.docask.answer;

import dev.docask.retrieve.Source;

import java.util.List;
import java.util.Objects;

/**
 * What an answer stream sends, in this order: one {@link Sources}, any number of {@link Delta}s,
 * then exactly one {@link Done} or {@link Failed}. A refusal is sent the same way: no sources, the
 * "I don't know" text as one delta, and a {@code Done} whose answer is {@code refused}.
 *
 * <pre>{@code
 * handler.ask(question, List.of(), event -> {
 *     switch (event) {
 *         case AskEvent.Sources s -> s.sources().forEach(src -> System.out.println("[" + src.n() + "] " + src.url()));
 *         case AskEvent.Delta d -> System.out.print(d.text());
 *         case AskEvent.Done d -> System.out.println();
 *         case AskEvent.Failed f -> System.err.println(f.message());
 *     }
 * });
 * }</pre>
 */
public sealed interface AskEvent {

    /** The event's name on the wire (Server-Sent Events): {@code sources}, {@code delta}, {@code done}, {@code error}. */
    String name();

    /** Every numbered source, sent before the first token. */
    record Sources(List<Source> sources) implements AskEvent {
        public Sources {
            sources = List.copyOf(sources);
        }

        @Override
        public String name() {
            return "sources";
        }
    }

    /** The next piece of the answer text. */
    record Delta(String text) implements AskEvent {
        public Delta {
            Objects.requireNonNull(text, "text");
        }

        @Override
        public String name() {
            return "delta";
        }
    }

    /** The answer is complete. */
    record Done(Answer answer) implements AskEvent {
        public Done {
            Objects.requireNonNull(answer, "answer");
        }

        @Override
        public String name() {
            return "done";
        }
    }

    /** The answer failed (model error, timeout); the message is safe to show and holds no key. */
    record Failed(String message) implements AskEvent {
        public Failed {
            Objects.requireNonNull(message, "message");
        }

        @Override
        public String name() {
            return "error";
        }
    }
}
