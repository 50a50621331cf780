package dev.docask.ingest;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ChunkTest {

    private static Chunk chunk(String text) {
        return new Chunk("https://x.dev/config#mode", "Config", "Theme", text, "config.md", Map.of());
    }

    @Test
    void embeddingText_tableCellsEscapedPipe_isThePipeAReaderSees() {
        Chunk c = chunk("| `defaultMode` | 'light' \\| 'dark' | The color mode. |");

        assertThat(c.embeddingText()).isEqualTo("Config › Theme\n\n| `defaultMode` | 'light' | 'dark' | The color mode. |");
        assertThat(c.text()).as("the stored text keeps the escape, and the row its cells").contains("'light' \\| 'dark'");
    }

    @Test
    void embeddingText_escapedPipeInACodeFence_isLeftAsWritten() {
        Chunk c = chunk("Match either:\n\n```bash\n| grep 'a\\|b'\n```\n\n| a \\| b | c |");

        assertThat(c.embeddingText()).endsWith("```bash\n| grep 'a\\|b'\n```\n\n| a | b | c |");
    }
}
