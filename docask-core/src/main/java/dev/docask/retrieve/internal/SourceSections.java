package dev.docask.retrieve.internal;

import dev.docask.ingest.Chunk;
import dev.docask.retrieve.Hit;
import dev.docask.retrieve.Source;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A source's text, one section after the other, for a reader that cites by URL (the model's prompt, an agent's
 * {@code search_docs}): a chunk of another section of the page, which the context budget's room brings
 * (docs/retrieval.md §8), goes under its own {@code Section:} and {@code URL:} lines, so that what it says is
 * cited at the section that says it, not at the source's first section.
 *
 * <pre>{@code
 * String text = SourceSections.text(source, line -> line.replaceAll("\\s+", " "), body -> body);
 * }</pre>
 */
public final class SourceSections {
    private SourceSections() {
    }

    /**
     * @param line applied to each heading and URL written on a line of its own
     * @param body applied to each section's joined chunk texts
     */
    public static String text(Source s, UnaryOperator<String> line, UnaryOperator<String> body) {
        Map<String, List<Hit>> bySection = new LinkedHashMap<>();
        s.hits().forEach(h -> bySection.computeIfAbsent(h.chunk().url(), u -> new ArrayList<>()).add(h));
        StringBuilder sb = new StringBuilder();
        boolean first = true;
        for (List<Hit> hits : bySection.values()) {
            Chunk c = hits.getFirst().chunk();
            if (!first) {
                sb.append("\n\n");
                if (!c.heading().isEmpty()) {
                    sb.append("Section: ").append(line.apply(c.heading())).append('\n');
                }
                sb.append("URL: ").append(line.apply(c.url())).append("\n\n");
            }
            first = false;
            sb.append(body.apply(String.join("\n\n", hits.stream().map(h -> h.chunk().text()).toList())));
        }
        return sb.toString();
    }
}
