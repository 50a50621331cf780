package dev.docask.crawl;

import java.util.regex.Pattern;

/*
 * --include and --exclude name pages by their URL path, the way --ignore names files of a folder:
 * '*' is any text inside one segment, '**' any text across segments, '?' one character, {a,b} either.
 * A glob without '/' matches the last segment (like .gitignore); one with '/' matches the whole path,
 * a leading '/' being implied.
 */

/** A glob over URL paths, e.g. {@code /blog/**} or {@code *.pdf}. */
final class UrlGlob {
    private final String glob;
    private final Pattern pattern;
    private final boolean lastSegment;

    private UrlGlob(String glob, Pattern pattern, boolean lastSegment) {
        this.glob = glob;
        this.pattern = pattern;
        this.lastSegment = lastSegment;
    }

    /** The glob, or an {@link IllegalArgumentException} that starts with {@code name} and quotes it. */
    static UrlGlob parse(String name, String glob) {
        if (glob.isBlank()) {
            throw new IllegalArgumentException(name + " '" + glob + "': an empty glob matches nothing");
        }
        String g = glob.strip();
        boolean lastSegment = !g.contains("/");
        String full = lastSegment || g.startsWith("/") ? g : "/" + g;
        StringBuilder re = new StringBuilder();
        int braces = 0;
        for (int i = 0; i < full.length(); i++) {
            char c = full.charAt(i);
            switch (c) {
                case '*' -> {
                    boolean twice = i + 1 < full.length() && full.charAt(i + 1) == '*';
                    re.append(twice ? ".*" : "[^/]*");
                    i += twice ? 1 : 0;
                }
                case '?' -> re.append("[^/]");
                case '{' -> {
                    braces++;
                    re.append("(?:");
                }
                case '}' -> {
                    if (braces-- == 0) {
                        throw new IllegalArgumentException(name + " '" + glob + "': a '}' without its '{'");
                    }
                    re.append(')');
                }
                case ',' -> re.append(braces > 0 ? "|" : ",");
                default -> re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        if (braces > 0) {
            throw new IllegalArgumentException(name + " '" + glob + "': a '{' is not closed");
        }
        return new UrlGlob(glob, Pattern.compile(re.toString()), lastSegment);
    }

    /** Whether the decoded URL {@code path} (starting with '/') matches. */
    boolean matches(String path) {
        String subject = lastSegment ? path.substring(path.lastIndexOf('/') + 1) : path;
        return pattern.matcher(subject).matches();
    }

    @Override
    public String toString() {
        return glob;
    }
}
