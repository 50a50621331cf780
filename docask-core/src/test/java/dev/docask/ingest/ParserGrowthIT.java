package dev.docask.ingest;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.answer.internal.ApiException;
import dev.docask.answer.internal.AskRequest;
import dev.docask.answer.internal.JsonBodies;
import dev.docask.testsupport.JsonRequest;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No input takes more than linear time (docs/reliability.md): each parser of untrusted text is timed
 * on a pathological input of size n and of size 4n. Linear work takes about 4 times as long, quadratic
 * work 16 times; the check allows 10 times plus 100 ms, on the best of five interleaved runs after a
 * warm-up, measured up to three times, so it fails on super-linear growth and not on a busy machine. Sizes are large enough (tens of
 * thousands of characters) for the times to be far above timer noise.
 */
class ParserGrowthIT {
    private static final int N = 20_000;
    private static final double FACTOR = 10;
    private static final long SLACK_NANOS = 100_000_000L;

    @TestFactory
    Stream<DynamicTest> markdownPage_pathologicalInputs_growLinearly() {
        Map<String, IntFunction<String>> inputs = new java.util.LinkedHashMap<>();
        inputs.put("open brackets", n -> "# T\n\n" + "[".repeat(n));
        inputs.put("bracket then parens", n -> "# T\n\n[a](" + "(".repeat(n));
        inputs.put("unclosed link text", n -> "# T\n\n" + "[a".repeat(n / 2) + "](");
        inputs.put("link-ish runs", n -> "# T\n\n" + "[a](b ".repeat(n / 6));
        inputs.put("image openers", n -> "# T\n\n" + "![".repeat(n / 2));
        inputs.put("stars", n -> "# T\n\n" + "*".repeat(n));
        inputs.put("underscores", n -> "# T\n\n" + "_a".repeat(n / 2));
        inputs.put("backticks", n -> "# T\n\n" + "`a".repeat(n / 2));
        inputs.put("fence openers", n -> "# T\n\n" + "```\n".repeat(n / 4));
        inputs.put("blockquote depth", n -> "# T\n\n" + "> ".repeat(n / 2) + "x");
        inputs.put("headings", n -> "# T\n" + "## h\nx\n".repeat(n / 8));
        inputs.put("hashes", n -> "#".repeat(n) + " x\n");
        inputs.put("open tags", n -> "# T\n\n" + "<div>".repeat(n / 5));
        inputs.put("close tags", n -> "# T\n\n" + "</div>".repeat(n / 6));
        inputs.put("lt signs", n -> "# T\n\n" + "<".repeat(n));
        inputs.put("braces", n -> "# T\n\n" + "{".repeat(n));
        inputs.put("mdx comments", n -> "# T\n\n" + "{/*".repeat(n / 3));
        inputs.put("imports", n -> "import A from 'a'\n".repeat(n / 18) + "# T\n\nx");
        inputs.put("export object", n -> "export const a = {\n" + "  b: 1,\n".repeat(n / 8) + "# T\n");
        inputs.put("admonitions", n -> "# T\n\n" + ":::note\n".repeat(n / 8));
        inputs.put("table row", n -> "# T\n\n" + "| a ".repeat(n / 4) + "|\n");
        inputs.put("html comment openers", n -> "# T\n\n" + "<!--".repeat(n / 4));
        inputs.put("entities", n -> "# T\n\n" + "&#".repeat(n / 2));
        inputs.put("one long line", n -> "# T\n\n" + "word ".repeat(n / 5));
        inputs.put("heading ids", n -> "# T {#" + "a".repeat(n) + "\n");
        inputs.put("list nesting", n -> "# T\n\n" + "- ".repeat(n / 2) + "x");
        return Stream.concat(
                inputs.entrySet().stream().map(e -> growth("md " + e.getKey(), e.getValue(), page(Framework.MARKDOWN, "p.md"))),
                inputs.entrySet().stream().map(e -> growth("mdx " + e.getKey(), e.getValue(), page(Framework.DOCUSAURUS, "docs/p.mdx"))));
    }

    @TestFactory
    Stream<DynamicTest> htmlPage_pathologicalInputs_growLinearly() {
        Map<String, IntFunction<String>> inputs = new java.util.LinkedHashMap<>();
        inputs.put("nested divs", n -> "<html><body><main>" + "<div>".repeat(n / 5));
        inputs.put("nested paragraphs", n -> "<html><body>" + "<p>".repeat(n / 3));
        inputs.put("nested tables", n -> "<html><body>" + "<table><tr><td>".repeat(n / 15));
        inputs.put("nested lists", n -> "<html><body>" + "<ul><li>".repeat(n / 8));
        inputs.put("headings", n -> "<html><body><main>" + "<h2 id=\"a\">h</h2><p>x</p>".repeat(n / 24));
        inputs.put("unclosed attributes", n -> "<html><body><a href=\"" + "x".repeat(n));
        inputs.put("comment openers", n -> "<html><body>" + "<!--".repeat(n / 4));
        inputs.put("pre blocks", n -> "<html><body><main>" + "<pre><code>".repeat(n / 11));
        inputs.put("formatting elements", n -> "<html><body>" + "<b><i>".repeat(n / 6) + "x");
        inputs.put("lt signs", n -> "<html><body>" + "<".repeat(n));
        return inputs.entrySet().stream().map(e -> growth("html " + e.getKey(), e.getValue(), page(Framework.HTML, "p.html")));
    }

    @TestFactory
    Stream<DynamicTest> frontMatter_pathologicalInputs_growLinearly() {
        Map<String, IntFunction<String>> inputs = new java.util.LinkedHashMap<>();
        inputs.put("many keys", n -> "---\n" + buildKeys(n / 10) + "---\n# T\n");
        inputs.put("long list", n -> "---\nt: [" + "a,".repeat(n / 2) + "]\n---\n# T\n");
        inputs.put("deep flow", n -> "---\nt: " + "[".repeat(n) + "\n---\n# T\n");
        inputs.put("block sequence", n -> "---\nt:\n" + "  - a\n".repeat(n / 6) + "---\n# T\n");
        inputs.put("aliases", n -> "---\na: &x [1]\n" + "b" + ": [" + "*x,".repeat(n / 3) + "]\n---\n# T\n");
        inputs.put("long scalar", n -> "---\nt: \"" + "a".repeat(n) + "\"\n---\n# T\n");
        return inputs.entrySet().stream().map(e -> growth("front matter " + e.getKey(), e.getValue(),
                page(Framework.MARKDOWN, "p.md")));
    }

    @TestFactory
    Stream<DynamicTest> askBody_pathologicalInputs_growLinearly() {
        JsonBodies bodies = new JsonBodies(new ObjectMapper(), 16 * 1024 * 1024);
        Consumer<String> ask = body -> {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            try {
                AskRequest.from(bodies.readObject(new JsonRequest(bytes)), AskRequest.DEFAULT_MAX_QUESTION_CHARS);
            } catch (ApiException refused) {
                // a 4xx
            }
        };
        Map<String, IntFunction<String>> inputs = new java.util.LinkedHashMap<>();
        inputs.put("deep arrays", n -> "{\"question\":" + "[".repeat(n));
        inputs.put("long question", n -> "{\"question\":\"" + "a".repeat(n) + "\"}");
        inputs.put("escapes", n -> "{\"question\":\"" + "\\u0041".repeat(n / 6) + "\"}");
        inputs.put("many messages", n -> "{\"messages\":[" + "{\"role\":\"user\",\"content\":\"q\"},".repeat(n / 32)
                + "{\"role\":\"user\",\"content\":\"q\"}]}");
        inputs.put("long history", n -> "{\"question\":\"q\",\"history\":[" + "{\"role\":\"user\",\"content\":\"q\"},".repeat(n / 32)
                + "{\"role\":\"user\",\"content\":\"q\"}]}");
        inputs.put("many keys", n -> "{" + keyValues(n / 12) + "\"question\":\"q\"}");
        return inputs.entrySet().stream().map(e -> growth("ask body " + e.getKey(), e.getValue(), ask));
    }

    private static String buildKeys(int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append("k").append(i).append(": v\n");
        }
        return b.toString();
    }

    private static String keyValues(int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append("\"k").append(i).append("\":1,");
        }
        return b.toString();
    }

    private static Consumer<String> page(Framework framework, String file) {
        PageReader reader = new PageReader(framework, new PageRouter(framework, java.nio.file.Path.of("growth-site")),
                new IngestOptions("https://x.dev", framework, 1200, 100, List.of()), new Includes(Map.of()));
        return text -> {
            try {
                reader.read(file, text);
            } catch (IllegalArgumentException reported) {
                // a reported problem: as good an outcome as chunks, and it must be as quick
            }
        };
    }

    private static DynamicTest growth(String name, IntFunction<String> input, Consumer<String> parse) {
        return DynamicTest.dynamicTest(name, () -> {
            String small = input.apply(N);
            String large = input.apply(4 * N);
            parse.accept(small); // warm-up
            parse.accept(large);
            long t1 = 0;
            long t4 = 0;
            // a busy machine can slow one measurement; super-linear work is slow in every one
            for (int attempt = 0; attempt < 3; attempt++) {
                t1 = Long.MAX_VALUE;
                t4 = Long.MAX_VALUE;
                for (int i = 0; i < 5; i++) { // interleaved, so that a burst of load hits both sizes
                    t1 = Math.min(t1, time(small, parse));
                    t4 = Math.min(t4, time(large, parse));
                }
                if (t4 <= (long) (FACTOR * t1) + SLACK_NANOS) {
                    return;
                }
            }
            assertThat(t4).as("%s: %d ms on %d chars, %d ms on %d chars", name, t1 / 1_000_000, small.length(),
                    t4 / 1_000_000, large.length()).isLessThanOrEqualTo((long) (FACTOR * t1) + SLACK_NANOS);
        });
    }

    private static long time(String text, Consumer<String> parse) {
        long start = System.nanoTime();
        parse.accept(text);
        return System.nanoTime() - start;
    }
}
