package dev.docask.mcp;

import com.google.errorprone.annotations.CheckReturnValue;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexException;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A site's {@code llms.txt} and {@code llms-full.txt}, built from its index (the llms.txt convention:
 * an H1 with the site's name, a quoted summary, then H2 sections listing pages as
 * {@code - [title](url): description}); the full file holds every page's text as Markdown. Pages are
 * grouped by the folder of their URL path, sorted by URL, and carry the URLs answers cite. The same
 * index gives the same bytes.
 *
 * <pre>{@code
 * try (DocIndex index = DocIndex.open(Path.of("docs-index"))) {
 *     LlmsTxt files = LlmsTxt.of(index);
 *     files.write(Path.of("site/static"));   // site/static/llms.txt and site/static/llms-full.txt
 *     System.out.println(files.index());
 * }
 * }</pre>
 */
@CheckReturnValue
public final class LlmsTxt {
    /** The file names, as agents look for them at the site root. */
    public static final String INDEX_FILE = "llms.txt";
    public static final String FULL_FILE = "llms-full.txt";

    private final String index;
    private final String full;

    private LlmsTxt(String index, String full) {
        this.index = index;
        this.full = full;
    }

    /** The two files for {@code index}, titled with the site name it records. */
    public static LlmsTxt of(DocIndex index) {
        return of(index, index.manifest().siteName());
    }

    /** The two files for {@code index}, titled {@code siteName} (blank: the index's name, else its host). */
    public static LlmsTxt of(DocIndex index, String siteName) {
        return of(SitePages.of(index), siteName.isBlank() ? index.manifest().siteName() : siteName);
    }

    static LlmsTxt of(SitePages pages, String siteName) {
        String title = title(siteName, pages.baseUrl());
        String summary = summary(pages, title);
        StringBuilder head = new StringBuilder();
        head.append("# ").append(title).append("\n\n> ").append(summary).append("\n\n");

        StringBuilder index = new StringBuilder(head);
        index.append(pages.pages().size()).append(pages.pages().size() == 1 ? " page" : " pages")
                .append(pages.baseUrl().isEmpty() ? "" : " of " + pages.baseUrl())
                .append(", each with its URL and what it is about. Every page's text is in ").append(FULL_FILE).append(".\n");
        for (Map.Entry<String, List<SitePages.Page>> section : sections(pages).entrySet()) {
            index.append("\n## ").append(sectionTitle(pages, section.getKey())).append("\n\n");
            for (SitePages.Page p : section.getValue()) {
                String description = PageMarkdown.description(p);
                index.append("- [").append(linkText(p.title())).append("](").append(linkTarget(p.url())).append(')')
                        .append(description.isEmpty() ? "" : ": " + description).append('\n');
            }
        }

        StringBuilder full = new StringBuilder(head);
        for (SitePages.Page p : pages.pages()) {
            full.append('\n').append(PageMarkdown.render(p, false));
        }
        return new LlmsTxt(index.toString(), full.toString());
    }

    /** The text of {@code llms.txt}. */
    public String index() {
        return index;
    }

    /** The text of {@code llms-full.txt}. */
    public String full() {
        return full;
    }

    /**
     * Writes {@code llms.txt} and {@code llms-full.txt} into {@code dir} (created if missing), each
     * replaced atomically, and returns their paths.
     *
     * @throws IndexException when the folder cannot be written, naming it
     */
    public List<Path> write(Path dir) {
        try {
            Files.createDirectories(dir);
            return List.of(replace(dir.resolve(INDEX_FILE), index), replace(dir.resolve(FULL_FILE), full));
        } catch (IOException e) {
            throw new IndexException("cannot write " + INDEX_FILE + " into " + dir + ": "
                    + dev.docask.index.internal.FileErrors.reason(e), e);
        }
    }

    private static Path replace(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        return Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static String title(String siteName, String baseUrl) {
        if (!siteName.isBlank()) {
            return PageMarkdown.oneLine(siteName);
        }
        try {
            String host = baseUrl.isEmpty() ? null : URI.create(baseUrl).getHost();
            return host == null ? "Documentation" : host;
        } catch (IllegalArgumentException e) {
            return "Documentation";
        }
    }

    /* The home page's own first sentence says best what the site is; a site without one gets a plain line. */
    private static String summary(SitePages pages, String title) {
        String home = pages.find(pages.baseUrl().isEmpty() ? "/" : pages.baseUrl()).map(PageMarkdown::description).orElse("");
        return home.isEmpty() ? "The documentation of " + title + "." : home;
    }

    /** Pages by the folder of their URL path ("/guide/" for /guide/mocking and /guide/), the site root first. */
    private static Map<String, List<SitePages.Page>> sections(SitePages pages) {
        Map<String, List<SitePages.Page>> out = new TreeMap<>();
        for (SitePages.Page p : pages.pages()) {
            out.computeIfAbsent(folder(path(p.url())), f -> new ArrayList<>()).add(p);
        }
        return out;
    }

    private static String folder(String path) {
        String p = path.endsWith("/") && path.length() > 1 ? path.substring(0, path.length() - 1) : path;
        return p.substring(0, p.lastIndexOf('/') + 1);
    }

    private static String path(String url) {
        int scheme = url.indexOf("://");
        String p = scheme < 0 ? url : url.indexOf('/', scheme + 3) < 0 ? "/" : url.substring(url.indexOf('/', scheme + 3));
        return p.startsWith("/") ? p : "/" + p;
    }

    /** A section is named by the page at its folder's URL ("Guide" for /guide/), else by the folder itself. */
    private static String sectionTitle(SitePages pages, String folder) {
        if (folder.equals("/")) {
            return "Start";
        }
        return pages.find(folder).map(p -> PageMarkdown.oneLine(p.title()))
                .orElse(folder.substring(1, folder.length() - 1));
    }

    private static String linkText(String title) {
        return PageMarkdown.oneLine(title).replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]");
    }

    /* CommonMark ends a bare link destination at a space or an unbalanced parenthesis; <…> holds either. */
    private static String linkTarget(String url) {
        return url.matches("[^\\s()<>]+") ? url : "<" + url.replace("<", "%3C").replace(">", "%3E") + ">";
    }
}
