package dev.docask.cli;

import picocli.CommandLine;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/*
 * Containers and platforms configure a program through its environment, so each option of a command
 * that names this provider (docask serve) can also be set as DOCASK_<OPTION>: --rate-limit is
 * DOCASK_RATE_LIMIT, a repeatable option takes a comma-separated list (its option splits at commas).
 * PORT, which Cloud Run, Heroku and others set, is read for --port when DOCASK_PORT is not set,
 * DOCASK_ALLOW_HOST (the option's earlier name) for --allowed-host when DOCASK_ALLOWED_HOST is not, and
 * DOCASK_REDIS_URL, the name the issue and compose files use, for --redis when DOCASK_REDIS is not.
 * Picocli asks a default provider only for options the command line leaves out, so flags win; an
 * empty variable counts as unset.
 */
final class EnvironmentDefaults implements IDefaultValueProvider {
    static final String PREFIX = "DOCASK_";
    private static final Map<String, String> FALLBACKS = Map.of("--port", "PORT", "--allowed-host", "DOCASK_ALLOW_HOST",
            "--redis", "DOCASK_REDIS_URL");

    private final Map<String, String> env;
    private final Map<ArgSpec, String> used = new LinkedHashMap<>();

    /** Reads this process's environment; {@link Main#execute} gives commands the environment it runs with. */
    EnvironmentDefaults() {
        this(System.getenv());
    }

    EnvironmentDefaults(Map<String, String> env) {
        this.env = Map.copyOf(env);
    }

    /** Gives every command in {@code cli} that reads its defaults from the environment {@code env} instead. */
    static void install(CommandLine cli, Map<String, String> env) {
        if (cli.getDefaultValueProvider() instanceof EnvironmentDefaults) {
            cli.setDefaultValueProvider(new EnvironmentDefaults(env));
        }
        cli.getSubcommands().values().forEach(sub -> install(sub, env));
    }

    /** {@code --max-question-chars} → {@code DOCASK_MAX_QUESTION_CHARS}. */
    static String variable(OptionSpec option) {
        return PREFIX + option.longestName().replaceFirst("^-+", "").replace('-', '_').toUpperCase(Locale.ROOT);
    }

    @Override
    public String defaultValue(ArgSpec arg) {
        if (!(arg instanceof OptionSpec option) || option.usageHelp() || option.versionHelp()) {
            return null;
        }
        String name = variable(option);
        String value = env.get(name);
        if (blank(value) && FALLBACKS.containsKey(option.longestName())) {
            name = FALLBACKS.get(option.longestName());
            value = env.get(name);
        }
        if (blank(value)) {
            return null;
        }
        used.put(arg, name);
        return value;
    }

    /**
     * For a usage error, the variables that gave option values, so that a bad value set in a
     * container is traced to where it came from: the one behind the failing option when picocli
     * names it, else all of them.
     */
    Optional<String> note(ParameterException ex) {
        if (ex.getArgSpec() != null && used.containsKey(ex.getArgSpec())) {
            String name = used.get(ex.getArgSpec());
            return Optional.of("(" + ((OptionSpec) ex.getArgSpec()).longestName() + " was set by " + name + "=" + env.get(name) + ")");
        }
        if (used.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(used.values().stream().distinct().map(n -> n + "=" + env.get(n))
                .collect(Collectors.joining(", ", "(set in the environment: ", ")")));
    }

    /**
     * The {@code DOCASK_*} variables set in the environment that no option of {@code command} reads, each as a warning
     * naming the variable it most likely meant: a misspelt variable is otherwise silently ignored.
     */
    List<String> unread(CommandSpec command) {
        Set<String> read = new TreeSet<>(FALLBACKS.values());
        read.addAll(List.of("DOCASK_DEBUG", "DOCASK_JAVA_OPTS")); // Main's and the launcher's own
        command.options().forEach(o -> read.add(variable(o)));
        List<String> warnings = new ArrayList<>();
        for (String name : new TreeSet<>(env.keySet())) {
            if (!name.startsWith(PREFIX) || read.contains(name) || blank(env.get(name))) {
                continue;
            }
            String closest = read.stream().max(Comparator.comparingInt(r -> commonPrefix(r, name))).orElse("");
            warnings.add(name + " is set, but no option of docask " + command.name() + " reads it"
                    + (commonPrefix(closest, name) > PREFIX.length() + 1 ? "; did you mean " + closest + "?" : ""));
        }
        return warnings;
    }

    private static int commonPrefix(String a, String b) {
        int n = 0;
        while (n < a.length() && n < b.length() && a.charAt(n) == b.charAt(n)) {
            n++;
        }
        return n;
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
