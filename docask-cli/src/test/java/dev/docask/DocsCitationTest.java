package dev.docask;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/*
 * Comments and Javadoc cite the project's own documents (docs/design.md, docs/retrieval.md,
 * docs/quality.md, ...), never files outside the repository: whoever reads a clone must be able to
 * follow every citation. This reads the comments of every Java file under a src folder of the
 * repository, and the string literals of main sources (GateDefaults records there where its
 * numbers come from), and fails on a citation of the spec, style or measurement notes kept outside
 * the repository (OUTSIDE), and on a cited docs/‹file›.md that does not exist or lacks the section
 * (§N), anchor (#slug) or heading ("Title") the citation names. The strings of test sources are not
 * read: they hold the paths of made-up sites.
 */
class DocsCitationTest {
    /** Citations of documents outside the repository; {@code ../shared/data} is test data, not a document. */
    private static final Pattern OUTSIDE = Pattern.compile(
            "\\bSPEC(?:\\.md\\b|\\s*§|'s\\b)|\\bSTYLE\\.md\\b|\\bMEASURED\\.md\\b|(?:\\.\\.|/work)/shared(?!/data\\b)");
    /** A cited docs/‹file›.md, optionally followed by #anchor, §N or , "Heading". */
    private static final Pattern CITATION = Pattern.compile(
            "(?<![\\w/.-])docs/([\\w.-]+?\\.md)\\b(?:#([\\w-]+)|,?\\s*§\\s*(\\d+(?:\\.\\d+)*)|,\\s*\"([^\"]+)\")?");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.+?)\\s*#*\\s*$");

    private static final Path ROOT = repositoryRoot();

    @Test
    void javaSources_anyComment_citesNothingOutsideTheRepository() {
        assertThat(repositoryProblems().stream().filter(Problem::outside).map(Problem::text))
                .as("citations of documents outside the repository").isEmpty();
    }

    @Test
    void javaSources_citedDocs_existWithTheSectionsTheyName() {
        assertThat(repositoryProblems().stream().filter(p -> !p.outside()).map(Problem::text))
                .as("citations of docs, sections or headings that do not exist").isEmpty();
    }

    private static List<Problem> repositoryProblems() {
        Docs docs = new Docs(ROOT.resolve("docs"));
        return javaSources().stream().flatMap(f -> check(f, read(f), docs).stream()).toList();
    }

    @Test
    void check_badCitationOfEachKind_isReported() {
        String source = """
                /**
                 * Fine: docs/design.md#packages, docs/retrieval.md §4, docs/retrieval.md, §12 and
                 * docs/quality.md, "Choosing the gate"; ../shared/data is data. A citation may wrap:
                 * docs/retrieval.md
                 * §11.
                 * Bad: SPEC §4.4, STYLE.md, MEASURED.md, ../shared/SPEC.md, docs/nope.md,
                 * docs/design.md#nope, docs/retrieval.md §4.4, docs/quality.md, "No such heading".
                 */
                class X {
                    String fixture = "docs/a.md";          // strings of test sources are not read
                    char quote = '"';                      // a char literal does not open a string
                    String spec = "SPEC";                  // a parameter label, not a citation
                }
                """;
        List<String> problems = check(Path.of("src/test/java/X.java"), source, new Docs(ROOT.resolve("docs")))
                .stream().map(Problem::text).toList();
        assertThat(problems).hasSize(9);
        assertThat(String.join("\n", problems)).contains("'SPEC §'", "'STYLE.md'", "'MEASURED.md'", "'../shared'",
                "docs/nope.md", "docs/design.md#nope", "docs/retrieval.md §4.4", "\"No such heading\"");
        assertThat(problems).allMatch(p -> p.startsWith("src/test/java/X.java:"));
    }

    @Test
    void check_stringOfMainSource_isReadToo() {
        String source = "class X { String from = \"MEASURED.md: best pair\"; String doc = \"docs/nope.md\"; }";
        assertThat(check(Path.of("src/main/java/X.java"), source, new Docs(ROOT.resolve("docs")))).hasSize(2);
    }

    /** One bad citation: whether it leads outside the repository, and "file:line: what" (the line the comment starts on). */
    record Problem(boolean outside, String text) {
    }

    /** Every bad citation in one Java source. */
    static List<Problem> check(Path file, String source, Docs docs) {
        boolean main = file.toString().replace('\\', '/').contains("src/main/");
        List<Problem> problems = new ArrayList<>();
        for (Piece p : pieces(source)) {
            if (!p.comment() && !main) {
                continue;
            }
            String where = ROOT.relativize(ROOT.resolve(file)) + ":" + p.line() + ": ";
            Matcher outside = OUTSIDE.matcher(p.text());
            while (outside.find()) {
                problems.add(new Problem(true, where + "cites '" + outside.group().strip() + "', outside the repository"));
            }
            Matcher c = CITATION.matcher(p.text());
            while (c.find()) {
                docs.problem(c.group(1), c.group(2), c.group(3), c.group(4))
                        .ifPresent(problem -> problems.add(new Problem(false, where + problem)));
            }
        }
        return problems;
    }

    /** A comment (its text with line breaks and leading '*' folded into spaces) or a string literal. */
    record Piece(boolean comment, int line, String text) {
    }

    /**
     * The comments and string literals of a Java source, in order. Consecutive line comments are
     * one piece, so a citation may wrap across them as it may inside a block comment.
     */
    static List<Piece> pieces(String src) {
        List<Piece> out = new ArrayList<>();
        int lastLineComment = -1; // line of the previous // comment, while it may still be continued
        int i = 0;
        int line = 1;
        int n = src.length();
        while (i < n) {
            char c = src.charAt(i);
            if (c == '\n') {
                line++;
                i++;
            } else if (src.startsWith("//", i)) {
                int end = src.indexOf('\n', i);
                end = end < 0 ? n : end;
                String text = src.substring(i + 2, end).strip();
                if (lastLineComment == line - 1) {
                    Piece last = out.remove(out.size() - 1);
                    out.add(new Piece(true, last.line(), last.text() + " " + text));
                } else {
                    out.add(new Piece(true, line, text));
                }
                lastLineComment = line;
                i = end;
            } else if (src.startsWith("/*", i)) {
                int end = src.indexOf("*/", i + 2);
                end = end < 0 ? n : end;
                String body = src.substring(i + 2, end);
                out.add(new Piece(true, line, body.replaceAll("\\R[ \\t]*\\*?(?!/)[ \\t]?", " ")));
                line += lineBreaks(body);
                i = Math.min(n, end + 2);
            } else if (src.startsWith("\"\"\"", i)) {
                int end = src.indexOf("\"\"\"", i + 3);
                end = end < 0 ? n : end;
                String body = src.substring(i + 3, end);
                out.add(new Piece(false, line, body));
                line += lineBreaks(body);
                i = Math.min(n, end + 3);
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && src.charAt(j) != c && src.charAt(j) != '\n') {
                    j += src.charAt(j) == '\\' ? 2 : 1;
                }
                if (c == '"') {
                    out.add(new Piece(false, line, src.substring(i + 1, Math.min(j, n))));
                }
                i = j + 1;
            } else {
                i++;
            }
        }
        return out;
    }

    private static int lineBreaks(String text) {
        return (int) text.chars().filter(ch -> ch == '\n').count();
    }

    /** The docs folder: which files exist, and their headings' numbers, anchors and titles. */
    static final class Docs {
        private final Path dir;
        private final Map<String, List<String>> headings = new HashMap<>();

        Docs(Path dir) {
            this.dir = dir;
        }

        /** What is wrong with a citation of {@code name}, with at most one of anchor, section and title. */
        Optional<String> problem(String name, String anchor, String section, String title) {
            Path file = dir.resolve(name);
            String cited = "docs/" + name;
            if (!Files.isRegularFile(file)) {
                return Optional.of("cites " + cited + ", which does not exist");
            }
            List<String> hs = headings.computeIfAbsent(name, k -> headingsOf(file));
            if (anchor != null && hs.stream().map(Docs::slug).noneMatch(anchor::equals)) {
                return Optional.of("cites " + cited + "#" + anchor + ", which has no such heading");
            }
            if (section != null && hs.stream().noneMatch(h -> h.startsWith(section + ". "))) {
                return Optional.of("cites " + cited + " §" + section + ", which has no section " + section);
            }
            if (title != null && hs.stream().noneMatch(h -> h.startsWith(title))) {
                return Optional.of("cites " + cited + ", \"" + title + "\", which has no heading starting so");
            }
            return Optional.empty();
        }

        /** The headings of a Markdown file, outside fenced code. */
        static List<String> headingsOf(Path file) {
            List<String> out = new ArrayList<>();
            boolean fenced = false;
            for (String l : read(file).split("\\R")) {
                if (l.startsWith("```") || l.startsWith("~~~")) {
                    fenced = !fenced;
                }
                Matcher m = HEADING.matcher(l);
                if (!fenced && m.matches()) {
                    out.add(m.group(1));
                }
            }
            return out;
        }

        /** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens. */
        static String slug(String heading) {
            return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
        }
    }

    private static List<Path> javaSources() {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> {
                        Path rel = ROOT.relativize(p);
                        boolean inSrc = false;
                        for (Path part : rel) {
                            String s = part.toString();
                            if (s.equals("target") || s.equals("node_modules") || s.startsWith(".")) {
                                return false;
                            }
                            inSrc |= s.equals("src");
                        }
                        return inSrc;
                    })
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The checkout's root: the first folder up from here that holds mvnw and samples/README.md. */
    private static Path repositoryRoot() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("mvnw")) && Files.isRegularFile(d.resolve("samples/README.md"))) {
                return d;
            }
        }
        throw new IllegalStateException("no repository root (a folder with mvnw and samples/README.md) above "
                + Path.of("").toAbsolutePath());
    }
}
