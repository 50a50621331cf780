package dev.docask.ingest;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Golden files: each {@code src/test/resources/ingest/<case>.md(x)} is read as a one-page site and
 * its chunks compared with {@code <case>.chunks.json}. After an intended change, regenerate them with
 * {@code ./mvnw test -Dtest=PageReaderTest -Ddocask.golden.update=true} and review the diff.
 */
class PageReaderTest {

    private static final Path GOLDEN = Path.of("src/test/resources/ingest");
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final int SIZE = 400;

    @TempDir
    Path tmp;

    @TestFactory
    Stream<DynamicTest> read_goldenCase_matchesChunksJson() throws IOException {
        List<Path> cases;
        try (Stream<Path> files = Files.list(GOLDEN)) {
            cases = files.filter(p -> SiteLayout.isMarkdown(p.getFileName().toString())).sorted().toList();
        }
        assertThat(cases).isNotEmpty();
        return cases.stream().map(source -> DynamicTest.dynamicTest(source.getFileName().toString(), () -> {
            String name = PageRouter.stem(source.getFileName().toString());
            Path site = Files.createDirectories(tmp.resolve(name));
            Files.copy(source, site.resolve(source.getFileName()));
            Framework framework = name.startsWith("vitepress-") ? Framework.VITEPRESS : Framework.MARKDOWN;
            Corpus corpus = SiteReader.read(site, new IngestOptions("https://example.dev", framework, SIZE, 40, List.of()));
            assertThat(corpus.problems()).isEmpty();
            String actual = JSON.writeValueAsString(corpus.chunks().stream().map(PageReaderTest::asMap).toList()) + "\n";
            Path golden = GOLDEN.resolve(name + ".chunks.json");
            if (Boolean.getBoolean("docask.golden.update") || !Files.exists(golden)) {
                Files.writeString(golden, actual);
            }
            assertThat(actual).isEqualTo(Files.readString(golden));
        }));
    }

    private static Map<String, Object> asMap(Chunk c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("url", c.url());
        m.put("title", c.title());
        m.put("heading", c.heading());
        m.put("source", c.source());
        m.put("metadata", new TreeMap<>(c.metadata()));
        m.put("text", c.text());
        return m;
    }

    @Test
    void read_randomPages_invariantsHold() throws IOException {
        Random random = new Random(20261130L);
        for (int page = 0; page < 60; page++) {
            RandomPage generated = RandomPage.generate(random, page);
            Path site = Files.createDirectories(tmp.resolve("random-" + page));
            Files.writeString(site.resolve("page.mdx"), generated.source());
            Corpus corpus = SiteReader.read(site, new IngestOptions("https://r.dev", Framework.DOCUSAURUS, 300, 40, List.of()));
            assertThat(corpus.problems()).as(generated.source()).isEmpty();
            String all = corpus.chunks().stream().map(c -> c.heading() + "\n" + c.text()).collect(Collectors.joining("\n"));
            assertThat(corpus.chunks()).as("chunks of page %d", page).isNotEmpty().allSatisfy(c -> {
                assertThat(c.text()).isNotBlank();
                assertThat(c.text().length()).isLessThanOrEqualTo(300);
                assertThat(c.url()).startsWith("https://r.dev/docs/page");
                String anchor = c.url().contains("#") ? c.url().substring(c.url().indexOf('#') + 1) : null;
                if (anchor != null) {
                    assertThat(generated.anchors()).as("anchor of " + c.url()).contains(anchor);
                }
                assertThat(c.text()).doesNotContain("<Widget", "</Widget", "import ", ":::");
            });
            for (String word : generated.words()) {
                assertThat(all).as("word %s of page %d", word, page).contains(word);
            }
        }
    }

    /** A random MDX page: headings, prose of unique words, code, components, admonitions. */
    private record RandomPage(String source, Set<String> words, Set<String> anchors) {

        static RandomPage generate(Random random, int page) {
            StringBuilder md = new StringBuilder("import Widget from '@site/Widget';\n\n");
            Set<String> words = new java.util.LinkedHashSet<>();
            Set<String> anchors = new java.util.HashSet<>();
            Slugger slugger = new Slugger(Slugger.Style.GITHUB);
            int counter = 0;
            int blocks = 1 + random.nextInt(25);
            for (int b = 0; b < blocks; b++) {
                switch (random.nextInt(6)) {
                    case 0 -> {
                        String heading = "Topic w" + page + "x" + counter++ + (random.nextBoolean() ? "" : " again");
                        anchors.add(slugger.slug(heading));
                        md.append("#".repeat(2 + random.nextInt(3))).append(' ').append(heading).append("\n\n");
                    }
                    case 1 -> {
                        md.append("```js\n");
                        for (int l = random.nextInt(30); l >= 0; l--) {
                            String w = "code" + page + "x" + counter++;
                            words.add(w);
                            md.append("const ").append(w).append(" = 1;\n");
                        }
                        md.append("```\n\n");
                    }
                    case 2 -> {
                        String w = "inside" + page + "x" + counter++;
                        words.add(w);
                        md.append("<Widget kind=\"a\">\n  ").append(w).append(" text\n</Widget>\n\n");
                    }
                    case 3 -> {
                        String w = "admonished" + page + "x" + counter++;
                        words.add(w);
                        md.append(":::tip\n").append(w).append(" here.\n:::\n\n");
                    }
                    default -> {
                        int n = 1 + random.nextInt(random.nextInt(10) == 0 ? 200 : 40);
                        for (int i = 0; i < n; i++) {
                            String w = "w" + page + "x" + counter++;
                            words.add(w);
                            md.append(w).append(random.nextInt(8) == 0 ? ". " : " ");
                        }
                        md.append("\n\n");
                    }
                }
            }
            String source = md.toString();
            if (words.isEmpty()) {
                source += "lonely" + page + "\n";
                words.add("lonely" + page);
            }
            return new RandomPage(source, words, anchors);
        }
    }

    @Test
    void read_headingAnchors_matchHeadingLinesOfTheSource() throws IOException {
        Path site = Files.createDirectories(tmp.resolve("anchors"));
        Files.writeString(site.resolve("page.md"), "# T\n\n## Same\n\nlong enough text ".repeat(1) + "x".repeat(200)
                + "\n\n## Same\n\n" + "y".repeat(200) + "\n\n## Custom {#my-id}\n\n" + "z".repeat(200));
        Corpus corpus = SiteReader.read(site, IngestOptions.defaults("https://a.dev"));
        List<String> anchors = new ArrayList<>();
        for (Chunk c : corpus.chunks()) {
            Matcher m = Pattern.compile("#(.+)$").matcher(c.url());
            anchors.add(m.find() ? m.group(1) : "");
        }
        assertThat(anchors).containsExactly("same", "same-1", "my-id");
    }
}
