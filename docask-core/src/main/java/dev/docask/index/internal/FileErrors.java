package dev.docask.index.internal;

import java.io.IOException;
import java.util.Objects;

/** What went wrong with a file, in words, for every module's messages: several IOExceptions carry only the path. */
public final class FileErrors {
    private FileErrors() {
    }

    /** "permission denied (PATH)", "no such file or folder (PATH)", the file system's reason, else the message. */
    public static String reason(IOException e) {
        return switch (e) {
            case java.nio.file.AccessDeniedException x -> "permission denied (" + x.getFile() + ")";
            case java.nio.file.NoSuchFileException x -> "no such file or folder (" + x.getFile() + ")";
            case java.nio.file.FileAlreadyExistsException x -> "already exists (" + x.getFile() + ")";
            case java.nio.file.FileSystemException x -> (x.getReason() != null ? x.getReason() : "cannot write")
                    + " (" + x.getFile() + ")";
            case java.nio.charset.CharacterCodingException x -> "bytes that are not UTF-8 text";
            default -> Objects.requireNonNullElse(e.getMessage(), e.toString());
        };
    }
}
