package dev.docask.spring.internal;

import org.jspecify.annotations.Nullable;

import java.util.function.Supplier;

/**
 * A {@code docask.*} property the starter cannot start with: which one, its value, why, and what to do, so that
 * {@link PropertyFailureAnalyzer} reports it in Spring Boot's "APPLICATION FAILED TO START" block.
 *
 * <pre>{@code
 * ModelSpec model = InvalidPropertyException.check("docask.model", spec, () -> ModelSpec.parse(spec));
 * // docask cannot start with this configuration: Property: docask.model, Value: "gtp-4o", Reason: unknown model 'gtp-4o'; …
 * }</pre>
 */
public final class InvalidPropertyException extends IllegalStateException {
    private final String property;
    private final String value;
    private final String reason;
    private final String action;

    public InvalidPropertyException(String property, @Nullable Object value, String reason, String action,
                                    @Nullable Throwable cause) {
        super(property + "=" + (value == null ? "" : value) + ": " + reason, cause);
        this.property = property;
        this.value = value == null ? "" : value.toString();
        this.reason = reason;
        this.action = action;
    }

    /** Runs {@code make}; docask's own refusal of the value (an illegal argument or state) becomes one naming {@code property}. */
    public static <T> T check(String property, @Nullable Object value, Supplier<T> make) {
        try {
            return make.get();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new InvalidPropertyException(property, value, String.valueOf(e.getMessage()), updateAction(property), e);
        }
    }

    /** Refuses {@code value} for {@code property} when {@code ok} is false. */
    public static void require(boolean ok, String property, @Nullable Object value, String reason) {
        if (!ok) {
            throw new InvalidPropertyException(property, value, reason, updateAction(property), null);
        }
    }

    static String updateAction(String property) {
        return "Update " + property + " in your application's configuration.";
    }

    public String property() {
        return property;
    }

    public String value() {
        return value;
    }

    public String reason() {
        return reason;
    }

    public String action() {
        return action;
    }
}
