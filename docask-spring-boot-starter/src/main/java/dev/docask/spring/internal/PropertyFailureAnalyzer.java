package dev.docask.spring.internal;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/*
 * Without it a bad docask.* property surfaces as five nested "Error creating bean" exceptions and a stack trace,
 * the reason at the bottom; Spring Boot's own properties get this short block (BindFailureAnalyzer), so ours do too.
 */
/** Turns an {@link InvalidPropertyException} anywhere in a failed start into Boot's description-and-action report. */
public final class PropertyFailureAnalyzer extends AbstractFailureAnalyzer<InvalidPropertyException> {
    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, InvalidPropertyException cause) {
        String description = "docask cannot start with this configuration:\n\n"
                + "    Property: " + cause.property() + "\n"
                + "    Value: \"" + cause.value() + "\"\n"
                + "    Reason: " + cause.reason();
        return new FailureAnalysis(description, cause.action(), cause);
    }
}
