package dev.docask.report;

import dev.docask.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Benchmark, not a timed test: {@code docask report} on a log of 1,000,000 synthetic records (30 days,
 * 25% refused on three topics plus one-off questions, 1% feedback), HTML and JSON. Prints the time and
 * sizes recorded in {@code docs/benchmarks.md} ("Question log report"). Its name matches neither
 * surefire's nor failsafe's patterns, so it runs only when asked for:
 *
 * <pre>
 * ./mvnw verify -pl docask-cli -am -Dit.test=ReportMillionCheck -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
class ReportMillionCheck {
    @TempDir
    Path dir;

    @Test
    void report_millionRecords_finishesWithinThirtySeconds() throws Exception {
        Path log = dir.resolve("questions");
        SyntheticLog.million(log, 1_000_000);
        long bytes;
        try (Stream<Path> files = Files.list(log)) {
            bytes = files.mapToLong(p -> p.toFile().length()).sum();
        }
        Path index = SyntheticLog.index(dir.resolve("idx"));
        for (String mode : new String[]{"--out", "--json"}) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            long t0 = System.nanoTime();
            String[] args = mode.equals("--out")
                    ? new String[]{"report", "--log", log.toString(), "--index", index.toString(), "--out", dir.resolve("r.html").toString()}
                    : new String[]{"report", "--log", log.toString(), "--index", index.toString(), "--json"};
            int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertThat(code).as(err.toString()).isZero();
            System.out.printf("report %s: 1,000,000 records, %.1f MB in 30 files: %.1f s%n", mode, bytes / 1e6, seconds);
            assertThat(seconds).isLessThan(30);
        }
    }
}
