package dev.docask.answer.providers;

import java.util.Map;
import java.util.Optional;

/** Reads one setting from the environment map the caller gave; blank counts as unset. */
final class Env {
    private Env() {
    }

    static Optional<String> find(Map<String, String> env, String name) {
        String v = env.get(name);
        return v == null || v.isBlank() ? Optional.empty() : Optional.of(v.strip());
    }
}
