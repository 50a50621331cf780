package dev.docask.server;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/*
 * One JSON Lines file open for appending, shared by the feedback log and the question log. Each line
 * goes to the operating system in one write of line + "\n" before append returns, so a process killed
 * with kill -9 loses at most the line being written (the page cache survives the process; fsync per
 * line would cost a disk flush per question for a power cut nobody asked to survive). A file whose
 * last line was torn by such a kill gets a newline first, so the torn piece stays a line of its own
 * that readers skip, and the next record is whole. The file is opened for each line, not held open:
 * a file removed or replaced after start is then an error the caller sees, not lines written into
 * a deleted file.
 */
final class LineAppender {
    private final Path file;

    private LineAppender(Path file) {
        this.file = file;
    }

    /** @throws IllegalArgumentException naming {@code what} and {@code file} when it cannot be opened for appending */
    static LineAppender open(String what, Path file) {
        try (FileChannel ch = FileChannel.open(file, java.util.Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.READ), ownerOnly(false))) {
            isolateTornLine(ch);
            return new LineAppender(file);
        } catch (IOException e) {
            throw new IllegalArgumentException(what + " " + file + " cannot be opened for appending: " + reason(file, e), e);
        }
    }

    Path file() {
        return file;
    }

    /**
     * Read and write for the server's user alone where the file system has POSIX permissions: what readers typed is
     * personal data (docs/design.md, "Question log"), and a umask of 022 would make a new log readable by every local user.
     * Applies to files and folders this class's callers create, never to existing ones.
     */
    static java.nio.file.attribute.FileAttribute<?>[] ownerOnly(boolean folder) {
        if (!java.nio.file.FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            return new java.nio.file.attribute.FileAttribute<?>[0];
        }
        return new java.nio.file.attribute.FileAttribute<?>[] {java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                java.nio.file.attribute.PosixFilePermissions.fromString(folder ? "rwx------" : "rw-------"))};
    }

    /** Appends {@code line} and a newline in one write. */
    synchronized void append(String line) throws IOException {
        try (FileChannel ch = FileChannel.open(file, java.util.Set.of(StandardOpenOption.CREATE, StandardOpenOption.APPEND,
                StandardOpenOption.WRITE), ownerOnly(false))) {
            write(ch, line + "\n");
        }
    }

    private static void isolateTornLine(FileChannel ch) throws IOException {
        long size = ch.size();
        if (size == 0) {
            return;
        }
        ByteBuffer last = ByteBuffer.allocate(1);
        ch.read(last, size - 1);
        if (last.get(0) != '\n') {
            ch.position(size);
            write(ch, "\n");
        }
    }

    private static void write(SeekableByteChannel ch, String text) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }

    /** Why {@code file} could not be written, in words (the exception's own message is a bare path). */
    static String reason(Path file, IOException e) {
        if (Files.isDirectory(file)) {
            return "it is a folder";
        }
        Path parent = file.toAbsolutePath().getParent();
        if (e instanceof NoSuchFileException && parent != null && !Files.isDirectory(parent)) {
            return "the folder " + parent + " does not exist";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "the file system there does not allow making it"; // e.g. under /proc: the folder exists, creating fails
        }
        String why = e instanceof FileSystemException fse ? fse.getReason() : e.getMessage();
        return why == null ? e.getClass().getSimpleName() : why;
    }
}
