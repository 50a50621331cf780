package dev.docask.embed.bge;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** ONNX Runtime's temporary folder is gone once a JVM that embedded exits (OnnxRuntimeFolder says why it was not). */
class OnnxRuntimeFolderTest {
    /** Run in a JVM of its own: embeds one text and prints the loader's folder and whether it exists then. */
    public static void main(String[] args) throws Exception {
        new BgeSmallEmbedder(BgeSmallEmbedder.QueryMode.INSTRUCT).embedAll(List.of("one text"));
        java.lang.reflect.Field f = Class.forName("ai.onnxruntime.OnnxRuntime").getDeclaredField("tempDirectory");
        f.setAccessible(true);
        Path folder = (Path) f.get(null);
        System.out.println(folder + "\t" + Files.isDirectory(folder));
    }

    @Test
    void aJvmThatEmbedded_exits_leavesNoOnnxRuntimeFolder() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), OnnxRuntimeFolderTest.class.getName())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();

        String[] line = out.lines().reduce((a, b) -> b).orElseThrow().split("\t");
        assertThat(line[1]).as("the folder existed while the JVM ran").isEqualTo("true");
        assertThat(Path.of(line[0])).doesNotExist();
    }
}
