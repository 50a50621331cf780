package dev.docask.server;

import com.fasterxml.jackson.databind.node.TextNode;
import io.javalin.http.Context;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/*
 * The widget script, its stylesheet and the demo page. All are read from the jar once; the widget is plain
 * browser JavaScript with no dependencies, so serving it needs no build step. It is kept in two files
 * (the dialog, and the safe Markdown renderer) that are served as one script. The demo page is
 * the widget over a page titled with the site's name, which is HTML-escaped because it comes
 * from the index (page text is untrusted). An index may have no name; the page then speaks of
 * "your docs" and the widget of "these docs". The server's question limit goes into the script too, so the
 * question box can say when a question is too long instead of cutting it or sending what the server refuses.
 * The comments of the script and its styles stay in the sources, for whoever reads them, and are left out of what a
 * browser gets: they are the why of each safety rule and about a fifth of the gzipped size (docs/benchmarks.md).
 */
final class StaticAssets {
    private static final String WIDGET = "/dev/docask/server/widget.js";
    private static final String MARKDOWN = "/dev/docask/server/widget-markdown.js";
    private static final String CSS = "/dev/docask/server/widget.css";
    private static final String DEMO = "/dev/docask/server/demo.html";
    private static final Pattern CSS_COMMENT = Pattern.compile("/\\*.*?\\*/\\s*", Pattern.DOTALL);

    private final byte[] widget;
    private final byte[] widgetGzip;
    private final byte[] css;
    private final byte[] cssGzip;
    private final String demo;

    StaticAssets(String siteName, int maxQuestionChars) {
        this.css = CSS_COMMENT.matcher(new String(read(CSS), StandardCharsets.UTF_8)).replaceAll("")
                .getBytes(StandardCharsets.UTF_8);
        // the styles go into the script as a JSON string, which is also a JavaScript string literal
        this.widget = withoutCommentLines(new String(read(WIDGET), StandardCharsets.UTF_8))
                .replace("/*{{markdown}}*/", withoutCommentLines(new String(read(MARKDOWN), StandardCharsets.UTF_8)))
                .replace("\"{{css}}\"", TextNode.valueOf(new String(css, StandardCharsets.UTF_8)).toString())
                .replace("/*{{maxQuestionChars}}*/500", Integer.toString(maxQuestionChars))
                .getBytes(StandardCharsets.UTF_8);
        this.widgetGzip = gzip(widget);
        this.cssGzip = gzip(css);
        String name = escapeHtml(siteName == null ? "" : siteName.strip());
        this.demo = new String(read(DEMO), StandardCharsets.UTF_8)
                .replace("{{title}}", name.isEmpty() ? "docask demo" : name + " — docask demo")
                .replace("{{heading}}", name.isEmpty() ? "Your docs" : name)
                .replace("{{docs}}", name.isEmpty() ? "your documentation" : "the <strong>" + name + "</strong> documentation")
                .replace("{{siteName}}", name);
    }

    /*
     * Only comments on lines of their own go: the widget's scripts have no string over several lines (no template
     * literal, no line continuation), so such a line is never code. A comment after code stays, and so do the
     * placeholders, which are comments the constructor replaces.
     */
    static String withoutCommentLines(String script) {
        StringBuilder out = new StringBuilder(script.length());
        boolean inBlock = false;
        for (String line : script.lines().toList()) {
            String t = line.strip();
            int end = t.indexOf("*/");
            if (inBlock) {
                inBlock = end < 0;
                if (!inBlock && end + 2 < t.length()) {
                    out.append(t.substring(end + 2).strip()).append('\n'); // code after the end of a block
                }
            } else if (t.startsWith("/*") && !t.startsWith("/*{{") && (end < 0 || end + 2 == t.length())) {
                inBlock = end < 0;
            } else if (!t.startsWith("//")) {
                out.append(line).append('\n');
            }
        }
        return out.toString();
    }

    /** The script as served: both parts, with the styles inside. */
    byte[] widgetScript() {
        return widget.clone();
    }

    void widget(Context ctx) {
        serve(ctx, "text/javascript; charset=utf-8", widget, widgetGzip);
    }

    void css(Context ctx) {
        serve(ctx, "text/css; charset=utf-8", css, cssGzip);
    }

    /*
     * Gzipped, made once, for a client that accepts it (every browser): the widget is a third of its size that way
     * (docs/benchmarks.md, "Widget size"), with no proxy in front. Only these assets: the answer streams are never
     * compressed, which would hold their events back in a buffer.
     */
    private static void serve(Context ctx, String type, byte[] plain, byte[] gzipped) {
        ctx.contentType(type).header("Cache-Control", "public, max-age=300").header("X-Content-Type-Options", "nosniff")
                .header("Vary", "Accept-Encoding");
        if (acceptsGzip(ctx.header("Accept-Encoding"))) {
            ctx.header("Content-Encoding", "gzip").result(gzipped);
        } else {
            ctx.result(plain);
        }
    }

    /** Whether an Accept-Encoding header takes gzip: listed (or {@code *}) without {@code q=0}. */
    static boolean acceptsGzip(@org.jspecify.annotations.Nullable String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        for (String part : acceptEncoding.split(",")) {
            String[] token = part.trim().split(";");
            String coding = token[0].trim().toLowerCase(java.util.Locale.ROOT);
            boolean refused = token.length > 1 && token[1].trim().replace(" ", "").matches("q=0(\\.0*)?");
            if ((coding.equals("gzip") || coding.equals("*")) && !refused) {
                return true;
            }
        }
        return false;
    }

    private static byte[] gzip(byte[] bytes) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(bytes.length / 3);
        try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(out)) {
            z.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in memory: cannot happen
        }
        return out.toByteArray();
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
