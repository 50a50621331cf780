package dev.docask.answer;

import dev.docask.index.internal.IndexEngine;
import dev.docask.index.DocIndex;
import dev.docask.ingest.internal.Sentences;
import dev.docask.retrieve.Source;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/*
 * The answer when no language model is configured: the sentences of the sources that share the
 * most content words with the question, quoted as written, each followed by its [n].
 *
 * Scoring: a sentence's score is the share of the question's distinct search terms (analysed as retrieval analyses a question, so
 * "timers" meets "timer" and createAskHandler meets "create ask handler")
 * that it contains. Ties go to the better-ranked source, then to the earlier sentence, so the
 * output is fully deterministic. At most MAX_QUOTES sentences, at most MAX_PER_SOURCE from one
 * source, so one long page cannot crowd out the others. Fenced code is not quoted (cut into
 * "sentences" it reads as noise); a table row is quoted as one unit, each cell labelled with its
 * column header ("Flag: --retry-limit; Default: 8"), because reference facts often live in tables; when no sentence shares a word with the question the first
 * sentence of source 1 is quoted, because retrieval found that section relevant on its title or
 * heading. The first line says plainly that these are quotations, not a written answer.
 */
final class ExtractiveAnswer {
    static final String MODEL_ID = "extractive";
    private static final int MAX_QUOTES = 3;
    private static final int MAX_PER_SOURCE = 2;
    private static final int MIN_CHARS = 20;
    private static final int MAX_CHARS = 400;
    private static final Pattern FENCE = Pattern.compile("(?s)(```|~~~).*?(\\1|$)");
    private static final Pattern CELL_BORDER = Pattern.compile("(?<!\\\\)\\|");
    private static final Pattern SEPARATOR_CELL = Pattern.compile(":?-{2,}:?");
    private static final Pattern PARAGRAPH_BREAK = Pattern.compile("\\n\\s*\\n|\\n(?=\\s*(?:[-*+>]|#{1,6}|\\d+[.)])\\s)");
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern LIST_MARK = Pattern.compile("^\\s*(?:[-*+>]|#{1,6}|\\d+[.)])\\s+");

    private ExtractiveAnswer() {
    }

    private record Candidate(Source source, int position, String sentence, double score) {
    }

    /** The extractive answer as the pieces it is streamed in: the opening line, then one quoted sentence each. */
    static List<String> write(String question, List<Source> sources, SiteName site) {
        Set<String> terms = new LinkedHashSet<>(IndexEngine.terms(question));
        List<Candidate> all = new ArrayList<>();
        for (Source s : sources) {
            List<String> sentences = sentences(s.text());
            for (int i = 0; i < sentences.size(); i++) {
                all.add(new Candidate(s, i, sentences.get(i), overlap(terms, sentences.get(i))));
            }
        }
        List<Candidate> chosen = choose(all);
        List<String> blocks = new ArrayList<>();
        blocks.add("Quoted from " + site.docs() + " (an extractive answer: passages as written, no language model):");
        for (Candidate c : chosen) {
            blocks.add("\n\n> " + c.sentence() + " [" + c.source().n() + "]");
        }
        return blocks;
    }

    private static List<Candidate> choose(List<Candidate> all) {
        List<Candidate> ranked = all.stream().filter(c -> c.score() > 0)
                .sorted(Comparator.comparingDouble(Candidate::score).reversed()
                        .thenComparingInt(c -> c.source().n())
                        .thenComparingInt(Candidate::position))
                .toList();
        Map<Integer, Integer> perSource = new HashMap<>();
        List<Candidate> chosen = new ArrayList<>();
        for (Candidate c : ranked) {
            if (chosen.size() == MAX_QUOTES) {
                break;
            }
            if (perSource.merge(c.source().n(), 1, Integer::sum) <= MAX_PER_SOURCE) {
                chosen.add(c);
            }
        }
        if (chosen.isEmpty() && !all.isEmpty()) {
            chosen.add(all.getFirst());
        }
        return chosen;
    }

    private static double overlap(Set<String> questionTerms, String sentence) {
        if (questionTerms.isEmpty()) {
            return 0;
        }
        Set<String> words = new HashSet<>(IndexEngine.terms(sentence));
        return questionTerms.stream().filter(words::contains).count() / (double) questionTerms.size();
    }

    /** Quotable sentences of a source text: code removed, table rows labelled, list and heading marks stripped. */
    static List<String> sentences(String text) {
        List<String> out = new ArrayList<>();
        String prose = tableRowsAsParagraphs(FENCE.matcher(text).replaceAll("\n"));
        for (String line : PARAGRAPH_BREAK.split(prose)) {
            String paragraph = SPACES.matcher(LIST_MARK.matcher(line.strip()).replaceFirst("")).replaceAll(" ").strip();
            for (String s : Sentences.split(paragraph)) {
                if (s.length() >= MIN_CHARS) {
                    out.add(s.length() > MAX_CHARS ? s.substring(0, MAX_CHARS).strip() + " …" : s);
                }
            }
        }
        return out;
    }

    /** Each data row of a Markdown table becomes its own paragraph, "Header: cell; Header: cell". */
    private static String tableRowsAsParagraphs(String text) {
        StringBuilder out = new StringBuilder();
        List<String> header = null;
        for (String line : text.split("\n", -1)) {
            String t = line.strip();
            if (!t.startsWith("|")) {
                header = null;
                out.append(line).append('\n');
                continue;
            }
            List<String> cells = cells(t);
            if (header == null) {
                header = cells;
            } else if (!cells.stream().allMatch(c -> SEPARATOR_CELL.matcher(c).matches())) {
                List<String> labelled = new ArrayList<>();
                for (int i = 0; i < cells.size(); i++) {
                    if (!cells.get(i).isEmpty()) {
                        String head = i < header.size() ? header.get(i) : "";
                        labelled.add(head.isEmpty() ? cells.get(i) : head + ": " + cells.get(i));
                    }
                }
                out.append("\n\n").append(String.join("; ", labelled)).append("\n\n");
            }
        }
        return out.toString();
    }

    private static List<String> cells(String row) {
        String inner = row.substring(1, row.endsWith("|") && row.length() > 1 ? row.length() - 1 : row.length());
        return CELL_BORDER.splitAsStream(inner).map(String::strip).toList();
    }
}
