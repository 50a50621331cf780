package dev.docask.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;

/**
 * The {@code docask} command line. Exit codes: 0 ok, 1 failure (or a stale index with
 * {@code --check}), 2 usage error.
 *
 * <pre>{@code
 * docask index ./docs --base-url https://docs.example.dev --out docs-index
 * docask search --index docs-index "how do I mock a module?"
 * }</pre>
 */
@Command(name = "docask", mixinStandardHelpOptions = true, version = "docask 0.1.0",
        description = "Answers questions about one documentation site, from that site alone, with citations.",
        subcommands = {DemoCommand.class, IndexCommand.class, InspectCommand.class, SearchCommand.class, AskCommand.class,
                CalibrateCommand.class, EvalCommand.class, ServeCommand.class, CommandLine.HelpCommand.class})
public final class Main {

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the CLI with the given streams and returns the exit code (used by tests). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((ex, a) -> {
            CommandLine cmd = ex.getCommandLine();
            cmd.getErr().println("docask: " + ex.getMessage());
            cmd.getErr().println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
            return 2;
        });
        cli.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            cmd.getErr().println("docask: " + Failures.describe(ex));
            if (System.getenv("DOCASK_DEBUG") != null) {
                ex.printStackTrace(cmd.getErr());
            }
            return 1;
        });
        return cli.execute(args);
    }
}
