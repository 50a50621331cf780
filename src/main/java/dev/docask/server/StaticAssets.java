package dev.docask.server;

import io.javalin.http.Context;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/*
 * The widget script and the demo page. Both are read from the jar once; the widget is plain
 * browser JavaScript with no dependencies, so serving it needs no build step. The demo page is
 * the widget over a page titled with the site's name, which is HTML-escaped because it comes
 * from the index (page text is untrusted). An index may have no name; the page then speaks of
 * "your docs" and the widget of "these docs".
 */
final class StaticAssets {
    private static final String WIDGET = "/dev/docask/server/widget.js";
    private static final String DEMO = "/dev/docask/server/demo.html";

    private final byte[] widget;
    private final String demo;

    StaticAssets(String siteName) {
        this.widget = read(WIDGET);
        String name = escapeHtml(siteName == null ? "" : siteName.strip());
        this.demo = new String(read(DEMO), StandardCharsets.UTF_8)
                .replace("{{title}}", name.isEmpty() ? "docask demo" : name + " — docask demo")
                .replace("{{heading}}", name.isEmpty() ? "Your docs" : name)
                .replace("{{docs}}", name.isEmpty() ? "your documentation" : "the <strong>" + name + "</strong> documentation")
                .replace("{{siteName}}", name);
    }

    void widget(Context ctx) {
        ctx.contentType("text/javascript; charset=utf-8").header("Cache-Control", "public, max-age=300")
                .header("X-Content-Type-Options", "nosniff").result(widget);
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
