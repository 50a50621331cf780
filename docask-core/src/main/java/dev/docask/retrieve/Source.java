package dev.docask.retrieve;

import java.util.List;

/**
 * A numbered source: one heading section of a page, made of one or more retrieved chunks, and,
 * when the context budget has room, the best chunks of the page's other sections
 * (docs/retrieval.md §8; each hit's chunk keeps its own URL). Answers cite it as {@code [n]}.
 *
 * <pre>{@code
 * for (Source s : retriever.retrieve("How do I mock a module?", RetrievalOptions.defaults()).sources()) {
 *     System.out.println("[" + s.n() + "] " + s.title() + " › " + s.heading() + "  " + s.url());
 *     String context = s.text();   // what a prompt shows of it
 * }
 * }</pre>
 *
 * @param n       the citation number, from 1
 * @param url     the section URL (with anchor), that of its first hit
 * @param title   page title
 * @param heading section breadcrumb
 * @param source  file path relative to the indexed folder
 * @param hits    the chunks it carries, in rank order: its section's first
 */
public record Source(int n, String url, String title, String heading, String source, List<Hit> hits) {
    public Source {
        if (n < 1) {
            throw new IllegalArgumentException("source numbers start at 1, got " + n);
        }
        hits = List.copyOf(hits);
        if (hits.isEmpty()) {
            throw new IllegalArgumentException("a source needs at least one hit");
        }
    }

    /** The text of its chunks, joined in rank order. */
    public String text() {
        StringBuilder sb = new StringBuilder();
        for (Hit h : hits) {
            if (!sb.isEmpty()) {
                sb.append("\n\n");
            }
            sb.append(h.chunk().text());
        }
        return sb.toString();
    }

    /** Every URL this source is served at: its own and its collapsed copies'. */
    public List<String> allUrls() {
        java.util.LinkedHashSet<String> urls = new java.util.LinkedHashSet<>();
        urls.add(url);
        hits.forEach(h -> urls.addAll(h.copyUrls()));
        return List.copyOf(urls);
    }
}
