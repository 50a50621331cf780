package dev.docask.answer;

/**
 * Tokens a language model reported for one answer (follow-up rewrite included).
 *
 * @param inputTokens  prompt tokens
 * @param outputTokens generated tokens
 */
public record Usage(int inputTokens, int outputTokens) {
    public Usage {
        if (inputTokens < 0 || outputTokens < 0) {
            throw new IllegalArgumentException("token counts cannot be negative: " + inputTokens + ", " + outputTokens);
        }
    }

    public int totalTokens() {
        return inputTokens + outputTokens;
    }

    /** The sum of two usages; {@code null} stands for "not reported". */
    static Usage plus(Usage a, Usage b) {
        if (a == null) {
            return b;
        }
        return b == null ? a : new Usage(a.inputTokens + b.inputTokens, a.outputTokens + b.outputTokens);
    }
}
