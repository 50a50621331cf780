package dev.docask.ingest;

import dev.docask.ingest.ScriptLiterals.Computed;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/*
 * VitePress's .vitepress/config.* and Astro's astro.config.* are read as DocusaurusConfig reads docusaurus.config.*:
 * a setting written as a literal is read, one the config computes keeps the framework's default and becomes a note
 * naming it (docs/design.md, "Ingest"). Only the config's own settings count (ScriptLiterals.topLevel): a sidebar
 * item's `base` is not the site's.
 */

/** The top-level settings a site's script config writes as literals, and notes on those it computes. */
final class ConfigFile {

    private static final List<String> EXTENSIONS = List.of("ts", "mts", "js", "mjs", "cjs", "cts");

    private final ScriptLiterals script;
    private final String name;
    private final List<String> notes = new ArrayList<>();

    private ConfigFile(String source, String name) {
        this.script = ScriptLiterals.of(source);
        this.name = name;
    }

    /** The config {@code source}, a file named {@code name} (as problems name it). */
    static ConfigFile parse(String source, String name) {
        return new ConfigFile(source, name);
    }

    /**
     * The config {@code <stem>.<ext>} in {@code dir}, named {@code prefix + file name}; empty when there is none. A file
     * that cannot be read is one that sets nothing: its defaults stand, as for a config docask cannot parse.
     */
    static Optional<ConfigFile> read(Path dir, String stem, String prefix) {
        return find(dir, stem).map(file -> {
            try {
                return parse(text(file), prefix + file.getFileName());
            } catch (IOException | RuntimeException e) {
                ConfigFile config = parse("", prefix + file.getFileName());
                config.note(unreadable(e));
                return config;
            }
        });
    }

    /**
     * The text of a config file, its bytes read as UTF-8: a byte that is not (a name in Latin-1 in a comment) is read
     * as U+FFFD, so the settings around it still count.
     */
    static String text(Path file) throws IOException {
        return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE).decode(ByteBuffer.wrap(Files.readAllBytes(file))).toString();
    }

    /** The note on a config file that cannot be read at all. */
    static String unreadable(Exception e) {
        return "cannot be read (" + Objects.requireNonNullElse(e.getMessage(), e.getClass().getSimpleName())
                + "): the framework's defaults are used";
    }

    /** The file {@code <stem>.<ext>} in {@code dir}, for the first extension a config may have. */
    static Optional<Path> find(Path dir, String stem) {
        return EXTENSIONS.stream().map(ext -> dir.resolve(stem + "." + ext)).filter(Files::isRegularFile).findFirst();
    }

    /** The string {@code key} is set to; {@code fallback} when unset, or computed (then noted). */
    String string(String key, String fallback) {
        return literal(script.topLevel(key).orElse(null), key, fallback, notes);
    }

    /**
     * {@code value} when it is a string; {@code fallback} when it is absent, or computed: then a note in {@code notes}
     * names the {@code setting} and what was read instead (every config reader's one rule, docs/design.md "Ingest").
     */
    static String literal(@Nullable Object value, String setting, String fallback, List<String> notes) {
        if (value == null || value instanceof String) {
            return value == null ? fallback : (String) value;
        }
        notes.add(setting + " is computed (" + ScriptLiterals.describe(value) + "): "
                + (fallback.isEmpty() ? "not read" : "read as '" + fallback + "'"));
        return fallback;
    }

    /** The string under {@code key} of the object {@code parent} is set to, as {@link #string} reads it. */
    String string(String parent, String key, String fallback) {
        Optional<Object> v = script.topLevel(parent);
        if (v.isEmpty() || !(v.get() instanceof Map<?, ?> m) || !m.containsKey(key)) {
            if (v.isPresent() && v.get() instanceof Computed c) {
                notes.add(parent + " is computed (" + c.text() + "): " + parent + "." + key + " read as '" + fallback + "'");
            }
            return fallback;
        }
        return literal(m.get(key), parent + "." + key, fallback, notes);
    }

    /** Whether {@code key} is set to true; {@code fallback} when unset, or computed (then noted). */
    boolean bool(String key, boolean fallback) {
        Optional<Object> v = script.topLevel(key);
        if (v.isEmpty() || v.get() instanceof Boolean) {
            return v.map(Boolean.class::cast).orElse(fallback);
        }
        notes.add(key + " is computed (" + ScriptLiterals.describe(v.get()) + "): read as " + fallback);
        return fallback;
    }

    /** What {@code key} is set to, as read (a literal or a Computed); empty when unset. */
    Optional<Object> value(String key) {
        return script.topLevel(key);
    }

    /** Adds a note on a setting that was not read. */
    void note(String note) {
        notes.add(note);
    }

    /** The settings the config computes, which were not read, one line each. */
    List<String> notes() {
        return notes.stream().distinct().toList();
    }

    /** The config file's name, as the run's problems name it. */
    String name() {
        return name;
    }

    /** A config's base setting ('/project/', '/docs', '/') as a path: "/project", or "" for the host's root. */
    static String basePath(String base) {
        return pathOf(base.strip());
    }

    /** A path setting ('docs', '/docs/', '/') as a path from the site root: "/docs", or "" for the root itself. */
    static String pathOf(String setting) {
        String trimmed = trimSlashes(setting);
        return trimmed.isEmpty() ? "" : "/" + trimmed;
    }

    /** The setting without its leading and trailing slashes: "/docs/" is "docs". */
    static String trimSlashes(String s) {
        return s.replaceAll("^/+|/+$", "");
    }
}
