package dev.docask.retrieve;

import dev.docask.index.DocIndex;
import dev.docask.index.internal.IndexEngine;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The listed tools counted on a site's pages, for the rule on questions about another tool (docs/retrieval.md §4,
 * "Questions about another tool"): the few-pages bound at {@link #FEW_PAGES_SHARE} of the pages, and the site's own
 * tools, most pages first: those above the bound and those a page of the site is about beside its own tool
 * ({@link #integrations}).
 *
 * @param tools      the bundled list
 * @param counts     on how many pages each listed tool is mentioned, by index in {@link OtherTools#tools()}
 * @param pages      how many pages were counted
 * @param few        the few-pages bound: a tool on at most this many pages is another tool, unless a page is about it
 * @param order      the site's own tools, by index, most pages first
 * @param siteTools  their names, in that order
 * @param siteWrites which words the site writes, for an everyday-word name at a sentence's start
 */
record SiteTools(OtherTools tools, int[] counts, int pages, int few, List<Integer> order, List<String> siteTools,
                 Predicate<String> siteWrites) {

    /**
     * A listed tool the site mentions on at most this share of its pages is another tool (docs/retrieval.md §4,
     * "Questions about another tool"). Chosen on the tune parts of the title-style questions and the dev sets: the
     * smallest share of 0, 1, 2, 3, 5 and 10% that let no tune off-topic title through (docs/quality.md, "Questions about
     * another tool").
     */
    static final double FEW_PAGES_SHARE = 0.05;

    /** The tools of {@code index}'s pages. */
    static SiteTools of(DocIndex index) {
        OtherTools tools = OtherTools.bundled();
        int[] counts = tools.pageCounts(index);
        int pages = OtherTools.pages(index);
        int few = (int) Math.floor(FEW_PAGES_SHARE * pages);
        List<Integer> order = new ArrayList<>();
        for (int t = 0; t < counts.length; t++) {
            if (counts[t] > few) {
                order.add(t);
            }
        }
        Optional<String> own = SitePackages.siteTool(index.manifest().siteName(),
                order.stream().map(t -> tools.tools().get(t).name()).toList());
        for (int t : integrations(tools, own, titles(index))) {
            if (!order.contains(t)) {
                order.add(t);
            }
        }
        order.sort((a, b) -> Integer.compare(counts[b], counts[a]));
        return new SiteTools(tools, counts, pages, few, order, order.stream().map(t -> tools.tools().get(t).name()).toList(),
                IndexEngine.of(index)::writes);
    }

    /** Whether {@code question} names a listed tool that is not one of the site's own. */
    boolean namesOtherTool(String question) {
        return tools.otherTool(question, few, siteTools, siteWrites) != null;
    }

    /*
     * A page titled with another tool beside the site's own ("Deploy your Astro Site to GitHub Pages", "Decap CMS &
     * Astro", "@astrojs/vercel") is the site's page on that tool, however few pages mention it: a question about it is
     * a question about the site (docs/retrieval.md §4, "Questions about another tool"; docs/quality.md, "A tool the site
     * has a page on"). A title without the site's tool ("Migrating from Next.js") is about the tool the reader leaves.
     */
    /**
     * The listed tools {@code tools} finds in a title that also writes {@code siteTool} (in any case, inside a word too:
     * "@astrojs/vercel"), by index in {@link OtherTools#tools()}; none when the site has no tool of its own.
     */
    static Set<Integer> integrations(OtherTools tools, Optional<String> siteTool, Collection<String> titles) {
        Set<Integer> found = new TreeSet<>();
        if (siteTool.isEmpty()) {
            return found;
        }
        for (String title : titles) {
            if (title.toLowerCase(Locale.ROOT).contains(siteTool.get())) {
                found.addAll(tools.mentioned(title));
            }
        }
        return found;
    }

    /** The distinct page titles of {@code index}. */
    private static Set<String> titles(DocIndex index) {
        Set<String> titles = new HashSet<>();
        for (int id = 0; id < index.size(); id++) {
            titles.add(index.chunk(id).title());
        }
        return titles;
    }

    /**
     * The site's own tools with their page counts, the twelve on most pages, then how many are its own only because a
     * page is titled with them beside the site's tool ({@link #integrations}: the ones on few pages), eight of them named.
     */
    String describeOwn() {
        StringBuilder own = new StringBuilder();
        for (int t : order.subList(0, Math.min(12, order.size()))) {
            own.append(own.isEmpty() ? "" : ", ").append(tools.tools().get(t).name()).append(' ').append(counts[t]);
        }
        List<String> titled = order.stream().filter(t -> counts[t] <= few).map(t -> tools.tools().get(t).name()).toList();
        return (own.isEmpty() ? "none" : own) + (order.size() > 12 ? ", …" : "") + (titled.isEmpty() ? ""
                : "; " + titled.size() + " of them on few pages but the subject of a page titled with the site's tool: "
                + String.join(", ", titled.subList(0, Math.min(8, titled.size()))) + (titled.size() > 8 ? ", …" : ""));
    }
}
