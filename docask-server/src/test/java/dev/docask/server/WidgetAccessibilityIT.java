package dev.docask.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.TestSites;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * axe-core (from npm, installed by {@code .ci/run} with {@code npm ci --prefix docask-server/src/test/axe};
 * read from that folder, so no network at test time) finds no WCAG 2.0–2.2 level A or AA violation (the
 * {@code wcag22aa} tag brings target-size) in the widget in light and dark, closed, open, with an answer, with
 * the feedback comment box, and on a 375 px phone with several sources, a quote and a table. Also saves
 * screenshots into {@code target/screenshots}; with {@code -Ddocask.screenshots=docs} they replace the
 * ones README shows ({@code docs/widget.png}, {@code docs/widget-dark.png}, {@code docs/widget-phone.png}),
 * so an ordinary test run leaves the checkout clean.
 */
class WidgetAccessibilityIT {
    static final Path AXE = Path.of("docask-server/src/test/axe/node_modules/axe-core/axe.min.js");
    static final String ANSWER = "Use `vi.mock(path)` to replace a module with a **fake** [1]. It is hoisted:\n\n"
            + "```js\nvi.mock('./db', () => ({ query: vi.fn() }))\n```\n\n- works with ESM\n- runs before imports [1]";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final AtomicInteger PAGES = new AtomicInteger();

    @TempDir
    static Path dir;
    static String axe;
    static FakeModelServer fake;
    static TestSite site;
    static DocaskServer server;
    static WidgetPage page;

    @BeforeAll
    static void start() throws Exception {
        Path file = TestSites.root().resolve(AXE);
        if (!Files.isRegularFile(file)) {
            String missing = "axe-core is not installed: run npm ci --prefix docask-server/src/test/axe (.ci/run does)";
            if (System.getenv("CI") != null) {
                throw new IllegalStateException(missing); // CI must not pass by skipping the check
            }
            Assumptions.abort(missing);
        }
        axe = Files.readString(file);
        page = WidgetPage.start(dir.resolve("chrome-profile"));
        page.browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
        fake = FakeModelServer.start(Wire.OPENAI, new StreamTokens(ANSWER.split("(?<= )")));
        site = TestSite.start();
        server = FakeModels.server(Docs.build(dir.resolve("idx")), fake).answerCache(null)
                .allowOrigins(List.of(site.origin())).build().start();
    }

    @AfterAll
    static void stop() {
        WidgetPage.closeAll(page, server, fake, site);
    }

    @BeforeEach
    void wideWindow() {
        page.freshTab(site.origin() + "/nothing-here");
    }

    private static void visit(String theme) {
        page.emulate(theme, "reduce");
        String url = "/p" + PAGES.incrementAndGet() + "/docs/guide";
        site.page(url, TestSite.docsPage("", server.url(), "data-examples=\"How do I mock a module?|What does retry do?\" "
                + "data-disclaimer=\"Answers are written by AI from the X Docs pages and can be wrong.\" "
                + "data-contact-url=\"mailto:docs@x.dev\" data-search-url=\"/search?q={query}\""));
        page.browser.get(site.origin() + url);
    }

    /** The WCAG 2.x A/AA violations axe finds on the page, one line each: rule, impact, elements. */
    private static List<String> violations() throws Exception {
        page.js(axe);
        Object result = page.browser.executeAsyncScript("const done = arguments[arguments.length - 1];"
                + "axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']},"
                + " resultTypes: ['violations']}).then(r => done(JSON.stringify(r)), e => done('failed: ' + e))");
        assertThat(result).asString().doesNotStartWith("failed");
        JsonNode r = JSON.readTree((String) result);
        assertThat(r.get("passes").toString()).as("axe looked inside the widget's shadow root")
                .contains("\"target\":[[\"div[data-docask");
        List<String> found = new ArrayList<>();
        for (JsonNode v : r.get("violations")) {
            List<String> nodes = new ArrayList<>();
            v.get("nodes").forEach(n -> nodes.add(n.get("target") + " " + n.path("failureSummary").asText()));
            found.add(v.get("id").asText() + " (" + v.path("impact").asText() + "): " + nodes);
        }
        return found;
    }

    @ParameterizedTest
    @ValueSource(strings = {"light", "dark"})
    void axe_findsNoLevelAOrAAViolation_closedOpenAnsweredAndCommenting(String theme) throws Exception {
        visit(theme);
        assertThat(violations()).as("closed, %s", theme).isEmpty();
        page.open();
        assertThat(violations()).as("open with examples, %s", theme).isEmpty();
        page.ask("how do I mock a module?");
        page.awaitAnswered();
        assertThat(page.lastTurn().findElements(By.cssSelector("pre button.copy"))).hasSize(1);
        assertThat(violations()).as("with an answer, %s", theme).isEmpty();
        page.lastTurn().findElement(By.cssSelector(".feedback button[data-rating='down']")).click();
        assertThat(violations()).as("with the feedback comment box, %s", theme).isEmpty();
        page.find("button.new").click(); // a first question, not a follow-up: refused without the model
        page.ask("What is the weather in Mumbai today?");
        page.awaitAnswered(1);
        assertThat(page.lastTurn().findElements(By.cssSelector(".ways a"))).hasSize(2);
        assertThat(violations()).as("with a refusal, %s", theme).isEmpty();
        page.find("button.new").click();
        page.ask("how do I mock a module?");
        page.awaitAnswered();
        screenshot(theme.equals("light") ? "widget.png" : "widget-dark.png");
    }

    @Test
    void axe_findsNoLevelAOrAAViolation_onAPhone() throws Exception {
        page.browser.manage().window().setSize(new Dimension(375, 812));
        visit("light");
        page.ask("how do I mock a module?");
        page.awaitAnswered();
        assertThat(violations()).isEmpty();
        screenshot("widget-phone.png");
    }

    @Test
    void axe_findsNoLevelAOrAAViolation_onASmallPhoneWithSeveralSourcesAQuoteAndATable() throws Exception {
        page.browser.manage().window().setSize(new Dimension(375, 812));
        page.emulate("light", "reduce");
        try (TestSite own = TestSite.start()) {
            own.fakeAsk(TestSite.stream("ans_1", false, "Quoted from X Docs:\n\n> Use vi.mock:\n>\n> ```js\n> vi.mock('./db')\n> ```\n>\n"
                    + "> - works with ESM [1]\n\n| option | default |\n|---|---|\n| `retry` | 0 [2] |\n| `watch` | false [3] |",
                    "https://x.dev/guide/mocking#vi-mock", "Mocking › vi.mock", "https://x.dev/config/retry", "Retry",
                    "https://x.dev/guide/cli#watch", "Command line › Watch"));
            own.page("/docs", TestSite.docsPage("", server.url(), "data-endpoint=\"" + own.origin() + "\""));
            page.browser.get(own.origin() + "/docs");
            page.ask("how do I mock a module?");
            page.awaitAnswered();
            assertThat(page.lastTurn().findElements(By.cssSelector(".sources li a"))).hasSize(3);
            assertThat(violations()).isEmpty();
            assertThat(page.lastTurn().findElements(By.cssSelector(".answer blockquote pre, .answer table"))).hasSize(2);
        }
    }

    private static void screenshot(String name) throws Exception {
        Path shot = page.browser.getScreenshotAs(OutputType.FILE).toPath();
        Path into = TestSites.root().resolve(System.getProperty("docask.screenshots", "docask-server/target/screenshots"));
        Files.createDirectories(into);
        Files.copy(shot, into.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    }
}
