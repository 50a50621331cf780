package dev.docask.testsupport;

import java.util.HexFormat;
import java.util.Random;
import java.util.function.Function;

/**
 * Runs a fuzz check on inputs drawn from a {@link Random} with a fixed seed (docs/reliability.md):
 * every build tries the same inputs, and a failure names the seed, the try and the input, so that
 * it is replayed by running the test again.
 */
public final class Fuzz {
    private static final int SHOWN_CHARS = 300;

    /** A check of one input; anything it throws is a failure. */
    @FunctionalInterface
    public interface Check<T> {
        void accept(T input) throws Exception;
    }

    private Fuzz() {
    }

    /** Checks {@code tries} inputs that {@code generator} draws from {@code new Random(seed)}. */
    public static <T> void check(long seed, int tries, Function<Random, T> generator, Check<? super T> check) {
        Random random = new Random(seed);
        for (int i = 0; i < tries; i++) {
            T input = generator.apply(random);
            try {
                check.accept(input);
            } catch (Throwable failure) {
                throw new AssertionError("fuzz input failed: seed " + seed + "L, try " + (i + 1) + " of " + tries
                        + " (the same seed draws the same inputs: run the test again to replay), input "
                        + show(input) + ": " + failure, failure);
            }
        }
    }

    /** An input, shortened, with its invisible characters escaped; byte arrays in hex. */
    public static String show(Object input) {
        if (input instanceof byte[] bytes) {
            String hex = HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, SHOWN_CHARS / 2));
            return bytes.length + " bytes [" + hex + (bytes.length > SHOWN_CHARS / 2 ? "…" : "") + "]";
        }
        String text = String.valueOf(input);
        StringBuilder shown = new StringBuilder("\"");
        for (int i = 0; i < Math.min(text.length(), SHOWN_CHARS); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                shown.append('\\').append(c);
            } else if (c >= 0x20 && c < 0x7F) {
                shown.append(c);
            } else {
                shown.append(String.format("\\u%04X", (int) c));
            }
        }
        return shown.append(text.length() > SHOWN_CHARS ? "\"… (" + text.length() + " chars)" : "\"").toString();
    }
}
