package dev.docask.embed.internal;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/*
 * ONNX Runtime's Java loader (1.20) copies a native library into a fresh folder under java.io.tmpdir
 * (onnxruntime-java<digits>) and asks for both to be deleted when the JVM exits, the folder first: the
 * JVM deletes in reverse order of asking, so the folder, asked for last, is tried while the library is
 * still in it, and every run that embedded left an empty folder behind (a thousand after a day of
 * tests). A shutdown hook of our own runs before those deletions and removes the folder with what is in
 * it. The folder is read from the loader's own field, so no other process's folder is ever touched;
 * when the field is not there (another ONNX Runtime version), nothing happens.
 */
public final class OnnxRuntimeFolder {
    private static final AtomicBoolean HOOKED = new AtomicBoolean();

    private OnnxRuntimeFolder() {
    }

    /** After ONNX Runtime is loaded: removes its temporary folder when the JVM exits. Safe to call often. */
    public static void removeAtExit() {
        if (HOOKED.compareAndSet(false, true)) {
            Path folder = folder();
            if (folder != null) {
                Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> remove(folder)));
            }
        }
    }

    /** The loader's temporary folder, or null when ONNX Runtime is not loaded or keeps none. */
    static @Nullable Path folder() {
        try {
            Class<?> loader = Class.forName("ai.onnxruntime.OnnxRuntime", false, OnnxRuntimeFolder.class.getClassLoader());
            Field f = loader.getDeclaredField("tempDirectory");
            f.setAccessible(true);
            return f.get(null) instanceof Path p && p.getFileName().toString().startsWith("onnxruntime-java") ? p : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /*
     * At exit nothing extracts into the folder any more; a library that is still mapped can be unlinked on
     * Linux and macOS, and where it cannot (Windows) ONNX Runtime's own deletion at exit is left to try.
     */
    static void remove(Path folder) {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
            for (Path file : files) {
                Files.deleteIfExists(file);
            }
            Files.deleteIfExists(folder);
        } catch (IOException | RuntimeException e) {
            // left as ONNX Runtime leaves it
        }
    }
}
