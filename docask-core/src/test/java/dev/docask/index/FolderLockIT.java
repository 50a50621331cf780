package dev.docask.index;

import dev.docask.testsupport.WriterProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The folder lock across processes (a file lock is per process; threads of one JVM test only its in-JVM half). */
class FolderLockIT {
    @TempDir
    Path dir;

    @Test
    void build_threeWriterProcessesAtOnce_fiveRounds_theFolderAlwaysOpens_andEveryRunEitherBuiltOrSaidWhoHoldsIt() throws Exception {
        for (int round = 0; round < 5; round++) {
            List<Process> runs = new ArrayList<>();
            for (int w = 0; w < 3; w++) {
                // half the writers wait for the others, half give up at once: both outcomes are exercised
                runs.add(new ProcessBuilder(WriterProcess.command("build", dir.toString(), w % 2 == 0 ? "60000" : "0",
                        "round" + round + "w" + w)).redirectErrorStream(true).start());
            }
            int built = 0;
            for (Process p : runs) {
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
                if (p.exitValue() == 0) {
                    assertThat(out).contains("built 2");
                    built++;
                } else {
                    assertThat(out).as(out).contains("another docask index is writing " + dir).containsPattern("\\(pid \\d+\\)");
                }
            }
            assertThat(built).isGreaterThanOrEqualTo(1);
            try (DocIndex index = DocIndex.open(dir)) {
                assertThat(index.fallback()).isEmpty();
                assertThat(index.size()).isEqualTo(2);
                assertThat(index.chunk(0).text()).contains("round" + round);
            }
        }
    }

    @Test
    void lock_heldByAnotherProcess_isRefusedNamingItsPid_andFreedWhenThatProcessIsKilled() throws Exception {
        Process holder = new ProcessBuilder(WriterProcess.command("hold", dir.toString())).redirectErrorStream(true).start();
        try {
            BufferedReader lines = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
            assertThat(lines.readLine()).isEqualTo("locked");
            assertThatThrownBy(() -> IndexBuilder.lock(dir, Duration.ofMillis(300))).isInstanceOf(IndexException.class)
                    .hasMessageContaining("another docask index is writing " + dir + " (pid " + holder.pid() + ")");
        } finally {
            holder.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        IndexBuilder.lock(dir, Duration.ofSeconds(5)).close(); // the OS released the dead holder's lock
    }
}
