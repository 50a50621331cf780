package dev.docask.server;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

class StaticAssetsTest {
    /** The size budget of docs/benchmarks.md (Widget size): the served script, gzipped. */
    static final int WIDGET_GZIP_BUDGET = 16 * 1024;

    @Test
    void widget_isOneScriptWithTheMarkdownRendererAndTheStylesInside() {
        String js = new String(new StaticAssets("X", 500).widgetScript(), StandardCharsets.UTF_8);
        assertThat(js).doesNotContain("{{markdown}}").doesNotContain("{{css}}")
                .contains("function markdown(").contains(".launcher{position:fixed").doesNotContain(".innerHTML").doesNotContain(".insertAdjacentHTML(");
    }

    @Test
    void widget_carriesTheServersQuestionLimit() {
        String js = new String(new StaticAssets("X", 1234).widgetScript(), StandardCharsets.UTF_8);
        assertThat(js).contains("var MAX_QUESTION_CHARS = 1234;").doesNotContain("{{maxQuestionChars}}")
                .doesNotContain("maxlength: '500'");
    }

    @Test
    void widget_isServedWithoutItsCommentLines_andWithItsCode() {
        String js = new String(new StaticAssets("X", 500).widgetScript(), StandardCharsets.UTF_8);
        assertThat(js.lines().map(String::strip)).noneMatch(l -> l.startsWith("//") || l.startsWith("/*") || l.startsWith("* "))
                .contains("'use strict';");
        assertThat(js).doesNotContain("/* The widget's styles").contains("function safeUrl(url) {");
    }

    @Test
    void withoutCommentLines_dropsLinesThatAreOnlyComment_keepsCodeAndPlaceholders() {
        String script = """
                /*
                 * why
                 */
                var a = 1; // a comment after code stays
                  // a line comment
                /** a doc line */
                /* starts a line */ var b = 2;
                /* a block
                   that ends before code */ var c = 3;
                /*{{markdown}}*/
                var re = /x*/;
                """;
        assertThat(StaticAssets.withoutCommentLines(script)).isEqualTo("""
                var a = 1; // a comment after code stays
                /* starts a line */ var b = 2;
                var c = 3;
                /*{{markdown}}*/
                var re = /x*/;
                """);
    }

    @Test
    void widget_gzipped_staysWithinItsBudget() throws IOException {
        byte[] js = new StaticAssets("X", 500).widgetScript();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(js);
        }
        System.out.printf("widget.js: %d bytes, %d gzipped (budget %d)%n", js.length, out.size(), WIDGET_GZIP_BUDGET);
        assertThat(out.size()).isLessThanOrEqualTo(WIDGET_GZIP_BUDGET);
    }
}
