package dev.docask.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The docs version the widget sends with a question (docs/widget.md, "Attributes"), in real headless Chromium: pages
 * of a test site whose own fake {@code /api/ask} records each body, and, to see the version reach the answer, a real
 * server on a versioned index whose model is the fake OpenAI-compatible server.
 * Run alone: {@code ./mvnw verify -pl docask-server -am -Dit.test=WidgetVersionIT -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false}.
 */
class WidgetVersionIT {
    private static final String ANSWER = TestSite.stream("ans_1", false, "Use vi.mock.");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;
    static FakeModelServer fake;
    static TestSite site;
    static DocaskServer server;
    static WidgetPage page;

    /** A server on an index that holds the mocking page in 3.8 (served at the root) and in next. */
    @BeforeAll
    static void start() {
        page = WidgetPage.start(dir.resolve("chrome-profile"));
        fake = FakeModelServer.start(Wire.OPENAI, new StreamTokens("Use ", "vi.mock [1]."));
        site = TestSite.start();
        String text = "Use vi.mock to replace a module with a fake implementation in tests.";
        Path idx = dir.resolve("versioned-idx");
        TestIndexes.build(idx, "mock", List.of(
                TestIndexes.chunk("https://x.dev/docs/mocking#vi-mock", "Mocking", "vi.mock", text, Map.of("version", "3.8")),
                TestIndexes.chunk("https://x.dev/docs/next/mocking#vi-mock", "Mocking", "vi.mock", text,
                        Map.of("version", "next")))).close();
        server = FakeModels.server(idx, fake).answerCache(null).allowOrigins(List.of(site.origin())).build().start();
    }

    @AfterAll
    static void stop() {
        WidgetPage.closeAll(page, server, fake, site);
    }

    @BeforeEach
    void freshTab() {
        page.emulate("light", "reduce");
        page.freshTab(site.origin() + "/nothing-here");
    }

    /** A page of the site at {@code path} whose script tag has {@code attributes}. */
    private record Visit(String path, String attributes) {
    }

    /**
     * The {@code "version"} each visit's widget sent with a question ({@code ""} for none), in order: one question on
     * each page, each page on a site of its own fake {@code /api/ask}.
     */
    private static List<String> versionsSent(Visit... visits) {
        try (TestSite own = TestSite.start().fakeAsk(ANSWER)) {
            for (Visit v : visits) {
                own.page(v.path(), TestSite.docsPage("", server.url(),
                        "data-endpoint=\"" + own.origin() + "\" " + v.attributes()));
            }
            for (Visit v : visits) {
                page.browser.get(own.origin() + v.path());
                page.ask("how do I mock a module?");
                page.awaitAnswered();
            }
            assertThat(own.asks).hasSize(visits.length);
            return own.asks.stream().map(WidgetVersionIT::version).toList();
        }
    }

    private static String version(String askBody) {
        try {
            return JSON.readTree(askBody).path("version").asText("");
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void version_sentIsTheOneInThePageUrl_orTheAttribute() {
        String pattern = "data-version-pattern=\"^/docs/([^/]+)/\" ";
        assertThat(versionsSent(new Visit("/docs/3.8/guide/mocking", pattern),
                new Visit("/docs/next/guide/mocking", pattern + "data-version=\"2.x\""),
                new Visit("/guide/mocking", pattern)))
                .containsExactly("3.8", "2.x", "");
    }

    @Test
    void version_withoutAPattern_isThePathSegmentWrittenLikeAVersion() {
        assertThat(versionsSent(new Visit("/docs/3.8.1/guide/mocking", ""), new Visit("/docs/next/guide", ""),
                new Visit("/v2/guide/mocking", ""),
                new Visit("/blog/2024/release", ""), // a bare number is a year or an id, not a version
                new Visit("/guide/next-steps", ""), // a segment that only starts like one
                new Visit("/docs/next/off", "data-version-pattern=\"\" "))) // an empty pattern sends none
                .containsExactly("3.8.1", "next", "v2", "", "", "");
    }

    @Test
    void version_readFromThePageUrl_theAnswerCitesThatVersionsCopy() {
        String attributes = "data-version-pattern=\"^/docs/([^/]+)/\" ";
        for (String version : List.of("next", "3.8")) {
            String path = "/docs/" + version + "/guide";
            site.page(path, TestSite.docsPage("", server.url(), attributes));
            page.freshTab(site.origin() + "/nothing-here"); // forget the conversation of the round before
            page.browser.get(site.origin() + path);
            page.ask("how do I mock a module?");
            page.awaitAnswered();
            String cited = page.find(".sources li a").getAttribute("href");
            assertThat(cited).as(version).isEqualTo(version.equals("next")
                    ? "https://x.dev/docs/next/mocking#vi-mock" : "https://x.dev/docs/mocking#vi-mock");
        }
    }
}
