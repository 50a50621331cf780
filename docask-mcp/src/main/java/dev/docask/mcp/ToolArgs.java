package dev.docask.mcp;

import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Map;

/*
 * The arguments of one tool call, checked here rather than by the SDK's JSON Schema validation so
 * that each mistake gets a sentence naming the argument and what it should be.
 */
final class ToolArgs {
    private final String tool;
    private final Map<String, Object> args;

    ToolArgs(String tool, @Nullable Map<String, Object> args, List<String> known) {
        this.tool = tool;
        this.args = args == null ? Map.of() : args;
        for (String name : this.args.keySet()) {
            if (!known.contains(name)) {
                throw new ToolError(tool + " has no argument '" + name + "'; it takes " + String.join(", ", known) + ".");
            }
        }
    }

    /** A required text argument, stripped, at most {@code maxChars} characters. */
    String requireText(String name, String what, int maxChars) {
        Object v = args.get(name);
        if (v == null || v instanceof String s && s.isBlank()) {
            throw new ToolError(tool + " needs '" + name + "': " + what + ".");
        }
        return text(name, v, maxChars);
    }

    /** An optional text argument, stripped; empty when absent or blank. */
    String optionalText(String name, int maxChars) {
        Object v = args.get(name);
        return v == null ? "" : text(name, v, maxChars);
    }

    private String text(String name, Object v, int maxChars) {
        if (!(v instanceof String s)) {
            throw new ToolError(tool + ": '" + name + "' must be a string, got " + describe(v) + ".");
        }
        String t = s.strip();
        int length = t.codePointCount(0, t.length());
        if (length > maxChars) {
            throw new ToolError(tool + ": '" + name + "' is " + length + " characters long; the limit is " + maxChars
                    + ". Send the words that matter.");
        }
        return t;
    }

    /** An optional whole number from {@code min} to {@code max}, else {@code fallback}. */
    int optionalInt(String name, int min, int max, int fallback) {
        Object v = args.get(name);
        if (v == null) {
            return fallback;
        }
        if (v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()) && n.doubleValue() >= min
                && n.doubleValue() <= max) {
            return n.intValue();
        }
        throw new ToolError(tool + ": '" + name + "' must be a whole number from " + min + " to " + max + ", got "
                + describe(v) + ".");
    }

    private static String describe(Object v) {
        String s = v instanceof String text ? "\"" + text + "\"" : String.valueOf(v);
        return s.length() > 40 ? s.substring(0, 40) + "…" : s;
    }
}
