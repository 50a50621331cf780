package dev.docask.ingest;

import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.events.CollectionStartEvent;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.events.ScalarEvent;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/*
 * mkdocs.yml is YAML, read once for everything docask takes from it: site_name (the site's name), docs_dir (the folder
 * pages are routed from), use_directory_urls (false: each page is its .html file) and site_url, whose path is the
 * one the site is deployed under (https://org.github.io/project/ serves pages under /project/, as `mkdocs serve`
 * mounts them; BasePath joins it to the base URL as it does Docusaurus's baseUrl). Only the top-level settings count,
 * read from snakeyaml-engine's events (a loop: a deeply nested nav cannot overflow the stack, and no tag such as
 * !!python/name needs a constructor). A value MkDocs computes, `!ENV [SITE_URL, …]` (from the environment when set),
 * keeps the default and becomes a note naming it, as a JavaScript config's computed settings do (docs/design.md,
 * "Ingest").
 */

/** The settings a site's mkdocs.yml writes, and notes on those it computes. */
final class MkDocsConfig {

    private static final int MAX_CODE_POINTS = 4 << 20;
    private static final int SHOWN = 120; // a setting written over many lines is named by its start
    private static final String STRING_TAG = "tag:yaml.org,2002:str";

    /** A top-level setting: its text when written as a plain string, and how it reads in the file. */
    private record Setting(Optional<String> text, String written) {
    }

    private final String file;
    private final Optional<String> siteName;
    private final String docsDir;
    private final boolean directoryUrls;
    private final String basePath;
    private final List<String> notes = new ArrayList<>();

    private MkDocsConfig(String yaml, String file) {
        this.file = file;
        Map<String, Setting> settings = topLevel(yaml);
        this.siteName = Optional.ofNullable(settings.get("site_name")).flatMap(Setting::text).map(String::strip)
                .filter(n -> !n.isEmpty());
        this.docsDir = string(settings, "docs_dir", "docs");
        String flag = string(settings, "use_directory_urls", "true").toLowerCase(Locale.ROOT);
        // PyYAML reads YAML 1.1 booleans: no and off are false too
        this.directoryUrls = !List.of("false", "no", "off").contains(flag);
        this.basePath = sitePath(string(settings, "site_url", ""));
    }

    /** The MkDocs project {@code folder} is in: itself or the nearest parent holding mkdocs.yml. */
    static Optional<Path> site(Path folder) {
        return SiteLayout.nearest(folder.toAbsolutePath().normalize(), d -> SiteLayout.mkdocsConfig(d).isPresent());
    }

    /** The config of the project at {@code site}; MkDocs's defaults when it cannot be read (then noted). */
    static MkDocsConfig read(Path site) {
        Path config = SiteLayout.mkdocsConfig(site).orElse(site.resolve("mkdocs.yml"));
        try {
            return parse(ConfigFile.text(config), config.getFileName().toString());
        } catch (IOException | RuntimeException e) {
            MkDocsConfig defaults = parse("", config.getFileName().toString());
            defaults.notes.add(ConfigFile.unreadable(e));
            return defaults;
        }
    }

    /** The settings {@code yaml} (the text of a config named {@code file}) writes. */
    static MkDocsConfig parse(String yaml, String file) {
        return new MkDocsConfig(yaml, file);
    }

    /** {@code site_name}, stripped; empty when unset, blank or not a plain string. */
    Optional<String> siteName() {
        return siteName;
    }

    /** {@code docs_dir}, relative to the config's folder ({@code docs} by default). */
    String docsDir() {
        return docsDir;
    }

    /** {@code use_directory_urls} (true by default: /setup/, not /setup.html). */
    boolean directoryUrls() {
        return directoryUrls;
    }

    /** The path of {@code site_url} the site is deployed under ("/project"), "" for the host's root or no site_url. */
    String basePath() {
        return basePath;
    }

    /** Settings the config computes or writes so that docask did not read them, one line each. */
    List<String> notes() {
        return notes.stream().distinct().toList();
    }

    /** The config file's name: {@code mkdocs.yml}. */
    String file() {
        return file;
    }

    private String string(Map<String, Setting> settings, String key, String fallback) {
        Setting s = settings.get(key);
        if (s == null) {
            return fallback;
        }
        if (s.text().isPresent()) {
            return s.text().get().isEmpty() ? fallback : s.text().get();
        }
        notes.add(key + " is computed (" + s.written() + "): read as " + (fallback.isEmpty() ? "unset" : "'" + fallback + "'"));
        return fallback;
    }

    private String sitePath(String siteUrl) {
        if (siteUrl.isBlank()) {
            return "";
        }
        try {
            URI uri = new URI(siteUrl.strip());
            if (uri.getScheme() != null && uri.getRawAuthority() != null) {
                return ConfigFile.basePath(Optional.ofNullable(uri.getPath()).orElse(""));
            }
        } catch (URISyntaxException e) {
            // not a URL: noted below, as MkDocs refuses it
        }
        notes.add("site_url '" + siteUrl + "' is not a URL with a scheme and host: no base path read");
        return "";
    }

    /**
     * The top-level settings of {@code yaml}, from its parser's events: a key's value is a {@link Setting} with text
     * when it is a string with no tag but !!str ('null' and '~' unquoted are unset, as PyYAML reads them). A file that
     * is not YAML sets nothing: MkDocs's defaults stand, and a note says why.
     */
    private Map<String, Setting> topLevel(String yaml) {
        Map<String, Setting> settings = new LinkedHashMap<>();
        if (yaml.isBlank()) {
            return settings;
        }
        LoadSettings load = LoadSettings.builder().setLabel(file).setCodePointLimit(MAX_CODE_POINTS)
                .setBufferSize(yaml.length() + 2).build();
        int depth = 0;
        boolean mapping = false;
        boolean atKey = true;
        String key = null;
        Event valueStart = null;
        try {
            for (Event e : new Parse(load).parseString(yaml)) {
                switch (e.getEventId()) {
                    case MappingStart, SequenceStart -> {
                        if (depth == 0) {
                            mapping = e.getEventId() == Event.ID.MappingStart;
                        } else if (depth == 1 && mapping) {
                            if (!atKey) {
                                valueStart = e;
                            }
                            atKey = !atKey;
                        }
                        depth++;
                    }
                    case MappingEnd, SequenceEnd -> {
                        depth--;
                        if (depth == 1 && valueStart != null && key != null) {
                            settings.put(key, new Setting(Optional.empty(), written(yaml, valueStart, e)));
                            valueStart = null;
                        }
                    }
                    case Scalar, Alias -> {
                        if (depth == 1 && mapping) {
                            if (atKey) {
                                key = e instanceof ScalarEvent s ? s.getValue() : null;
                            } else if (key != null) {
                                settings.put(key, scalar(yaml, e));
                            }
                            atKey = !atKey;
                        }
                    }
                    case DocumentEnd -> {
                        return settings; // MkDocs reads the first document
                    }
                    default -> { }
                }
            }
        } catch (YamlEngineException e) {
            String reason = String.valueOf(e.getMessage()).lines().findFirst().orElse("syntax error");
            notes.add(file + " is not YAML docask reads (" + reason + "): MkDocs's defaults are used");
            settings.clear();
        }
        return settings;
    }

    private static Setting scalar(String yaml, Event e) {
        if (e instanceof ScalarEvent s && s.getTag().filter(t -> !t.equals(STRING_TAG)).isEmpty()) {
            boolean unset = s.isPlain() && (s.getValue().equals("~") || s.getValue().equalsIgnoreCase("null")
                    || s.getValue().isEmpty());
            return new Setting(Optional.of(unset ? "" : s.getValue()), s.getValue());
        }
        return new Setting(Optional.empty(), written(yaml, e, e));
    }

    /** The text from {@code first}'s start to {@code last}'s end, on one line and shortened, as a note shows it. */
    private static String written(String yaml, Event first, Event last) {
        Optional<Integer> from = first.getStartMark().map(Mark::getIndex);
        Optional<Integer> to = last.getEndMark().map(Mark::getIndex);
        String tag = first instanceof CollectionStartEvent c ? c.getTag().orElse("")
                : first instanceof ScalarEvent s ? s.getTag().orElse("") : "";
        if (from.isEmpty() || to.isEmpty()) {
            return tag;
        }
        int codePoints = yaml.codePointCount(0, yaml.length());
        String text = yaml.substring(yaml.offsetByCodePoints(0, Math.min(from.get(), codePoints)),
                yaml.offsetByCodePoints(0, Math.min(to.get(), codePoints))).replaceAll("\\s+", " ").strip();
        return text.length() > SHOWN ? text.substring(0, SHOWN) + "…" : text;
    }
}
