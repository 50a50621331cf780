package dev.docask.spring.internal;

import org.junit.jupiter.api.Test;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.io.support.SpringFactoriesLoader;

import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;

/** A docask.* property the starter refuses is reported in Boot's short failure block, not as a stack trace. */
public class PropertyFailureAnalyzerTest {
    /** As SpringApplication does: the analyzers spring.factories lists (here docask's; Boot's others need a bean factory). */
    public static @Nullable FailureAnalysis analyze(Throwable failure) {
        return SpringFactoriesLoader.forDefaultResourceLocation()
                .load(FailureAnalyzer.class, null, (type, name, cannotMake) -> { }).stream()
                .filter(a -> a instanceof PropertyFailureAnalyzer)
                .map(a -> a.analyze(failure)).filter(Objects::nonNull).findFirst().orElse(null);
    }

    @Test
    void analyze_invalidPropertyDeepInABeanFailure_describesThePropertyValueAndReason() {
        InvalidPropertyException bad = new InvalidPropertyException("docask.model", "gtp-4o",
                "unknown model 'gtp-4o'", "Update docask.model in your application's configuration.", null);
        Throwable failure = new BeanCreationException("docaskIndex", "Error creating bean",
                new BeanCreationException("docaskAnswerFactory", "Error creating bean", bad));

        FailureAnalysis analysis = analyze(failure);

        assertThat(analysis).as("registered in META-INF/spring.factories").isNotNull();
        assertThat(analysis.getDescription()).contains("Property: docask.model\n", "Value: \"gtp-4o\"\n",
                "Reason: unknown model 'gtp-4o'");
        assertThat(analysis.getAction()).isEqualTo("Update docask.model in your application's configuration.");
        assertThat(analysis.getCause()).isSameAs(bad);
    }

    @Test
    void analyze_failureOfAnotherKind_isLeftToSpringBoot() {
        assertThat(analyze(new IllegalStateException("not ours"))).isNull();
    }
}
