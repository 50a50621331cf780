package dev.docask.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;

/** Turns an exception into the one line a user reads: what went wrong, in plain words. */
final class Failures {
    private Failures() {
    }

    static String describe(Throwable e) {
        Throwable t = e;
        while ((t instanceof UncheckedIOException || t.getClass() == RuntimeException.class) && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof NoSuchFileException nsf) {
            return "no such file: " + nsf.getFile();
        }
        String msg = t.getMessage();
        if (msg == null || msg.isBlank()) {
            return t.getClass().getSimpleName() + (t instanceof IOException ? " (input/output error)" : "");
        }
        return msg;
    }
}
