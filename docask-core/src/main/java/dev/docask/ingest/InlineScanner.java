package dev.docask.ingest;

import org.jsoup.nodes.Entities;
import org.jsoup.parser.Parser;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/*
 * Tags, expressions and {#ids} are found by looking ahead for their end. An opener whose end never
 * comes costs a scan of the rest of the text, and a page of them ('{' or '<a {' repeated, 5 MB is
 * allowed) would cost hours. So a page may look ahead at most LOOKAHEAD_PER_CHAR times its length
 * in total; once that is spent, openers are kept as text. Real pages spend a fraction of it.
 */

/**
 * One pass over prose (never code fences): drops HTML comments, JSX/HTML tags, MDX
 * {@code {expressions}} and {@code <script>}/{@code <style>} elements, decodes HTML character
 * references, keeps inline code verbatim and reduces Markdown links to their text.
 */
final class InlineScanner {
    private static final Pattern ENTITY = Pattern.compile("&(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});");
    private static final Pattern INLINE_HTML =
            Pattern.compile("(br|a|code|span|em|strong|b|i|sup|sub|kbd|img|wbr|small|mark|abbr)[\\s/>]");
    static final int LOOKAHEAD_PER_CHAR = 16;
    private final String s;
    private final boolean mdx;
    private final StringBuilder plain;
    private int i;
    private long lookedAhead;

    InlineScanner(String text, boolean mdx) {
        this.s = text;
        this.mdx = mdx;
        this.plain = new StringBuilder(text.length());
    }

    String scan() {
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '`') {
                codeSpan();
            } else if (s.startsWith("<!--", i)) {
                int end = s.indexOf("-->", i + 4);
                i = end < 0 ? s.length() : end + 3;
            } else if (c == '<' && startsTag()) {
                tag();
            } else if (c == '{' && s.startsWith("{#", i) && explicitId()) {
                // kept: heading anchors like {#custom-id}
            } else if (c == '{' && !mdx && s.startsWith("{{", i) && find("}}") > 0) {
                // Vue interpolation in VitePress pages: a value computed at build time, unknown here.
                i = find("}}") + 2;
            } else if (c == '{' && (mdx || s.startsWith("{/*", i))) {
                expression();
            } else if (c == '&' && entity()) {
                // decoded: a browser shows "&lt;" as "<" (never inside code spans, which are verbatim)
            } else if (c == '\\' && i + 1 < s.length() && s.charAt(i + 1) == '|' && inTableRow()) {
                // a cell's own pipe stays escaped, or the row would gain a cell (docs/design.md, "Ingest")
                plain.append("\\|");
                i += 2;
            } else if (c == '\\' && i + 1 < s.length() && isPunctuation(s.charAt(i + 1))) {
                plain.append(s.charAt(i + 1));
                i += 2;
            } else {
                plain.append(c);
                i++;
            }
        }
        // Links are reduced last so that [`code`](url) loses its URL too.
        return MarkdownCleaner.unlink(plain.toString());
    }

    /** Whether the line written so far is a Markdown table row (it starts with a pipe). */
    private boolean inTableRow() {
        int start = plain.lastIndexOf("\n") + 1;
        while (start < plain.length() && (plain.charAt(start) == ' ' || plain.charAt(start) == '\t')) {
            start++;
        }
        return start < plain.length() && plain.charAt(start) == '|';
    }

    private void codeSpan() {
        int run = 0;
        while (i + run < s.length() && s.charAt(i + run) == '`') {
            run++;
        }
        String ticks = "`".repeat(run);
        int end = s.indexOf(ticks, i + run);
        if (end < 0 || s.substring(i + run, end).contains("\n\n")) {
            plain.append(ticks);
            i += run;
            return;
        }
        plain.append(s, i, end + run);
        i = end + run;
    }

    private boolean startsTag() {
        if (i + 1 >= s.length()) {
            return false;
        }
        char next = s.charAt(i + 1);
        if (i > 0 && Character.isLetterOrDigit(s.charAt(i - 1)) && next != '/') {
            // "Promise<Response>" is a type in prose; "Static<br/>" is markup glued to a word.
            return INLINE_HTML.matcher(s.substring(i + 1, Math.min(s.length(), i + 12))).lookingAt();
        }
        if (next == '>' || Character.isLetter(next)) {
            return true;
        }
        return next == '/' && i + 2 < s.length() && (Character.isLetter(s.charAt(i + 2)) || s.charAt(i + 2) == '>');
    }

    private void tag() {
        int end = tagEnd(i + 1);
        if (end < 0) {
            plain.append('<');
            i++;
            return;
        }
        String inner = s.substring(i + 1, end);
        if (MarkdownCleaner.isAutolink(inner)) {
            plain.append(inner);
            i = end + 1;
            return;
        }
        String name = inner.split("[\\s/>]", 2)[0].toLowerCase(Locale.ROOT);
        i = end + 1;
        if ((name.equals("script") || name.equals("style")) && !inner.endsWith("/")) {
            int close = s.indexOf("</", i);
            while (close >= 0 && !s.regionMatches(true, close + 2, name, 0, name.length())) {
                close = s.indexOf("</", close + 2);
            }
            int closeEnd = close < 0 ? -1 : s.indexOf('>', close);
            i = closeEnd < 0 ? s.length() : closeEnd + 1;
        } else if ((name.equals("br") || name.equals("p") || name.equals("li") || name.equals("/p"))
                && !plain.isEmpty() && !Character.isWhitespace(plain.charAt(plain.length() - 1))
                && i < s.length() && !Character.isWhitespace(s.charAt(i))) {
            plain.append(' ');
        }
    }

    /** Index of the '>' that ends the tag whose name starts at {@code from}, skipping quotes and braces. */
    private int tagEnd(int from) {
        char quote = 0;
        int braces = 0;
        for (int j = from; j < s.length() && withinBudget(); j++) {
            char c = s.charAt(j);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '{') {
                braces++;
            } else if (c == '}') {
                braces--;
            } else if (c == '>' && braces <= 0) {
                return j;
            } else if (c == '<' && braces <= 0 && j > from) {
                return -1;
            } else if (c == '\n' && j + 1 < s.length() && s.charAt(j + 1) == '\n' && braces <= 0) {
                return -1;
            }
        }
        return -1;
    }

    /** An HTML character reference at {@code i} ({@code &lt;}, {@code &#123;}, {@code &#x7B;}), decoded. */
    private boolean entity() {
        Matcher m = ENTITY.matcher(s).region(i, Math.min(s.length(), i + 34));
        if (!m.lookingAt()) {
            return false;
        }
        String ref = m.group();
        if (ref.charAt(1) != '#' && !Entities.isNamedEntity(ref.substring(1, ref.length() - 1))) {
            return false; // not a named entity: keep the text as written
        }
        String decoded = Parser.unescapeEntities(ref, false);
        plain.append(decoded);
        i = m.end();
        return true;
    }

    private boolean explicitId() {
        int close = find("}");
        if (close < 0 || !s.substring(i + 2, close).matches("[\\w.:-]+")) {
            return false;
        }
        plain.append(s, i, close + 1);
        i = close + 1;
        return true;
    }

    private void expression() {
        int depth = 0;
        char quote = 0;
        for (int j = i; j < s.length() && withinBudget(); j++) {
            char c = s.charAt(j);
            if (quote != 0) {
                if (c == '\\') {
                    j++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '"' || c == '\'' || c == '`') {
                quote = c;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                keepStringLiteral(s.substring(i + 1, j).strip());
                i = j + 1;
                return;
            }
        }
        plain.append('{');
        i++;
    }

    /** MDX writes literal characters as {'<'} or {"text"}: those are prose, not code. */
    private void keepStringLiteral(String body) {
        if (body.length() >= 2 && (body.charAt(0) == '\'' || body.charAt(0) == '"')
                && body.charAt(body.length() - 1) == body.charAt(0)) {
            plain.append(body, 1, body.length() - 1);
        }
    }

    /** How many characters lookahead has examined so far: at most about {@link #LOOKAHEAD_PER_CHAR} per character. */
    long lookedAhead() {
        return lookedAhead;
    }

    private boolean withinBudget() {
        if (lookedAhead >= (long) LOOKAHEAD_PER_CHAR * s.length()) {
            return false;
        }
        lookedAhead++;
        return true;
    }

    /** {@code s.indexOf(target, i)}, counted against the lookahead budget; -1 once it is spent. */
    private int find(String target) {
        if (!withinBudget()) {
            return -1;
        }
        int at = s.indexOf(target, i);
        lookedAhead += (at < 0 ? s.length() : at) - i;
        return at;
    }

    private static boolean isPunctuation(char c) {
        return c < 128 && !Character.isLetterOrDigit(c) && !Character.isWhitespace(c);
    }
}
