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

    /*
     * A base URL or key with a typo would only fail inside the HTTP client, on every question, as "the language model
     * failed (IllegalArgumentException)"; checked when the model is made, it is a usage error naming the variable.
     */

    /** The variable as an http(s) URL with a host; IllegalArgumentException naming it when it is not one. */
    static Optional<String> url(Map<String, String> env, String name) {
        return find(env, name).map(v -> checkedUrl(name, v, v));
    }

    /** {@code url}, made from variable {@code name}'s value {@code given}, when it is an http(s) URL with a host. */
    static String checkedUrl(String name, String given, String url) {
        java.net.URI uri;
        try {
            uri = new java.net.URI(url);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException(name + "='" + given + "' is not a URL (" + e.getReason() + ")");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            throw new IllegalArgumentException(name + "='" + given + "' is not an http(s) URL with a host, "
                    + "e.g. http://127.0.0.1:8080");
        }
        return url;
    }

    /** The variable as an API key: one line of printable characters; IllegalArgumentException naming it (not its value). */
    static Optional<String> key(Map<String, String> env, String name) {
        return find(env, name).map(v -> {
            if (v.chars().anyMatch(c -> c < 0x21 || c == 0x7f)) {
                throw new IllegalArgumentException(name + " holds a space, a line break or a control character; "
                        + "an API key is one word");
            }
            return v;
        });
    }
}
