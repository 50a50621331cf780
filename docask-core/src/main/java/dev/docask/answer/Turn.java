package dev.docask.answer;

import java.util.Objects;

/**
 * One earlier message of a conversation, given to {@link AskHandler#ask(String, java.util.List, AskHandler.Listener)}
 * so that a follow-up such as "and for modules?" can be understood.
 *
 * <pre>{@code
 * List<Turn> history = List.of(Turn.user("how do I mock a function?"), Turn.assistant("Use vi.fn() [1]."));
 * }</pre>
 *
 * @param role who said it
 * @param text what was said
 */
public record Turn(Role role, String text) {

    /** Who said a turn. */
    public enum Role { USER, ASSISTANT }

    public Turn {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(text, "text");
    }

    public static Turn user(String text) {
        return new Turn(Role.USER, text);
    }

    public static Turn assistant(String text) {
        return new Turn(Role.ASSISTANT, text);
    }
}
