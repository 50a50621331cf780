package dev.docask.cli;

import dev.docask.index.DocIndex;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
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

    @Test
    void demo_measuresTheGateOfItsIndex_asDocaskIndexDoes_andASecondDemoAsksAtOnce(@TempDir Path home) {
        // the demo writes target/demo-index under docask.home (the checkout, for ./docask demo)
        String before = System.getProperty("docask.home");
        System.setProperty("docask.home", home.toString());
        try {
            CliRun r = CliRun.run("demo", "--docs", TestSites.samples().toString(), "--embedder", "mock");

            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.out()).containsPattern("gate measured in \\d+\\.\\d s").contains("[1]");
            try (DocIndex index = DocIndex.open(home.resolve("target/demo-index"))) {
                assertThat(index.manifest().gate()).as("the gate the demo answered with is the site's own").isPresent();
            }
            String built = DocIndex.generation(home.resolve("target/demo-index")).orElseThrow();

            CliRun again = CliRun.run("demo", "--docs", TestSites.samples().toString(), "--embedder", "mock");
            assertThat(again.out()).as(again.err()).contains("already holds the 16 pages of").doesNotContain("gate measured")
                    .contains("[1]");
            assertThat(DocIndex.generation(home.resolve("target/demo-index"))).as("nothing written").contains(built);
        } finally {
            if (before == null) {
                System.clearProperty("docask.home");
            } else {
                System.setProperty("docask.home", before);
            }
        }
    }
}
