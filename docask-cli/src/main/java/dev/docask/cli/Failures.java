package dev.docask.cli;

import dev.docask.answer.AskException;
import dev.docask.index.IndexException;
import dev.docask.index.internal.FileErrors;

import java.io.IOException;
import java.io.UncheckedIOException;


/** Turns an exception into the one line a user reads: what went wrong, in plain words. */
final class Failures {
    /** The library's parameter names, as the commands' flags say them ({@code wait}: how long a Solr publish waits its turn). */
    private static final java.util.Map<String, String> FLAGS = java.util.Map.of("out", "--out", "wait", "--lock-timeout");
    private Failures() {
    }

    static String describe(Throwable e) {
        Throwable t = e;
        // an answer that failed on its index: the server tells a client one fixed sentence, the command line's
        // user runs the index and is told what the index said
        while ((t instanceof UncheckedIOException || t.getClass() == RuntimeException.class
                || t instanceof AskException && t.getCause() instanceof IndexException) && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof OutOfMemoryError) {
            return "out of memory; give Java more heap, e.g. DOCASK_JAVA_OPTS=-Xmx4g";
        }
        if (t instanceof LinkageError) {
            return "a library docask needs could not be loaded (" + t + "); is this build complete for this platform?";
        }
        if (t instanceof java.nio.file.FileSystemException fs) { // their message is the path alone
            return FileErrors.reason(fs);
        }
        String msg = t.getMessage();
        if (msg == null || msg.isBlank()) {
            return t.getClass().getSimpleName() + (t instanceof IOException ? " (input/output error)" : "");
        }
        if (t instanceof IndexException ie) {
            return msg + ie.parameter().map(FLAGS::get).map(flag -> " (" + flag + ")").orElse("");
        }
        return msg;
    }
}
