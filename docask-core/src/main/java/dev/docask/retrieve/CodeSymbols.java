package dev.docask.retrieve;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/*
 * The code a question writes (docs/retrieval.md §4, "A symbol the site writes"): an API, option, flag, component or
 * variable named as code ("test.each", "toEqual", "dataLayer.push", "--expose-gc", "<ClientRouter />", "GIT_USER").
 * A reader who writes the site's own symbol asks about the thing it names, however loosely the rest of the question is
 * worded; a page that writes the same symbol, as written, is about it. Matched case-sensitively and whole: stems and
 * parts do not count.
 */
final class CodeSymbols {
    /** The fewest characters a symbol has: "vi.fn" (5) counts, "toBe" (4) and "t()" say too little. */
    static final int MIN_LENGTH = 5;

    private static final List<Pattern> FORMS = List.of(
            // a dotted name, perhaps called: test.each, vi.mock, Astro.props, dataLayer.push, import.meta.env
            Pattern.compile("(?<![\\w.$/@-])([A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)+)(?:\\(\\))?(?![\\w$])"),
            // a call, matched as a call ("require(" on the page): pages write "defer" and "require" in prose too
            Pattern.compile("(?<![\\w$.])([A-Za-z_$][\\w$]{2,}\\()\\)"),
            // lowerCamelCase from two lower-case letters on, alone or in a dotted name: toEqual, dataLayer (not iPhone, eBay)
            Pattern.compile("(?<![\\w$.-])([a-z]{2,}[a-z0-9]*[A-Z][A-Za-z0-9]*)(?![\\w$])"),
            // a command-line flag: --expose-gc, --project
            Pattern.compile("(?<![\\w-])(--[a-z][a-z0-9-]+)"),
            // a component written as a tag: <ClientRouter />, <Picture>
            Pattern.compile("<([A-Z][A-Za-z0-9]+)"),
            // an environment variable or a constant, upper case with underscores: GIT_USER, ERR_REQUIRE_ESM
            Pattern.compile("(?<![\\w$])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?![\\w$])"));

    /* a dotted name ending so is a file or a host ("astro.config.mjs", "docs.example.com"), not a symbol */
    private static final Set<String> NOT_SYMBOL_ENDINGS = Set.of("js", "ts", "mjs", "cjs", "jsx", "tsx", "md", "mdx",
            "json", "astro", "css", "scss", "html", "svelte", "vue", "yml", "yaml", "txt", "toml", "lock", "env", "xml",
            "png", "jpg", "svg", "pdf", "sh", "com", "org", "io", "dev", "net", "app", "build");

    private CodeSymbols() {
    }

    /**
     * The symbols {@code question} writes, each once, as written: at least {@link #MIN_LENGTH} characters, not a file or
     * host name, and not a listed product ("macOS", "Node.js" name tools, docs/retrieval.md §4, "Questions about
     * another tool").
     */
    static List<String> in(String question) {
        List<String> out = new ArrayList<>();
        for (Pattern p : FORMS) {
            Matcher m = p.matcher(question);
            while (m.find()) {
                String s = m.group(1);
                int dot = s.lastIndexOf('.');
                if (s.length() < MIN_LENGTH || out.contains(s)
                        || dot >= 0 && NOT_SYMBOL_ENDINGS.contains(s.substring(dot + 1).toLowerCase(Locale.ROOT))
                        || OtherTools.bundled().isName(s)) {
                    continue;
                }
                out.add(s);
            }
        }
        return out;
    }

    /** Whether {@code text} writes one of {@code symbols} whole and as written (a flag's dashes, a call's parenthesis). */
    static boolean writesAny(String text, List<String> symbols) {
        for (String s : symbols) {
            boolean call = s.endsWith("(");
            for (int at = text.indexOf(s); at >= 0; at = text.indexOf(s, at + 1)) {
                int end = at + s.length();
                if ((at == 0 || !symbolChar(text.charAt(at - 1)))
                        && (call || end == text.length() || !symbolChar(text.charAt(end)))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean symbolChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }
}
