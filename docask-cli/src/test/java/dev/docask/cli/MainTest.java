package dev.docask.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import java.util.concurrent.Callable;

import static org.assertj.core.api.Assertions.assertThat;

class MainTest {
    /** The version this build is making, passed in by the docask-cli pom (the one {@code revision} property). */
    private static final String BUILT_VERSION = System.getProperty("docask.built.version", "");

    @Test
    void version_printsTheVersionOfTheBuild() {
        assertThat(BUILT_VERSION).as("docask.built.version, set by surefire from ${project.version}").isNotBlank();

        CliRun r = CliRun.run("--version");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().strip()).isEqualTo("docask " + BUILT_VERSION);
    }

    @ParameterizedTest
    @ValueSource(strings = {"index", "ask", "search", "serve", "inspect", "demo", "eval", "calibrate"})
    void version_ofEachCommand_isTheBuildsVersionToo(String command) {
        CliRun r = CliRun.run(command, "--version");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().strip()).isEqualTo("docask " + BUILT_VERSION);
    }

    @Test
    void version_isReadFromTheBuiltResource() {
        assertThat(BuildVersion.version()).isEqualTo(BUILT_VERSION).doesNotContain("${");
    }

    @Command(name = "boom")
    static final class Boom implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new OutOfMemoryError("Java heap space");
        }
    }

    @Test
    void anError_isOneLineAndExitCode1_notAStackTrace() {
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new Boom());
        cli.setOut(new PrintWriter(new StringWriter(), true));
        cli.setErr(new PrintWriter(err, true));

        int code = Main.execute(cli, Map.of());

        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).startsWith("docask: out of memory; give Java more heap")
                .contains("DOCASK_DEBUG=1").doesNotContain("\tat ");
    }
}
