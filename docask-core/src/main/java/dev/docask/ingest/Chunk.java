package dev.docask.ingest;

import com.google.errorprone.annotations.CheckReturnValue;

import java.util.Map;
import java.util.Objects;

/**
 * One retrievable piece of a documentation page: a heading section, or part of a long one.
 *
 * <pre>{@code
 * new Chunk("https://vitest.dev/guide/mocking#modules", "Mocking", "Mocking › Modules",
 *           "Use vi.mock to ...", "guide/mocking.md", Map.of("docType", "guide"));
 * }</pre>
 *
 * @param url      public URL of the section, with the heading's {@code #anchor} (none for the page top)
 * @param title    the page title
 * @param heading  the section heading with its parent headings as a breadcrumb, joined by {@code " › "};
 *                 empty for text before the first heading
 * @param text     the section's plain text (Markdown syntax kept where it carries meaning, e.g. code)
 * @param source   the file the chunk came from, relative to the indexed folder, with {@code /} separators
 * @param metadata front matter and folder facts, e.g. {@code docType}, {@code tags}, {@code version}
 */
@CheckReturnValue
public record Chunk(String url, String title, String heading, String text, String source,
                    Map<String, String> metadata) {

    /** Separator between the levels of a heading breadcrumb. */
    public static final String BREADCRUMB = " › ";

    public Chunk {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(heading, "heading");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(source, "source");
        metadata = Map.copyOf(metadata == null ? Map.of() : metadata);
        if (text.isBlank()) {
            throw new IllegalArgumentException("chunk text is blank for " + url);
        }
    }

    /** The URL without its {@code #anchor}: the page this chunk belongs to. */
    public String pageUrl() {
        int hash = url.indexOf('#');
        return hash < 0 ? url : url.substring(0, hash);
    }

    /** What keyword search reads: the title, the heading and the text, joined by newlines. */
    public String searchText() {
        return title + "\n" + heading + "\n" + text;
    }

    /** What the embedder sees: {@code title › heading} then the text, as a reader sees it. */
    public String embeddingText() {
        String head = heading.isEmpty() ? title : title + BREADCRUMB + heading;
        return head + "\n\n" + (text.contains("\\|") ? tableCellPipes(text) : text);
    }

    /*
     * A table cell's own pipe is kept escaped in the text so the row keeps its cells (docs/design.md, "Ingest");
     * the reader sees a pipe, and so does the embedder. Code fences are left as written.
     */
    private static String tableCellPipes(String text) {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Fence fence = Fence.open(lines[i]);
            if (fence != null) {
                i = fence.closingLine(lines, i);
            } else if (lines[i].stripLeading().startsWith("|")) {
                lines[i] = lines[i].replace("\\|", "|");
            }
        }
        return String.join("\n", lines);
    }
}
