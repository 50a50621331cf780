package dev.docask.retrieve.internal;

import dev.docask.retrieve.HybridRetriever;

/**
 * The text a framework adapter searches for a chat message (LangChain4j's {@code ContentRetriever}, Spring AI's
 * {@code DocumentRetriever}): the message itself, or, past {@link HybridRetriever#MAX_QUESTION_CHARS}, its opening and
 * its end. Inside someone else's chat pipeline an exception for a long message (a pasted log with the question after
 * it) fails the whole reply; the question is most often at one end of such a message, so both ends are searched.
 *
 * <pre>{@code
 * retriever.retrieve(ChatQuery.searchable(query.text()), options);
 * }</pre>
 */
public final class ChatQuery {
    private static final String GAP = "\n…\n";

    private ChatQuery() {
    }

    /** {@code text} when it fits the retriever's limit; else its two ends, cut at white space, within the limit. */
    public static String searchable(String text) {
        String t = text.strip();
        if (t.length() <= HybridRetriever.MAX_QUESTION_CHARS) {
            return t;
        }
        int half = (HybridRetriever.MAX_QUESTION_CHARS - GAP.length()) / 2;
        String head = t.substring(0, half);
        int cut = head.lastIndexOf(' ');
        head = cut > half / 2 ? head.substring(0, cut) : head;
        String tail = t.substring(t.length() - half);
        cut = tail.indexOf(' ');
        tail = cut >= 0 && cut < half / 2 ? tail.substring(cut + 1) : tail;
        return head.strip() + GAP + tail.strip();
    }
}
