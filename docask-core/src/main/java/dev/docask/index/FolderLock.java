package dev.docask.index;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/*
 * One writer per index folder (docs/reliability.md). Three `docask index` runs into one folder
 * used to pick the same next generation, write into it at once and publish a mix of files while
 * each reported success. The lock is an OS file lock (FileChannel.tryLock) on the folder's LOCK
 * file, so it is released when the process ends however it ends: a killed run leaves no stale
 * lock to clean up by hand. The holder writes its pid into the file so a waiting run can name it.
 *
 * Within one JVM a file lock cannot be taken twice, and closing any channel on the file may drop
 * the JVM's lock (FileChannel's documentation), so the JVM keeps one holder per folder in HELD:
 * the thread that holds a folder may take it again (a CLI run holds it over IndexBuilder.build,
 * which takes it too), other threads wait like other processes do.
 */
final class FolderLock implements AutoCloseable {
    static final String FILE = "LOCK";
    private static final long POLL_MILLIS = 50;
    private static final Map<Path, FolderLock> HELD = new HashMap<>();

    private final Path key;
    private final Thread owner;
    private final FileChannel channel;
    private final FileLock lock;
    private int holds = 1;

    private FolderLock(Path key, FileChannel channel, FileLock lock) {
        this.key = key;
        this.owner = Thread.currentThread();
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the folder's lock, creating the folder, waiting up to {@code wait} while another
     * process or thread holds it.
     *
     * @throws IndexException naming the folder and the holder's pid when the wait runs out
     */
    static FolderLock acquire(Path dir, Duration wait) throws IOException {
        Files.createDirectories(dir);
        Path key = dir.toRealPath().resolve(FILE);
        long deadline = System.nanoTime() + Math.max(0, wait.toNanos());
        while (true) {
            FolderLock got = tryAcquire(key);
            if (got != null) {
                return got;
            }
            if (System.nanoTime() - deadline >= 0) {
                throw new IndexException("another docask index is writing " + dir + " (" + holder(key)
                        + "); wait for it to finish, or give --lock-timeout more seconds", "out", null);
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IndexException("interrupted while waiting for the lock on " + dir, e);
            }
        }
    }

    private static @Nullable FolderLock tryAcquire(Path key) throws IOException {
        synchronized (HELD) {
            FolderLock held = HELD.get(key);
            if (held != null) {
                if (held.owner != Thread.currentThread()) {
                    return null;
                }
                held.holds++;
                return held;
            }
            FileChannel channel = FileChannel.open(key, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
            if (lock == null) {
                channel.close(); // no lock of this JVM's is on the file, so closing drops none
                return null;
            }
            // written over the previous holder's pid, then cut: the first line is always a whole pid
            byte[] pid = (ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII);
            channel.write(ByteBuffer.wrap(pid), 0);
            channel.truncate(pid.length);
            channel.force(false);
            FolderLock got = new FolderLock(key, channel, lock);
            HELD.put(key, got);
            return got;
        }
    }

    /**
     * Who holds the lock, as the holder wrote it ("pid 1234"). A holder that has just taken the lock
     * of a new folder may not have written it yet, so an empty file is read again for a moment.
     */
    private static String holder(Path key) {
        for (int attempt = 0; attempt < 20; attempt++) {
            try {
                String first = Files.readString(key, StandardCharsets.US_ASCII).lines().findFirst().orElse("").strip();
                if (first.matches("\\d{1,10}")) {
                    return "pid " + first;
                }
                Thread.sleep(25);
            } catch (IOException | RuntimeException e) {
                return "pid unknown";
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return "pid unknown";
    }

    @Override
    public void close() {
        synchronized (HELD) {
            if (holds == 0 || --holds > 0) {
                return;
            }
            HELD.remove(key);
            try {
                lock.release();
            } catch (IOException ignored) {
                // closing the channel below releases it as well
            }
            try {
                channel.close();
            } catch (IOException ignored) {
                // the OS drops the lock with the descriptor, or when the process ends
            }
        }
    }
}
