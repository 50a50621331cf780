package dev.docask.ingest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** SiteReader.readPage: one served HTML page gives what the folder gives for the same file. */
class SiteReaderPageTest {
    private static final IngestOptions OPTIONS = IngestOptions.defaults("https://docs.example.com");
    private static final String PAGE = "<html><head><title>Guide</title></head><body><nav>menu</nav><main>"
            + "<h1 id=\"guide\">Guide</h1><p>Start here with the relay.</p><h2 id=\"install\">Install</h2>"
            + "<p>Run npm install quayside to get the relay command.</p></main></body></html>";

    private static List<Chunk> read(String url, String html, Optional<String> contentType) {
        return SiteReader.readPage(URI.create(url), html.getBytes(StandardCharsets.UTF_8), contentType, OPTIONS).orElseThrow();
    }

    @Test
    void readPage_folderUrl_isNamedLikeItsIndexFileAndEqualsTheFolderRead(@TempDir Path tmp) throws IOException {
        Files.createDirectories(tmp.resolve("guide"));
        Files.writeString(tmp.resolve("guide/index.html"), PAGE);
        Corpus folder = SiteReader.read(tmp, new IngestOptions(OPTIONS.baseUrl(), Framework.HTML, 1200, 150, List.of()));
        List<Chunk> served = read("https://docs.example.com/guide/", PAGE, Optional.of("text/html"));
        assertThat(served).isEqualTo(folder.chunks());
        assertThat(served).extracting(Chunk::source).containsOnly("guide/index.html");
        assertThat(served).extracting(Chunk::url).contains("https://docs.example.com/guide/"); // the tiny intro leads into #install
    }

    @Test
    void readPage_headerCharset_winsOverTheMetaTag() {
        String html = "<html><head><meta charset=\"utf-8\"><title>Cais</title></head><body><main><h1>Cais</h1>"
                + "<p>Cais do Sodré reports tides.</p></main></body></html>";
        byte[] latin1 = html.getBytes(Charset.forName("windows-1252"));
        List<Chunk> chunks = SiteReader.readPage(URI.create("https://docs.example.com/cais.html"), latin1,
                Optional.of("text/html; charset=ISO-8859-1"), OPTIONS).orElseThrow();
        assertThat(chunks.get(0).text()).contains("Sodré");
    }

    @Test
    void readPage_metaCharsetWithoutHeader_decodesThePage() {
        String html = "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-1\"></head>"
                + "<body><main><h1>Cais</h1><p>São Paulo pier.</p></main></body></html>";
        List<Chunk> chunks = SiteReader.readPage(URI.create("https://docs.example.com/cais.html"),
                html.getBytes(StandardCharsets.ISO_8859_1), Optional.empty(), OPTIONS).orElseThrow();
        assertThat(chunks.get(0).text()).contains("São Paulo");
    }

    @Test
    void readPage_canonicalLink_isThePageUrlOnlyOnTheSameSite() {
        String relative = PAGE.replace("<title>", "<link rel=\"canonical\" href=\"../guide/intro.html\"><title>");
        assertThat(read("https://docs.example.com/old/page.html", relative, Optional.empty()).get(0).pageUrl())
                .isEqualTo("https://docs.example.com/guide/intro.html");
        String elsewhere = PAGE.replace("<title>", "<link rel=\"canonical\" href=\"https://mirror.example/guide/\"><title>");
        assertThat(read("https://docs.example.com/guide/", elsewhere, Optional.empty()).get(0).pageUrl())
                .isEqualTo("https://docs.example.com/guide/");
    }

    @Test
    void readPage_noindexMeta_givesNothing() {
        String html = PAGE.replace("<title>", "<meta name=\"robots\" content=\"noindex, follow\"><title>");
        assertThat(SiteReader.readPage(URI.create("https://docs.example.com/a.html"), html.getBytes(StandardCharsets.UTF_8),
                Optional.empty(), OPTIONS)).isEmpty();
    }

    @Test
    void readPage_urlNotUnderTheBaseUrl_isRefused() {
        assertThatThrownBy(() -> read("https://other.example/guide/", PAGE, Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("page URL https://other.example/guide/ is not a page under the base URL https://docs.example.com");
        assertThatThrownBy(() -> read("https://docs.example.com/?q=1", PAGE, Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void readPage_binaryBody_isAReasonNotAChunk() {
        assertThatThrownBy(() -> SiteReader.readPage(URI.create("https://docs.example.com/a.html"), new byte[] {'%', 'P', 0, 1},
                Optional.of("text/html"), OPTIONS)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("binary");
    }
}
