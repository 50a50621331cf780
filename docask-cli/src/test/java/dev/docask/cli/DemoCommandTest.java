package dev.docask.cli;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

class DemoCommandTest {
    @Test
    void help_everyOptionHasADescription() {
        StringWriter out = new StringWriter();
        int code = Main.run(new String[] {"demo", "--help"}, new PrintWriter(out, true), new PrintWriter(new StringWriter(), true));

        assertThat(code).isZero();
        assertThat(out.toString()).containsPattern("--embedder=SPEC\\s+Embedder the samples are indexed");
        assertThat(Arrays.stream(out.toString().split("\n")).filter(l -> l.strip().startsWith("-")))
                .allSatisfy(l -> assertThat(l.strip()).containsPattern("\\S\\s{2,}\\S"));
    }
}
