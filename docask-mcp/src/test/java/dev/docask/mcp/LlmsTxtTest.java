package dev.docask.mcp;

import dev.docask.testsupport.TestIndexes;
import org.commonmark.node.BlockQuote;
import org.commonmark.node.BulletList;
import org.commonmark.node.Heading;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.node.Paragraph;
import org.commonmark.parser.Parser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.docask.testsupport.TestIndexes.chunk;
import static org.assertj.core.api.Assertions.assertThat;

class LlmsTxtTest {
    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", List.of(
            chunk("https://x.dev/", "X", "", "X runs your tests in parallel. It is fast."),
            chunk("https://x.dev/guide/", "Guide", "", "Start here to learn X."),
            chunk("https://x.dev/guide/mocking#modules", "Mocking [advanced]", "Mocking › Modules", "Use vi.mock to mock a module."),
            chunk("https://x.dev/config/retry", "Retry", "", "The retry option reruns failing tests.")));

    @TempDir
    Path dir;

    @Test
    void index_followsTheConvention_titleSummaryThenSectionsOfLinks() {
        String text = LlmsTxt.of(INDEX.index(), "X").index();
        assertThat(text).isEqualTo("""
                # X

                > X runs your tests in parallel.

                4 pages of https://x.dev, each with its URL and what it is about. Every page's text is in llms-full.txt.

                ## Start

                - [X](https://x.dev/): X runs your tests in parallel.
                - [Guide](https://x.dev/guide/): Start here to learn X.

                ## config

                - [Retry](https://x.dev/config/retry): The retry option reruns failing tests.

                ## Guide

                - [Mocking \\[advanced\\]](https://x.dev/guide/mocking): Use vi.mock to mock a module.
                """);
        assertStructure(text, 4);
    }

    @Test
    void full_holdsEveryPagesText_andWriteIsDeterministic() throws Exception {
        LlmsTxt files = LlmsTxt.of(INDEX.index());
        assertThat(files.full()).contains("# Retry\n\nSource: https://x.dev/config/retry\n\nThe retry option reruns failing tests.\n");
        assertThat(files.write(dir)).containsExactly(dir.resolve("llms.txt"), dir.resolve("llms-full.txt"));
        assertThat(Files.readString(dir.resolve("llms.txt"))).isEqualTo(LlmsTxt.of(INDEX.index()).index());
    }

    /**
     * Parses {@code text} as CommonMark and checks the llms.txt structure: one H1 first, then a block
     * quote, then H2 sections each followed by a list whose items start with a link; returns the links.
     */
    static List<String> assertStructure(String text, int pages) {
        Node doc = Parser.builder().build().parse(text);
        Node first = doc.getFirstChild();
        assertThat(first).isInstanceOf(Heading.class);
        assertThat(((Heading) first).getLevel()).isEqualTo(1);
        assertThat(first.getNext()).isInstanceOf(BlockQuote.class);
        List<String> links = new ArrayList<>();
        boolean inSection = false;
        for (Node n = first.getNext().getNext(); n != null; n = n.getNext()) {
            if (n instanceof Heading h) {
                assertThat(h.getLevel()).isEqualTo(2);
                inSection = true;
            } else if (n instanceof BulletList list) {
                assertThat(inSection).as("a list under a section heading").isTrue();
                for (Node item = list.getFirstChild(); item != null; item = item.getNext()) {
                    Node link = item.getFirstChild().getFirstChild();
                    assertThat(item.getFirstChild()).isInstanceOf(Paragraph.class);
                    assertThat(link).as("each item starts with a link").isInstanceOf(Link.class);
                    links.add(((Link) link).getDestination());
                }
            } else {
                assertThat(n).as("only the line under the summary is a plain paragraph").isInstanceOf(Paragraph.class);
                assertThat(inSection).isFalse();
            }
        }
        assertThat(links).hasSize(pages);
        return links;
    }
}
