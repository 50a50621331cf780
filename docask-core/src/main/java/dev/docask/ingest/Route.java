package dev.docask.ingest;

import org.jspecify.annotations.Nullable;

/*
 * Routers build paths from file names and front matter as people write them ("/q?mark", "/50% off"),
 * so the path is percent-encoded once, here, when it becomes a URL. Only ASCII that may not stand in a
 * URL path is encoded; letters beyond ASCII stay as written (browsers show and send them that way), and
 * an existing escape ('%' and two hex digits, as in a canonical link of a built page) is kept, so
 * encoding an encoded path changes nothing. The cost: a file literally named "%41.md" is served at /A.
 */

/**
 * Where a page is served.
 *
 * @param path    the URL path from the site root, starting with {@code /}, not yet percent-encoded
 * @param version the docs version the page belongs to, or {@code null} when the site is not versioned
 * @param docType the first folder of the page inside its docs tree (e.g. {@code guide}), or {@code null}
 */
record Route(String path, @Nullable String version, @Nullable String docType) {

    private static final String HEX = "0123456789ABCDEF";

    Route {
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("route path must start with '/': " + path);
        }
        path = withoutDotSegments(path);
    }

    /*
     * A slug or permalink may hold "." and ".." ("../guide", or "../../../etc/passwd" by mistake): resolved as a browser
     * resolves the URL (RFC 3986, 5.2.4), so a citation names the page the site serves, never a path above its root.
     */
    static String withoutDotSegments(String path) {
        if (!path.contains("/.")) {
            return path;
        }
        java.util.ArrayDeque<String> kept = new java.util.ArrayDeque<>();
        String[] parts = path.substring(1).split("/", -1);
        for (String part : parts) {
            if (part.equals("..")) {
                kept.pollLast();
            } else if (!part.equals(".")) {
                kept.addLast(part);
            }
        }
        String last = parts[parts.length - 1];
        boolean folder = last.equals(".") || last.equals("..");
        return "/" + String.join("/", kept) + (folder && !kept.isEmpty() ? "/" : "");
    }

    /** The path as it goes in a URL, e.g. {@code /hash#tag} becomes {@code /hash%23tag}. */
    String encodedPath() {
        StringBuilder out = new StringBuilder(path.length() + 8);
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '%' ? isEscape(path, i) : c >= 0x80 || allowed(c)) {
                out.append(c);
            } else {
                out.append('%').append(HEX.charAt(c >> 4 & 0xF)).append(HEX.charAt(c & 0xF));
            }
        }
        return out.toString();
    }

    /** RFC 3986 pchar (unreserved, sub-delims, ':' and '@') and the '/' between segments. */
    private static boolean allowed(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "-._~!$&'()*+,;=:@/".indexOf(c) >= 0;
    }

    private static boolean isEscape(String s, int i) {
        return i + 2 < s.length() && HEX.indexOf(Character.toUpperCase(s.charAt(i + 1))) >= 0
                && HEX.indexOf(Character.toUpperCase(s.charAt(i + 2))) >= 0;
    }
}
