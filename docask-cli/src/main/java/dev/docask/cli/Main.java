package dev.docask.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.ParameterException;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The {@code docask} command line. Exit codes: 0 ok, 1 failure (or a stale index with
 * {@code --check}), 2 usage error.
 *
 * <pre>{@code
 * docask index ./docs --base-url https://docs.example.dev --out docs-index
 * docask search --index docs-index "how do I mock a module?"
 * }</pre>
 */
@Command(name = "docask", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = "Answers questions about one documentation site, from that site alone, with citations.",
        subcommands = {DemoCommand.class, IndexCommand.class, InspectCommand.class, SearchCommand.class, AskCommand.class,
                CalibrateCommand.class, EvalCommand.class, ServeCommand.class, McpCommand.class, ReportCommand.class, CommandLine.HelpCommand.class})
public final class Main {

    /*
     * Lucene says through java.util.logging which vector code it chose (INFO, on every start); that is
     * noise on a command's stderr, and on stdio MCP. The launcher passes an empty logging configuration;
     * a bare 'java -jar' gets the same here unless the user names a configuration of their own.
     * Its WARNINGs (e.g. the vector module not added) still show. Held here: JUL keeps loggers weakly.
     */
    private static final java.util.logging.Logger LUCENE = java.util.logging.Logger.getLogger("org.apache.lucene");

    public static void main(String[] args) {
        if (System.getProperty("java.util.logging.config.file") == null
                && System.getProperty("java.util.logging.config.class") == null) {
            LUCENE.setLevel(java.util.logging.Level.WARNING);
        }
        if (args.length > 0 && args[0].equals("serve")) {
            serverLogging();
        }
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /*
     * A server's log is read later, beside other services' logs: each line with its time, and what the server does
     * on its own at INFO (a new index generation served, Redis answering again, shutdown). The other commands stay
     * quiet (simplelogger.properties). Set before the first logger is made; a -D the user gives wins.
     */
    private static void serverLogging() {
        Map.of("org.slf4j.simpleLogger.showDateTime", "true",
                "org.slf4j.simpleLogger.dateTimeFormat", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
                "org.slf4j.simpleLogger.log.dev.docask.server", "info",
                "org.slf4j.simpleLogger.log.dev.docask.redis", "info",
                "org.slf4j.simpleLogger.log.dev.docask.answer.internal.LiveIndex", "info")
                .forEach((key, value) -> {
                    if (System.getProperty(key) == null) {
                        System.setProperty(key, value);
                    }
                });
    }

    /** Runs the CLI with the given streams and returns the exit code (used by tests). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(out);
        cli.setErr(err);
        return execute(cli, System.getenv(), args);
    }

    /**
     * Runs {@code cli} with docask's messages and exit codes: 2 for a usage error (picocli's own checks
     * and {@link OptionCheck}), 1 for any other failure. Commands that read {@code DOCASK_*} variables
     * ({@link EnvironmentDefaults}) read them from {@code env}. Tests pass a single command and an environment.
     */
    static int execute(CommandLine cli, Map<String, String> env, String... args) {
        boolean debug = debug(env.get("DOCASK_DEBUG"));
        EnvironmentDefaults.install(cli, env);
        cli.setParameterExceptionHandler((ex, a) -> {
            CommandLine cmd = ex.getCommandLine();
            cmd.getErr().println(name(cmd) + ": " + ex.getMessage());
            if (cmd.getDefaultValueProvider() instanceof EnvironmentDefaults fromEnv) {
                fromEnv.note(ex).ifPresent(cmd.getErr()::println);
            }
            dashedQuestionHint(ex).ifPresent(cmd.getErr()::println);
            cmd.getErr().println("Try '" + name(cmd) + " --help' for more information.");
            if (debug) {
                ex.printStackTrace(cmd.getErr());
            }
            return 2;
        });
        cli.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            cmd.getErr().println(name(cmd) + ": " + Failures.describe(ex));
            if (debug) {
                ex.printStackTrace(cmd.getErr());
            }
            return 1;
        });
        try {
            return cli.execute(args);
        } catch (Error e) {
            // picocli hands only Exceptions to the handler above; an Error (out of memory, a native
            // library that does not load) would otherwise end the JVM with a stack trace
            cli.getErr().println("docask: " + Failures.describe(e));
            if (debug) {
                e.printStackTrace(cli.getErr());
            } else {
                cli.getErr().println("Set DOCASK_DEBUG=1 for the details.");
            }
            return 1;
        }
    }

    /** Whether {@code DOCASK_DEBUG} asks for stack traces: set, and not empty, 0 or false. */
    static boolean debug(String value) {
        String v = value == null ? "" : value.strip();
        return !v.isEmpty() && !v.equals("0") && !v.equalsIgnoreCase("false");
    }

    /**
     * For {@code docask search --index idx --retry-limit}: picocli reads a word starting with '-' as
     * an unknown option and then finds no question. People search for flag names, so say how to
     * pass one as the question; picocli stays strict, so a mistyped option is still an error.
     */
    static Optional<String> dashedQuestionHint(ParameterException ex) {
        CommandLine cmd = ex.getCommandLine();
        List<String> dashed = cmd.getUnmatchedArguments().stream().filter(a -> a.startsWith("-")).toList();
        if (!(ex instanceof MissingParameterException missing) || dashed.isEmpty()
                || missing.getMissing().stream().noneMatch(a -> a.paramLabel().equals("QUESTION"))) {
            return Optional.empty();
        }
        String quoted = dashed.stream().map(a -> "'" + a + "'").collect(Collectors.joining(" "));
        String words = dashed.stream().map(Main::shellWord).collect(Collectors.joining(" "));
        String verb = cmd.getCommandName().equals("ask") ? "ask about" : "search for";
        return Optional.of(quoted + (dashed.size() == 1 ? " was" : " were") + " read as an option, not as the question. To "
                + verb + " text starting with '-', put -- before it: " + name(cmd) + " --index DIR -- " + words);
    }

    private static String shellWord(String arg) {
        return arg.matches("[\\w./:=@%+,-]+") ? arg : "\"" + arg.replace("\"", "\\\"") + "\"";
    }

    /** "docask search", as a command's messages start; a command run on its own (as tests do) is named the same way. */
    static String name(CommandLine cmd) {
        String name = cmd.getCommandSpec().qualifiedName();
        return name.startsWith("docask") ? name : "docask " + name;
    }
}
