package dev.docask.server;

import com.fasterxml.jackson.databind.node.TextNode;
import io.javalin.http.Context;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/*
 * The widget script, its stylesheet and the demo page. All are read from the jar once; the widget is plain
 * browser JavaScript with no dependencies, so serving it needs no build step. It is kept in two files
 * (the dialog, and the safe Markdown renderer) that are served as one script. The demo page is
 * the widget over a page titled with the site's name, which is HTML-escaped because it comes
 * from the index (page text is untrusted). An index may have no name; the page then speaks of
 * "your docs" and the widget of "these docs".
 */
final class StaticAssets {
    private static final String WIDGET = "/dev/docask/server/widget.js";
    private static final String MARKDOWN = "/dev/docask/server/widget-markdown.js";
    private static final String CSS = "/dev/docask/server/widget.css";
    private static final String DEMO = "/dev/docask/server/demo.html";

    private final byte[] widget;
    private final byte[] css;
    private final String demo;

    StaticAssets(String siteName) {
        this.css = read(CSS);
        // the styles go into the script as a JSON string, which is also a JavaScript string literal
        this.widget = new String(read(WIDGET), StandardCharsets.UTF_8)
                .replace("/*{{markdown}}*/", new String(read(MARKDOWN), StandardCharsets.UTF_8))
                .replace("\"{{css}}\"", TextNode.valueOf(new String(css, StandardCharsets.UTF_8)).toString())
                .getBytes(StandardCharsets.UTF_8);
        String name = escapeHtml(siteName == null ? "" : siteName.strip());
        this.demo = new String(read(DEMO), StandardCharsets.UTF_8)
                .replace("{{title}}", name.isEmpty() ? "docask demo" : name + " — docask demo")
                .replace("{{heading}}", name.isEmpty() ? "Your docs" : name)
                .replace("{{docs}}", name.isEmpty() ? "your documentation" : "the <strong>" + name + "</strong> documentation")
                .replace("{{siteName}}", name);
    }

    /** The script as served: both parts, with the styles inside. */
    byte[] widgetScript() {
        return widget.clone();
    }

    void widget(Context ctx) {
        ctx.contentType("text/javascript; charset=utf-8").header("Cache-Control", "public, max-age=300")
                .header("X-Content-Type-Options", "nosniff").result(widget);
    }

    void css(Context ctx) {
        ctx.contentType("text/css; charset=utf-8").header("Cache-Control", "public, max-age=300")
                .header("X-Content-Type-Options", "nosniff").result(css);
    }

    void demo(Context ctx) {
        // No Content-Security-Policy here on purpose: a docs site embedding the widget may have
        // none, and the browser test must show the widget itself is safe, not that CSP hides it.
        ctx.header("X-Content-Type-Options", "nosniff").html(demo);
    }

    static String escapeHtml(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    private static byte[] read(String resource) {
        try (InputStream in = StaticAssets.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource + " (a broken build)");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
