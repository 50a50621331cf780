package dev.docask.cli;

import dev.docask.answer.internal.SecretMask;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Consumer;

/*
 * Without a receiver docask-core logs a failure it survived through System.Logger, which the launcher silences and a
 * bare 'java -jar' prints in JUL's two-line format: a command says it as its other messages instead. A batch command
 * meets one failure on every question (the embedder down), so each is said once. They are said when the command's
 * work is done, as 'docask ask' says its own: a failure that ends the run reaches onError too, and is then said once,
 * as the command's error, not also as a warning.
 */
/**
 * The failures a command survived (the embedder down, so retrieval fell back to keywords), for a library's
 * {@code onError}: printed by {@link #print()} to the command's stderr as {@code docask eval: warning: …}, keys masked.
 */
final class Warnings implements Consumer<Throwable> {
    private final CommandSpec spec;
    private final SecretMask secrets = SecretMask.of(System.getenv()); // a provider's error may echo the key
    private final Set<String> lines = new LinkedHashSet<>();

    private Warnings(CommandSpec spec) {
        this.spec = spec;
    }

    static Warnings of(CommandSpec spec) {
        return new Warnings(spec);
    }

    @Override
    public synchronized void accept(Throwable failure) {
        lines.add(secrets.mask(Failures.describe(failure)).replaceAll("\\s*\\R\\s*", " "));
    }

    /** Prints each distinct warning once, in the order they came. */
    synchronized void print() {
        PrintWriter err = spec.commandLine().getErr();
        lines.forEach(line -> err.println(Main.name(spec.commandLine()) + ": warning: " + line));
        err.flush();
        lines.clear();
    }
}
