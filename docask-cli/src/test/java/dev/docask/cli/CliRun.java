package dev.docask.cli;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;

/**
 * One run of the command line as a user makes it, with its exit code and what it printed.
 *
 * <pre>{@code
 * CliRun r = CliRun.run("search", "--index", dir, "retry limit");
 * assertThat(r.code()).as(r.err()).isZero();
 * }</pre>
 */
record CliRun(int code, String out, String err) {

    /** {@code docask args...} with this process's environment. */
    static CliRun run(String... args) {
        return runWith(System.getenv(), args);
    }

    /** {@code docask args...} with {@code env} as the environment (e.g. {@code DOCASK_DEBUG}). */
    static CliRun runWith(Map<String, String> env, String... args) {
        return command(new Main(), env, args);
    }

    /** One command object (e.g. an {@code AskCommand} with its own environment) run as {@code Main} runs it. */
    static CliRun command(Object command, Map<String, String> env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = Main.execute(cli, env, args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
