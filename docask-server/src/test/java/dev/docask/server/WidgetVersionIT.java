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
        page.freshStart(site);
    }

    /** A page of the site at {@code path} with {@code head} in its head, whose script tag has {@code attributes}. */
    private record Visit(String path, String head, String attributes) {
        Visit(String path, String attributes) {
            this(path, "", attributes);
        }
    }

    /** The meta tag by which a docs generator declares a page's {@code name}, as Docusaurus writes it. */
    private static String meta(String name, String content) {
        return "<meta data-rh=\"true\" name=\"" + name + "\" content=\"" + content + "\">";
    }

    /** What Docusaurus (3.x, its classic theme) writes into the head of a docs page of {@code version}. */
    private static String docusaurus(String version) {
        return meta("docusaurus_version", version) + meta("docusaurus_tag", "docs-default-" + version)
                + meta("docsearch:version", version) + meta("docsearch:docusaurus_tag", "docs-default-" + version);
    }

    /**
     * The {@code "version"} each visit's widget sent with a question ({@code ""} for none), in order: one question on
     * each page, the pages on a new site whose fake {@code /api/ask} records the bodies.
     */
    private static List<String> versionsSent(Visit... visits) {
        try (TestSite own = TestSite.start().fakeAsk(ANSWER)) {
            for (Visit v : visits) {
                own.page(v.path(), TestSite.docsPage("", v.head(), server.url(),
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
        assertThat(cited(new Visit("/docs/next/guide", attributes))).isEqualTo("https://x.dev/docs/next/mocking#vi-mock");
        assertThat(cited(new Visit("/docs/3.8/guide", attributes))).isEqualTo("https://x.dev/docs/mocking#vi-mock");
    }

    @Test
    void version_declaredByThePage_theAnswerCitesThatVersionsCopy() {
        assertThat(cited(new Visit("/docs/intro", docusaurus("current"), "")))
                .as("Docusaurus's current is the index's next").isEqualTo("https://x.dev/docs/next/mocking#vi-mock");
        assertThat(cited(new Visit("/docs/setup", docusaurus("3.8"), ""))).isEqualTo("https://x.dev/docs/mocking#vi-mock");
    }

    /** The URL of the first source of the answer to a question asked on {@code visit}, a page of the site. */
    private static String cited(Visit visit) {
        site.page(visit.path(), TestSite.docsPage("", visit.head(), server.url(), visit.attributes()));
        page.freshTab(site.origin() + "/nothing-here"); // forget the conversation of the question before
        page.browser.get(site.origin() + visit.path());
        page.ask("how do I mock a module?");
        page.awaitAnswered();
        return page.find(".sources li a").getAttribute("href");
    }

    @Test
    void version_rootLatestPageDeclaringIt_sendsTheDeclaredVersion() {
        assertThat(versionsSent(new Visit("/docs/guide/mocking", docusaurus("3.8.1"), ""),
                new Visit("/guide/setup", meta("docusaurus_version", "3.8.1"), ""), // Docusaurus without DocSearch
                new Visit("/reference/api/v1/users", meta("docsearch:version", "3.8.1"), ""))) // not the path's v1
                .containsExactly("3.8.1", "3.8.1", "3.8.1");
    }

    @Test
    void version_docusaurusCurrent_sendsNextTheIndexsNameOfTheUnreleasedDocs() {
        assertThat(versionsSent(new Visit("/docs/canary/intro", docusaurus("current"), ""), // versions.current.path
                new Visit("/docs/intro", meta("docusaurus_version", "current"), "")))
                .containsExactly("next", "next");
    }

    @Test
    void version_declaredNotAVersionName_isSkippedForTheNextValidOne() {
        assertThat(versionsSent(new Visit("/docs/3.7/guide", meta("docsearch:version", "3.8 beta"), ""),
                new Visit("/docs/guide", meta("docsearch:version", "&lt;b&gt;3.8&lt;/b&gt;"), ""),
                new Visit("/docs/intro", meta("docsearch:version", "x".repeat(41) + ", 2.x ,latest"), ""),
                new Visit("/docs/setup", meta("docsearch:version", "") + meta("docsearch:version", "latest,3.8.1"), ""),
                new Visit("/docs/config", meta("docsearch:version", "all versions") + meta("docusaurus_version", "3.8.1"), "")))
                .as("the path's 3.7; none; the first valid of a list; of several tags; Docusaurus's tag after DocSearch's")
                .containsExactly("3.7", "", "2.x", "latest", "3.8.1");
    }

    @Test
    void version_attributesWinOverTheDeclaredVersion_anEmptyPatternReadsNone() {
        String declared = docusaurus("3.8.1");
        String pattern = "data-version-pattern=\"^/docs/(\\d[^/]*)/\" ";
        assertThat(versionsSent(new Visit("/docs/3.7/guide", declared, "data-version=\"2.x\" "),
                new Visit("/docs/3.6/guide", declared, pattern),
                new Visit("/docs/guide", declared, pattern), // the pattern reads nothing here
                new Visit("/docs/intro", declared, "data-version-pattern=\"\" "),
                new Visit("/docs/setup", declared, "data-version=\"&lt;script&gt;\" "))) // not a version name
                .containsExactly("2.x", "3.6", "3.8.1", "", "3.8.1");
    }

    @Test
    void version_readAtEachQuestion_followsAClientSideNavigation() {
        try (TestSite own = TestSite.start().fakeAsk(ANSWER)) {
            own.page("/docs/intro", TestSite.docsPage("", docusaurus("3.8.1"), server.url(),
                    "data-endpoint=\"" + own.origin() + "\" "));
            page.browser.get(own.origin() + "/docs/intro");
            page.ask("how do I mock a module?");
            page.awaitAnswered(1);
            page.js("history.pushState(null, '', '/docs/canary/intro');" // as Docusaurus's router and head manager do
                    + "document.querySelectorAll('meta[content=\"3.8.1\"]').forEach(m => m.content = 'current')");
            page.ask("and a class?");
            page.awaitAnswered(2);
            assertThat(own.asks.stream().map(WidgetVersionIT::version)).containsExactly("3.8.1", "next");
        }
    }
}
