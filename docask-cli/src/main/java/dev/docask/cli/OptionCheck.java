package dev.docask.cli;

import dev.docask.retrieve.HybridRetriever;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.util.List;
import java.util.function.Supplier;

/*
 * The one rule behind exit codes 2 and 1. A command first turns its options into settings through
 * this class, before it reads a file or calls a model; whatever is wrong there is a usage error
 * (exit 2, like picocli's own checks). Everything that fails after that — a missing index or
 * file, a damaged page, a server, a model — is a failure of the work (exit 1). Library code throws
 * IllegalArgumentException for both kinds, so the exception type alone cannot tell them apart.
 */
final class OptionCheck {
    private OptionCheck() {
    }

    /** Runs a conversion of option values; its IllegalArgumentException becomes a usage error. */
    static <T> T convert(CommandSpec spec, Supplier<T> conversion) {
        try {
            return conversion.get();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }

    static ParameterException fail(CommandSpec spec, String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /** The question words as one question, refused up front as the retriever would refuse it later. */
    static String question(CommandSpec spec, List<String> words) {
        return convert(spec, () -> HybridRetriever.requireQuestion(String.join(" ", words)));
    }
}
