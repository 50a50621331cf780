package dev.docask.index;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What the growth curve reports besides time (docs/benchmarks.md, "Growth curve"): the heap in use
 * after a full collection, the process's resident memory (anonymous, and file pages such as mapped
 * vectors, apart), and a folder's bytes on disk. Printed as {@code [footprint] …} lines that
 * docask-bench/growth_chart.py reads from the benchmark's output.
 */
public final class Footprint {
    private Footprint() {
    }

    /** Heap bytes in use after asking for full collections (an estimate: the collector may keep some). */
    public static long heapUsed() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** {@code [anonymous, file]} resident bytes of this process, from /proc/self/status (zeros elsewhere). */
    public static long[] rss() {
        long anon = 0;
        long file = 0;
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("RssAnon:")) {
                    anon = kib(line) * 1024;
                } else if (line.startsWith("RssFile:")) {
                    file = kib(line) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: report zeros
        }
        return new long[] {anon, file};
    }

    private static long kib(String line) {
        return Long.parseLong(line.replaceAll("[^0-9]", ""));
    }

    /** Bytes of the regular files under {@code dir}. */
    public static long bytesOnDisk(Path dir) throws IOException {
        try (var walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    /** One {@code [footprint]} line: what, how many chunks, and key=value figures in bytes. */
    public static void print(String what, int chunks, String... keyValues) {
        StringBuilder sb = new StringBuilder("[footprint] ").append(what).append(" chunks=").append(chunks);
        for (String kv : keyValues) {
            sb.append(' ').append(kv);
        }
        System.out.println(sb);
    }

    public static String kv(String key, long bytes) {
        return String.format(Locale.ROOT, "%s=%d", key, bytes);
    }
}
