package dev.docask.ingest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SourceTextTest {

    @TempDir
    Path tmp;

    @Test
    void read_utf8File_text() throws IOException {
        Path f = Files.writeString(tmp.resolve("a.md"), "Grüße — ok");
        assertThat(SourceText.read(f)).isEqualTo("Grüße — ok");
    }

    @Test
    void read_invalidUtf8_reasonNamesTheByte() {
        byte[] bytes = "ab".getBytes(StandardCharsets.US_ASCII);
        byte[] bad = {bytes[0], bytes[1], (byte) 0xC3, (byte) 0x28};
        assertThatThrownBy(() -> SourceText.decode(bad)).hasMessage("not UTF-8 text: invalid byte 0xC3 at byte 2 (line 1); save the file as UTF-8");
    }

    @Test
    void read_latin1OnThirdLine_reasonNamesByteAndLine() {
        byte[] bytes = "# T\n\ncaf\u00e9".getBytes(StandardCharsets.ISO_8859_1);
        assertThatThrownBy(() -> SourceText.decode(bytes))
                .hasMessage("not UTF-8 text: invalid byte 0xE9 at byte 8 (line 3); save the file as UTF-8");
    }

    @Test
    void read_utf16WithByteOrderMark_decoded() {
        assertThat(SourceText.decode("# Caf\u00e9\n\nText.".getBytes(StandardCharsets.UTF_16))).isEqualTo("# Caf\u00e9\n\nText.");
        byte[] le = "\uFEFF# Hi".getBytes(StandardCharsets.UTF_16LE);
        assertThat(SourceText.decode(le)).isEqualTo("# Hi");
    }

    @Test
    void read_binary_reported() {
        assertThatThrownBy(() -> SourceText.decode(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 0}))
                .hasMessageContaining("binary file");
    }

    @Test
    void read_overSizeLimit_reportedWithoutReading() throws IOException {
        Path big = tmp.resolve("huge.md");
        try (RandomAccessFile raf = new RandomAccessFile(big.toFile(), "rw")) {
            raf.setLength(50L * 1024 * 1024);
        }
        assertThatThrownBy(() -> SourceText.read(big)).hasMessage("file is 50.0 MB, over the 5 MB limit for a page");
    }
}
