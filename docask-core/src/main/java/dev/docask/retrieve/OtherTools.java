package dev.docask.retrieve;

import dev.docask.index.DocIndex;
import dev.docask.ingest.Chunk;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/*
 * The products a question names (docs/retrieval.md §4, "Questions about another tool"): a bundled list of other
 * tools, matched in a question and counted on a site's pages with one rule, so that what a question "names" is what a
 * page "mentions". A name that is an everyday word ("Fresh", "Lit", "Go") counts only capitalised and, in a question,
 * not as the first word of a sentence; any other name in any case. A word joined by dots, hyphens or slashes
 * ("Astro.glob", "karma-coverage", "@docusaurus/core") names a tool when the whole does or one of its parts does.
 */
final class OtherTools {
    private static final String LIST = "other-tools.txt";

    /**
     * One product: its name as listed first, each spelling as lower-case words in a row, and whether it is a platform
     * (what a project runs on or is built, deployed or edited with: an operating system, CI, a host, an editor).
     */
    record Tool(String name, List<List<String>> spellings, boolean everydayWord, boolean platform) {
    }

    private final List<Tool> tools;
    /** The first word of each spelling → the tools and spelling indexes that start with it. */
    private final Map<String, List<int[]>> byFirstWord = new HashMap<>();
    /** Every spelling of one word, lower-cased ("macos", "node.js"). */
    private final Set<String> oneWordNames = new java.util.HashSet<>();

    OtherTools(List<Tool> tools) {
        this.tools = List.copyOf(tools);
        for (int t = 0; t < tools.size(); t++) {
            List<List<String>> sp = tools.get(t).spellings();
            for (int s = 0; s < sp.size(); s++) {
                byFirstWord.computeIfAbsent(sp.get(s).getFirst(), k -> new ArrayList<>()).add(new int[]{t, s});
                if (sp.get(s).size() == 1) {
                    oneWordNames.add(sp.get(s).getFirst());
                }
            }
        }
    }

    private static final class Bundled {
        static final OtherTools LIST_ = parse(GateCalibration.bundled(LIST));
    }

    /** The bundled list ({@code other-tools.txt}), read once. */
    static OtherTools bundled() {
        return Bundled.LIST_;
    }

    List<Tool> tools() {
        return tools;
    }

    /**
     * The list's lines: "Name | other spelling", "~Name" for an everyday word, "[platforms]" and "[products]" around a run
     * of platforms; "#" comments and blank lines skipped.
     */
    static OtherTools parse(List<String> lines) {
        List<Tool> out = new ArrayList<>();
        boolean platforms = false;
        for (String line : lines) {
            String l = line.strip();
            if (l.equals("[platforms]") || l.equals("[products]")) {
                platforms = l.equals("[platforms]");
                continue;
            }
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            boolean everyday = l.startsWith("~");
            String[] names = (everyday ? l.substring(1) : l).split("\\s*\\|\\s*");
            List<List<String>> spellings = new ArrayList<>();
            for (String n : names) {
                List<String> words = new ArrayList<>();
                for (Word w : words(n)) {
                    words.add(w.lower());
                }
                if (!words.isEmpty()) {
                    spellings.add(words);
                }
            }
            if (!spellings.isEmpty()) {
                out.add(new Tool(names[0].strip(), spellings, everyday, platforms));
            }
        }
        return new OtherTools(out);
    }

    /** A written word, lower-cased, whether it is capitalised and whether a sentence starts with it. */
    record Word(String lower, boolean capitalised, boolean sentenceStart) {
    }

    /*
     * Words keep inner dots, hyphens, slashes, '+' and '#' ("Next.js", "C++", "C#", "apt-get"): a product is often
     * spelt so. A word after '.', '!', '?' or a line break, or the first, starts a sentence.
     */
    static List<Word> words(String text) {
        List<Word> out = new ArrayList<>();
        boolean start = true;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (!isWordChar(c)) {
                if (c == '.' || c == '!' || c == '?' || c == '\n' || c == '\r' || c == '›') {
                    start = true;
                }
                i++;
                continue;
            }
            int j = i;
            while (j < n && (isWordChar(text.charAt(j)) || isInner(text, j))) {
                j++;
            }
            String w = text.substring(i, j);
            out.add(new Word(w.toLowerCase(Locale.ROOT), Character.isUpperCase(w.charAt(0)), start));
            start = false;
            i = j;
        }
        return out;
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '+' || c == '#' || c == '@';
    }

    /** A dot, hyphen, slash or colon between two word characters, or a leading dot before one (".NET"). */
    private static boolean isInner(String text, int j) {
        char c = text.charAt(j);
        return ".-/:".indexOf(c) >= 0 && j + 1 < text.length() && isWordChar(text.charAt(j + 1));
    }

    /**
     * The tools {@code question} names, by index in {@link #tools()}, each once, on a site that writes the words
     * {@code siteWrites} accepts: an everyday-word name that starts a sentence counts where the site never writes the
     * word at all ("Starlight autogenerate sidebar" on Docusaurus), since there it cannot be the reader's word for
     * something on the site either. In a question written in title case it still does not count ("How Long to Detox From
     * Fish Before Pregnancy?", an NFCorpus query).
     */
    Set<Integer> named(String question, Predicate<String> siteWrites) {
        return find(question, true, siteWrites);
    }

    /** The tools a page's text mentions: as in a question, but an everyday word counts at a sentence's start too. */
    Set<Integer> mentioned(String text) {
        return find(text, false, word -> true);
    }

    private Set<Integer> find(String text, boolean question, Predicate<String> siteWrites) {
        List<Word> words = words(text);
        // in a question written in title case a capital says nothing, as at a sentence's start ("Sometimes the Enzyme
        // Myth Is True", an NFCorpus query: docs/quality.md, "The gate on keyword-only indexes")
        boolean capitalsSayNothing = question && titleCase(words);
        List<int[]> spans = new ArrayList<>(); // tool, first word, words
        for (int i = 0; i < words.size(); i++) {
            Word w = words.get(i);
            if (hostName(w.lower())) {
                continue;
            }
            match(words, i, w.lower(), w, question, capitalsSayNothing, siteWrites, spans);
            if (joined(w.lower())) {
                for (String part : JOINERS.split(w.lower())) {
                    if (!part.isEmpty() && !part.equals(w.lower())) {
                        match(words, i, part, w, question, capitalsSayNothing, siteWrites, spans);
                    }
                }
            }
        }
        // a name inside a longer one is not named on its own: "GitHub Pages" names GitHub Pages, not GitHub
        Set<Integer> found = new LinkedHashSet<>();
        for (int[] a : spans) {
            boolean inside = false;
            for (int[] b : spans) {
                inside |= b[2] > a[2] && b[1] <= a[1] && a[1] + a[2] <= b[1] + b[2];
            }
            if (!inside) {
                found.add(a[0]);
            }
        }
        return found;
    }

    /** Top-level domains that end a host name ({@link #hostName}). */
    private static final Set<String> DOMAINS = Set.of("com", "net", "org", "io", "dev", "app");

    /*
     * A host name is an address: "cdn.shopify.com" or "images.ctfassets.net" in "Remote image https://… is not allowed"
     * says where an image lives, not which product the question is about, and its "net" is no ".NET" (docs/quality.md,
     * "An address names no tool"). Three parts at least, so a product spelt as a domain ("Fly.io") still names itself.
     */
    /** Whether {@code word} (lower case) is a host name: three or more dotted parts, the last a common top-level domain. */
    static boolean hostName(String word) {
        int dots = 0;
        int last = -1;
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (c == '/' || c == ':') {
                break;
            }
            if (c == '.') {
                dots++;
                last = i;
            }
        }
        if (dots < 2) {
            return false;
        }
        int end = last + 1;
        while (end < word.length() && word.charAt(end) != '/' && word.charAt(end) != ':') {
            end++;
        }
        return DOMAINS.contains(word.substring(last + 1, end));
    }

    /** Titles that put a person's name after them, as written without their dot. */
    private static final Set<String> TITLES = Set.of("dr", "mr", "mrs", "ms", "mx", "prof", "professor", "sir", "dame");

    private static final java.util.regex.Pattern JOINERS = java.util.regex.Pattern.compile("[./:-]+");

    /** Whether a word is joined from parts by a dot, hyphen, slash or colon (checked per word of every page: no regex). */
    private static boolean joined(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (".-/:".indexOf(word.charAt(i)) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** Whether every word of four letters or more, at least two of them, is written capitalised. */
    static boolean titleCase(List<Word> words) {
        int longWords = 0;
        for (Word w : words) {
            if (w.lower().length() >= 4 && w.lower().chars().allMatch(Character::isLetter)) {
                if (!w.capitalised()) {
                    return false;
                }
                longWords++;
            }
        }
        return longWords >= 2;
    }

    private void match(List<Word> words, int at, String first, Word written, boolean question, boolean capitalsSayNothing,
                       Predicate<String> siteWrites, List<int[]> spans) {
        List<int[]> starting = byFirstWord.get(first.startsWith("@") ? first.substring(1) : first);
        if (starting == null) {
            return;
        }
        // "Dr. Jenkins" is a person, not the CI server (docs/quality.md, "A product name that starts a title, and a title
        // before a name")
        if (at > 0 && TITLES.contains(words.get(at - 1).lower())) {
            return;
        }
        for (int[] ts : starting) {
            Tool tool = tools.get(ts[0]);
            List<String> spelling = tool.spellings().get(ts[1]);
            if (tool.everydayWord() && ts[1] == 0 && (!written.capitalised() || capitalsSayNothing
                    || (question && written.sentenceStart() && siteWrites.test(first)))) {
                continue;
            }
            boolean all = true;
            for (int k = 1; k < spelling.size() && all; k++) {
                all = at + k < words.size() && words.get(at + k).lower().equals(spelling.get(k));
            }
            if (all) {
                spans.add(new int[]{ts[0], at, spelling.size()});
            }
        }
    }

    /** A tool a question names, on how many of the site's pages (at most the calibration's few), and its place in the list. */
    record Named(String name, int pages, int tool) {
    }

    /** Whether {@code word}, in any case, is a listed product's one-word spelling ("macOS", "Node.js"). */
    boolean isName(String word) {
        return oneWordNames.contains(word.toLowerCase(Locale.ROOT));
    }

    /** Whether {@code question} names the listed tool called {@code name}, in any case, as {@link #named} finds tools. */
    boolean names(String question, String name, Predicate<String> siteWrites) {
        for (int t : named(question, siteWrites)) {
            if (tools.get(t).name().equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code named} is a platform (listed between "[platforms]" and "[products]"). */
    boolean platform(Named named) {
        return tools.get(named.tool()).platform();
    }

    /** Whether {@code text} (a page's title, heading and text) mentions {@code named}, as {@link #pageCounts} counts it. */
    boolean mentions(String text, Named named) {
        return mentioned(text).contains(named.tool());
    }

    /**
     * The first listed tool {@code question} names that is not one of {@code siteTools} (the listed tools the site
     * mentions on more than {@code fewPages} pages), a product before a platform, or {@code null}, on a site that writes
     * the words {@code siteWrites} accepts ({@link #named(String, Predicate)}). The tool's page count is not stored, only that it
     * is at most {@code fewPages}; {@code pages} says that bound.
     */
    OtherTools.@org.jspecify.annotations.Nullable Named otherTool(String question, int fewPages, List<String> siteTools,
                                                                   Predicate<String> siteWrites) {
        Named platform = null; // a product named beside a platform is the one the rules weigh ("Jest on GitHub Actions")
        for (int t : named(question, siteWrites)) {
            if (!siteTools.contains(tools.get(t).name())) {
                Named n = new Named(tools.get(t).name(), fewPages, t);
                if (!tools.get(t).platform()) {
                    return n;
                }
                platform = platform == null ? n : platform;
            }
        }
        return platform;
    }

    /**
     * How many pages of {@code index} mention each tool, by index in {@link #tools()}: the copies of a page (its
     * versions) count once, as retrieval counts them (docs/retrieval.md §2); a page is its title, headings and text.
     */
    int[] pageCounts(DocIndex index) {
        Map<String, BitSet> pages = new HashMap<>();
        for (int id = 0; id < index.size(); id++) {
            if (index.canonicalOf(id) != id) {
                continue;
            }
            Chunk c = index.chunk(id);
            BitSet seen = pages.computeIfAbsent(c.pageUrl(), k -> new BitSet());
            for (int t : mentioned(c.searchText())) {
                seen.set(t);
            }
        }
        int[] counts = new int[tools.size()];
        for (BitSet seen : pages.values()) {
            seen.stream().forEach(t -> counts[t]++);
        }
        return counts;
    }

    /** How many distinct pages {@link #pageCounts} counted over. */
    static int pages(DocIndex index) {
        Set<String> urls = new java.util.HashSet<>();
        for (int id = 0; id < index.size(); id++) {
            if (index.canonicalOf(id) == id) {
                urls.add(index.chunk(id).pageUrl());
            }
        }
        return urls.size();
    }
}
