package dev.docask.retrieve;

import dev.docask.index.internal.IndexEngine;
import dev.docask.index.internal.QueryTerms;
import org.jspecify.annotations.Nullable;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/*
 * The page a question names (docs/retrieval.md §7, "The page the question names"): "Automatically mock css
 * module imports" names Vitest's `css` option page, "Middleware: reading cookies …" Astro's Middleware guide.
 * Such a page is about the thing asked; when the question's other words pull six pages of another subject
 * (the mocking guides) above it, it still deserves one of the places, as each list's first does.
 *
 * A page is named when every word of its title is written in the question, as written (lower case, split at
 * anything that is not a letter or a digit): stems and the parts of an identifier do not count, or "change"
 * would name the `changed` option and "OpenTelemetry" the `open` one. The title is read before " | ", where
 * sites put the section ("css | Config"). Every search term of the title must also be rare on the site: on at
 * most one chunk in ten (MAX_CHUNK_SHARE). A word most pages use ("test" on a test runner's site, "blog" on a
 * blog engine's) is the site's common vocabulary, not the name of one page. Only candidates beyond the first
 * `within` sections count (one already there needs no seat), the best-fused first, and one page at most.
 */
final class NamedPage {
    /** The most of the site's chunks a title's search term may be on; docs/quality.md, "Adopted: the page the question names". */
    static final double MAX_CHUNK_SHARE = 0.1;

    private NamedPage() {
    }

    /**
     * The best-fused hit of {@code diverse}, after its first {@code within} sections and on a page none of them is
     * on, whose page title the question names; empty when there is none.
     *
     * @param terms  the question's analysed terms with their IDF ({@link SearchQuery#terms()})
     * @param chunks how many chunks the index holds, which the IDF of a term on one chunk in ten depends on
     */
    static Optional<Hit> in(String question, List<Hit> diverse, QueryTerms terms, int within, int chunks) {
        if (diverse.size() <= within) {
            return Optional.empty();
        }
        Set<String> asked = words(question);
        double minIdf = idfOfShare(MAX_CHUNK_SHARE, chunks);
        Map<String, Float> idf = new HashMap<>();
        for (int i = 0; i < terms.terms().size(); i++) {
            idf.put(terms.terms().get(i), terms.idf()[i]);
        }
        Set<String> sections = new HashSet<>();
        Set<String> firstPages = new HashSet<>();
        for (Hit h : diverse) {
            String url = h.chunk().url();
            if (sections.size() < within || sections.contains(url)) {
                sections.add(url);
                firstPages.add(h.chunk().pageUrl());
                continue;
            }
            if (!firstPages.contains(h.chunk().pageUrl()) && named(title(h.chunk().title()), asked, idf, minIdf)) {
                return Optional.of(h);
            }
        }
        return Optional.empty();
    }

    /** A title before " | " ("css | Config" → "css"): many sites append the section or the site's name there. */
    static String title(String title) {
        int bar = title.indexOf(" | ");
        return (bar >= 0 ? title.substring(0, bar) : title).strip();
    }

    private static boolean named(String title, Set<String> asked, Map<String, Float> idf, double minIdf) {
        if (!allWritten(title, asked)) {
            return false;
        }
        List<String> searched = IndexEngine.terms(title);
        if (searched.isEmpty()) {
            return false; // a title of stop words alone names nothing
        }
        for (String t : searched) {
            @Nullable Float f = idf.get(t);
            if (f == null || f < minIdf) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code title} has a word and every word of it is in {@code asked}; stops at the first that is not, so that
     * the many candidates whose title the question does not write cost a few characters each.
     */
    private static boolean allWritten(String title, Set<String> asked) {
        int[] words = {0};
        boolean all = eachWord(title, w -> {
            words[0]++;
            return asked.contains(w);
        });
        return all && words[0] > 0;
    }

    private static Set<String> words(String text) {
        Set<String> out = new HashSet<>();
        eachWord(text, w -> {
            out.add(w);
            return true; // a repeated word goes on
        });
        return out;
    }

    /**
     * Hands each word of {@code text} (lower case, a run of letters and digits) to {@code word} until it answers false;
     * whether it never did.
     */
    private static boolean eachWord(String text, Predicate<String> word) {
        String lower = text.toLowerCase(Locale.ROOT);
        int i = 0;
        while (i < lower.length()) {
            if (!Character.isLetterOrDigit(lower.codePointAt(i))) {
                i += Character.charCount(lower.codePointAt(i));
                continue;
            }
            int start = i;
            while (i < lower.length() && Character.isLetterOrDigit(lower.codePointAt(i))) {
                i += Character.charCount(lower.codePointAt(i));
            }
            if (!word.test(lower.substring(start, i))) {
                return false;
            }
        }
        return true;
    }

    /** BM25's IDF of a term on {@code share} of {@code chunks} chunks, as the index computes it. */
    static double idfOfShare(double share, int chunks) {
        return QueryTerms.idf(share * Math.max(1, chunks), chunks);
    }
}
