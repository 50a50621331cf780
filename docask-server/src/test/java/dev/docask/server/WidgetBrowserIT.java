package dev.docask.server;

import com.sun.net.httpserver.HttpServer;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.ServerError;
import dev.docask.testsupport.HeldTokens;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.SearchContext;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The widget in real headless Chromium against a real server whose model is the fake
 * OpenAI-compatible server. Needs Debian's {@code chromium} and {@code chromium-driver}
 * ({@code apt-get install -y chromium chromium-driver}); skipped with a message when they are
 * missing. Run alone: {@code ./mvnw verify -Dit.test=WidgetBrowserIT -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class WidgetBrowserIT {
    static final String XSS_ANSWER = "The retry option reruns a failing test [1]. "
            + "<img src=x onerror=\"window.__docaskXss='img'\"> "
            + "<script>window.__docaskXss='script'</script> "
            + "[click me](javascript:window.__docaskXss='link') and [more](https://x.dev/config/retry) "
            + "[bad](JaVaScRiPt:alert(1)) **bold** `code <b>` [9]";

    @TempDir
    static Path dir;
    static FakeModelServer fake;
    static DocaskServer server;
    static WidgetPage page;
    static ChromeDriver browser;
    static final List<Feedback> FEEDBACK = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() {
        page = WidgetPage.start(dir.resolve("chrome-profile"));
        browser = page.browser;
        fake = FakeModelServer.start(Wire.OPENAI, new StreamTokens("Use ", "vi.mock"));
        server = FakeModels.server(Docs.build(dir.resolve("idx")), fake).answerCache(null)
                .onFeedback(FEEDBACK::add).build().start();
    }

    @AfterAll
    static void stop() {
        WidgetPage.closeAll(page, server, fake);
    }

    @BeforeEach
    void openDemoPage() {
        browser.manage().window().setSize(new Dimension(1280, 800));
        page.emulate("light", "reduce");
        browser.get(server.url() + "/healthz");
        ((JavascriptExecutor) browser).executeScript("sessionStorage.clear()"); // the conversation of the test before
        browser.get(server.url() + "/");
    }

    private SearchContext widget() {
        return page.widget();
    }

    private WebDriverWait waiting() {
        return page.waiting();
    }

    private void ask(String question) {
        page.ask(question);
    }

    private WebElement lastTurn() {
        return page.lastTurn();
    }

    private void awaitAnswered() {
        page.awaitAnswered();
    }

    @Test
    void ask_onTopic_showsSourcesFirstThenTheAnswerWithClickableCitations() throws Exception {
        // the model holds its last lines until the test has looked: a busy browser may look late
        HeldTokens answer = new HeldTokens(List.of("Use ", "`vi.mock(path)` ", "to replace a module ",
                "with a **fake** [1].\n\n"), Duration.ofMillis(250), List.of("- works with ESM\n", "- hoisted to the top [1]"));
        fake.route(answer);
        WebElement turn;
        try {
            ask("how do I mock a module?");
            waiting().until(d -> !lastTurn().findElements(By.cssSelector(".sources li a")).isEmpty());
            turn = lastTurn();
            assertThat(turn.findElement(By.cssSelector(".answer")).getAttribute("aria-busy"))
                    .as("sources are shown while the answer is still coming").isEqualTo("true");
            assertThat(turn.findElement(By.cssSelector(".answer")).getText()).doesNotContain("hoisted");
        } finally {
            answer.release();
        }
        awaitAnswered();
        WebElement source = turn.findElement(By.cssSelector(".sources li a"));
        assertThat(source.getAttribute("href")).isEqualTo("https://x.dev/guide/mocking#vi-mock");
        List<WebElement> cites = turn.findElements(By.cssSelector(".answer a.cite"));
        assertThat(cites).hasSize(2).allSatisfy(a -> {
            assertThat(a.getText()).isEqualTo("[1]");
            assertThat(a.getAttribute("href")).isEqualTo("https://x.dev/guide/mocking#vi-mock");
            assertThat(a.getAttribute("rel")).contains("noopener");
            assertThat(a.isDisplayed() && a.isEnabled()).isTrue();
        });
        assertThat(turn.findElement(By.cssSelector(".answer strong")).getText()).isEqualTo("fake");
        assertThat(turn.findElement(By.cssSelector(".answer code")).getText()).isEqualTo("vi.mock(path)");
        assertThat(turn.findElements(By.cssSelector(".answer li"))).hasSize(2);

        turn.findElement(By.cssSelector(".feedback button[data-rating='up']")).click();
        waiting().until(d -> !FEEDBACK.isEmpty());
        assertThat(FEEDBACK.getLast().rating()).isEqualTo(Feedback.Rating.UP);
        assertThat(FEEDBACK.getLast().question()).isEqualTo("how do I mock a module?");
    }

    @Test
    void ask_offTopic_showsTheRefusalPlainly() {
        int modelRequests = fake.requests();
        ask("What is the weather in Mumbai today?");
        awaitAnswered();
        WebElement turn = lastTurn();
        assertThat(turn.findElement(By.cssSelector(".refused")).getText()).startsWith("I don't know.").contains("X Docs");
        assertThat(turn.findElement(By.cssSelector(".sources")).isDisplayed()).isFalse();
        assertThat(fake.requests()).isEqualTo(modelRequests);
    }

    @Test
    void ask_answerWithHtmlAndJavascriptLinks_executesNothing() {
        fake.route(new StreamTokens(XSS_ANSWER.split("(?<= )")));
        ask("what does the retry option do?");
        awaitAnswered();
        WebElement answer = lastTurn().findElement(By.cssSelector(".answer"));
        assertThat(answer.getText()).contains("<img src=x onerror=").contains("<script>");
        assertThat(answer.findElements(By.cssSelector("img, script, iframe"))).isEmpty();
        for (WebElement a : answer.findElements(By.cssSelector("a"))) {
            assertThat(a.getAttribute("href")).startsWith("https://");
        }
        assertThat(answer.findElement(By.cssSelector("a:not(.cite)")).getText()).isEqualTo("more");
        assertThat(answer.getText()).contains("click me").contains("[9]");
        assertThat(answer.findElements(By.cssSelector("a.cite"))).as("[9] matches no source: not a link").hasSize(1);
        // click the words that would have been a javascript: link
        ((JavascriptExecutor) browser).executeScript(
                "const r = document.querySelector('div[data-docask]').shadowRoot;"
                        + "const walker = document.createTreeWalker(r.querySelector('.turn:last-child .answer'), NodeFilter.SHOW_TEXT);"
                        + "while (walker.nextNode()) { if (walker.currentNode.textContent.includes('click me')) walker.currentNode.parentElement.click(); }");
        Object xss = ((JavascriptExecutor) browser).executeScript("return window.__docaskXss;");
        assertThat(xss).as("no injected code ran").isNull();
    }

    @Test
    void ask_modelFails_showsAPoliteErrorWithoutProviderDetails() {
        fake.route(new ServerError(500));
        ask("how do I mock a module?");
        awaitAnswered();
        WebElement error = lastTurn().findElement(By.cssSelector(".error"));
        assertThat(error.getAttribute("role")).isEqualTo("alert");
        assertThat(error.getText()).contains("language model").doesNotContain("fake model failed");
    }

    @Test
    void ask_overTheRateLimit_saysWhenToTryAgain() {
        try (DocaskServer limited = FakeModels.server(dir.resolve("idx"), fake).rateLimit(RateLimit.parse("1/min"))
                .build().start()) {
            fake.route(new StreamTokens("Use vi.mock [1]."));
            browser.get(limited.url() + "/");
            ask("how do I mock a module?");
            awaitAnswered();
            ask("and a default export?");
            waiting().until(d -> widget().findElements(By.cssSelector(".turn")).size() == 2
                    && !lastTurn().findElements(By.cssSelector(".error")).isEmpty());
            assertThat(lastTurn().findElement(By.cssSelector(".error")).getText())
                    .startsWith("You are asking faster than this site allows.").containsPattern("try again in \\d+ seconds");
        }
    }

    @Test
    void embeddedOnAnotherOrigin_worksWhenAllowedAndFailsPolitelyWhenNot() throws Exception {
        HttpServer site = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        String siteOrigin = "http://127.0.0.1:" + site.getAddress().getPort();
        try (DocaskServer allowing = FakeModels.server(dir.resolve("idx"), fake).allowOrigins(List.of(siteOrigin)).build().start();
             DocaskServer refusing = FakeModels.server(dir.resolve("idx"), fake)
                     .allowOrigins(List.of("https://docs.example.com")).build().start()) {
            site.createContext("/", exchange -> {
                String api = exchange.getRequestURI().getPath().contains("refusing") ? refusing.url() : allowing.url();
                byte[] page = ("<!doctype html><html><body><h1>Another site</h1><script src=\"" + api
                        + "/widget.js\" data-endpoint=\"" + api + "\" data-site-name=\"X Docs\"></script></body></html>")
                        .getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
                exchange.sendResponseHeaders(200, page.length);
                exchange.getResponseBody().write(page);
                exchange.close();
            });
            site.start();
            fake.route(new StreamTokens("Use vi.mock [1]."));
            browser.get(siteOrigin + "/allowing");
            ask("how do I mock a module?");
            awaitAnswered();
            assertThat(lastTurn().findElements(By.cssSelector(".answer a.cite"))).hasSize(1);

            browser.get(siteOrigin + "/refusing");
            ask("how do I mock a module?");
            awaitAnswered();
            assertThat(lastTurn().findElement(By.cssSelector(".error")).getText()).startsWith("Could not reach the answer service");
        } finally {
            site.stop(0);
        }
    }

    @Test
    void ask_answerWithLinksOffTheDocsSite_showsThemAsTextAndDropsBidiOverrides() {
        fake.route(new StreamTokens("See [c3](https://evil.example/phish) ", "and ![logo](https://evil.example/i.png) ",
                "or [the guide](https://x.dev/guide/mocking) \u202Eexe.gnp [1]."));
        ask("how do I mock a module?");
        awaitAnswered();
        WebElement answer = lastTurn().findElement(By.cssSelector(".answer"));
        assertThat(answer.findElements(By.cssSelector("a[href*='evil']"))).isEmpty();
        assertThat(answer.findElements(By.cssSelector("img"))).isEmpty();
        assertThat(answer.getText()).contains("c3 (https://evil.example/phish)").contains("logo (https://evil.example/i.png)")
                .doesNotContain("\u202E");
        assertThat(answer.findElement(By.cssSelector("a:not(.cite)")).getAttribute("href")).isEqualTo("https://x.dev/guide/mocking");
    }

    @Test
    void page_withAStrictContentSecurityPolicy_showsTheWidgetStyled() {
        try (TestSite site = TestSite.start();
             DocaskServer api = FakeModels.server(dir.resolve("idx"), fake).allowOrigins(List.of(site.origin())).build().start()) {
            site.page("/", "<!doctype html><html><body><h1>Strict</h1><script src=\"" + api.url()
                    + "/widget.js\" data-endpoint=\"" + api.url() + "\"></script></body></html>",
                    "default-src 'none'; script-src " + api.url() + "; connect-src " + api.url() + "; style-src 'self'");
            browser.get(site.origin() + "/");
            Object position = ((JavascriptExecutor) browser).executeScript("return getComputedStyle("
                    + "document.querySelector('div[data-docask]').shadowRoot.querySelector('button.launcher')).position");
            assertThat(position).isEqualTo("fixed");
            fake.route(new StreamTokens("Use vi.mock [1]."));
            ask("how do I mock a module?");
            awaitAnswered();
            assertThat(lastTurn().findElements(By.cssSelector(".answer a.cite"))).hasSize(1);
        }
    }

    @Test
    void ask_streamEndsWithoutFinish_showsAnErrorAndKeepsNoEmptyTurn() throws Exception {
        HttpServer site = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        String siteOrigin = "http://127.0.0.1:" + site.getAddress().getPort();
        List<String> bodies = new CopyOnWriteArrayList<>();
        site.createContext("/", exchange -> {
            byte[] page = ("<!doctype html><html><body><script src=\"" + server.url() + "/widget.js\" data-endpoint=\""
                    + siteOrigin + "\"></script></body></html>").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, page.length);
            exchange.getResponseBody().write(page);
            exchange.close();
        });
        site.createContext("/api/ask", exchange -> { // a proxy that gives up: the first stream ends after its start
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            String events = "data: {\"type\":\"start\",\"messageId\":\"ans_1\"}\n\ndata: {\"type\":\"text-start\",\"id\":\"t\"}\n\n"
                    + (bodies.size() == 1 ? "" : "data: {\"type\":\"text-delta\",\"id\":\"t\",\"delta\":\"Use vi.mock.\"}\n\n"
                    + "data: {\"type\":\"text-end\",\"id\":\"t\"}\n\ndata: {\"type\":\"finish\"}\n\ndata: [DONE]\n\n");
            byte[] bytes = events.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        site.start();
        try {
            browser.get(siteOrigin + "/");
            ask("how do I mock a module?");
            awaitAnswered();
            assertThat(lastTurn().findElement(By.cssSelector(".error")).getText()).contains("cut off");
            ask("and a default export?");
            waiting().until(d -> widget().findElements(By.cssSelector(".turn")).size() == 2
                    && lastTurn().findElement(By.cssSelector(".answer")).getAttribute("aria-busy") == null);
            assertThat(lastTurn().findElement(By.cssSelector(".answer")).getText()).isEqualTo("Use vi.mock.");
            assertThat(bodies).hasSize(2);
            assertThat(bodies.get(1)).contains("\"history\":[]");
        } finally {
            site.stop(0);
        }
    }

    @Test
    void panel_escapeClosesAndReturnsFocusToTheButton() {
        SearchContext w = widget();
        w.findElement(By.cssSelector("button.launcher")).click();
        WebElement panel = w.findElement(By.cssSelector(".panel"));
        assertThat(panel.isDisplayed()).isTrue();
        Object focused = ((JavascriptExecutor) browser).executeScript(
                "return document.querySelector('div[data-docask]').shadowRoot.activeElement.tagName");
        assertThat(focused).isEqualTo("TEXTAREA");
        w.findElement(By.cssSelector("textarea")).sendKeys(Keys.ESCAPE);
        assertThat(panel.isDisplayed()).isFalse();
        Object back = ((JavascriptExecutor) browser).executeScript(
                "return document.querySelector('div[data-docask]').shadowRoot.activeElement.className");
        assertThat(back).isEqualTo("launcher");
    }

    @Test
    void panel_onAPhoneWidth_fillsTheScreen() {
        browser.manage().window().setSize(new Dimension(390, 844));
        SearchContext w = widget();
        w.findElement(By.cssSelector("button.launcher")).click();
        WebElement panel = w.findElement(By.cssSelector(".panel"));
        Number viewport = (Number) ((JavascriptExecutor) browser).executeScript("return window.innerWidth");
        assertThat(panel.getRect().getWidth()).isEqualTo(viewport.intValue());
        assertThat(panel.getRect().getX()).isZero();
    }
}
