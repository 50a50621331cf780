package dev.docask.server;

import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.HeldTokens;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The widget's reader features (docs/widget.md) in real headless Chromium, embedded in a test docs
 * site on another origin, against a real server whose model is the fake OpenAI-compatible server.
 * Run alone: {@code ./mvnw verify -pl docask-server -Dit.test=WidgetFeaturesIT -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class WidgetFeaturesIT {
    private static final Pattern CANCELLATIONS = Pattern.compile("(?m)^docask_answer_cancellations_total (\\S+)$");
    private static final AtomicInteger PAGES = new AtomicInteger();

    @TempDir
    static Path dir;
    static FakeModelServer fake;
    static TestSite site;
    static DocaskServer server;
    static WidgetPage page;
    static final List<Feedback> FEEDBACK = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() {
        page = WidgetPage.start(dir.resolve("chrome-profile"));
        fake = FakeModelServer.start(Wire.OPENAI, new StreamTokens("Use ", "vi.mock [1]."));
        site = TestSite.start();
        server = FakeModels.server(Docs.build(dir.resolve("idx")), fake).answerCache(null)
                .allowOrigins(List.of(site.origin())).onFeedback(FEEDBACK::add).build().start();
    }

    @AfterAll
    static void stop() {
        WidgetPage.closeAll(page, server, fake, site);
    }

    @BeforeEach
    void freshTab() {
        fake.route(new StreamTokens("Use ", "vi.mock [1]."));
        page.freshStart(site);
    }

    /** Opens a new page of the site at {@code /p<n>/<path>} that embeds the widget with {@code attributes}. */
    private static String visit(String path, String htmlAttributes, String attributes) {
        String url = "/p" + PAGES.incrementAndGet() + path;
        site.page(url, TestSite.docsPage(htmlAttributes, server.url(), attributes));
        page.browser.get(site.origin() + url);
        return url;
    }

    private static void visit(String attributes) {
        visit("/", "", attributes);
    }

    private static void pressCtrl(String key) {
        new Actions(page.browser).keyDown(Keys.CONTROL).sendKeys(key).keyUp(Keys.CONTROL).perform();
    }

    @Test
    void ctrlK_opensTheDialogAndTheFocusStaysInItUntilEscapeReturnsItToTheSearchField() {
        visit("");
        page.browser.findElement(By.id("search")).click();
        assertThat(page.isOpen()).isFalse();
        pressCtrl("k");
        assertThat(page.isOpen()).isTrue();
        assertThat(page.focused()).isEqualTo("TEXTAREA.");
        assertThat(page.find("button.launcher").getAttribute("aria-keyshortcuts")).isEqualTo("Control+K");

        for (int i = 0; i < 8; i++) { // more Tabs than the dialog has controls: the focus wraps around inside it
            new Actions(page.browser).sendKeys(Keys.TAB).perform();
            assertThat(page.focused()).as("Tab %d", i + 1).isNotEmpty().doesNotStartWith("BUTTON.launcher");
            assertThat(page.js("const r = document.querySelector('div[data-docask]').shadowRoot;"
                    + "return r.querySelector('.panel').contains(r.activeElement)")).isEqualTo(true);
        }
        page.js("document.querySelector('div[data-docask]').shadowRoot.querySelector('button.new').focus()");
        new Actions(page.browser).keyDown(Keys.SHIFT).sendKeys(Keys.TAB).keyUp(Keys.SHIFT).perform();
        assertThat(page.focused()).as("Shift+Tab from the first control goes to the last").isEqualTo("BUTTON.send");

        new Actions(page.browser).sendKeys(Keys.ESCAPE).perform();
        assertThat(page.isOpen()).isFalse();
        assertThat(page.js("return document.activeElement.id")).isEqualTo("search");
    }

    @Test
    void shortcut_configured_opensOnThatKeyOnlyAndNotWhileTypingInTheSite() {
        visit("data-shortcut=\"/\"");
        pressCtrl("k");
        assertThat(page.isOpen()).as("Ctrl+K is not the shortcut here").isFalse();
        page.browser.findElement(By.id("search")).sendKeys("a/b");
        assertThat(page.isOpen()).as("a / typed into the site's field").isFalse();
        assertThat(page.browser.findElement(By.id("search")).getAttribute("value")).isEqualTo("a/b");
        page.browser.findElement(By.tagName("h1")).click();
        new Actions(page.browser).sendKeys("/").perform();
        assertThat(page.isOpen()).isTrue();
        page.find("textarea#docask-q").sendKeys("a/b");
        assertThat(page.isOpen()).as("a / typed into the widget's own question box").isTrue();

        visit("data-shortcut=\"none\"");
        pressCtrl("k");
        assertThat(page.isOpen()).isFalse();
        assertThat(page.find("button.launcher").getAttribute("aria-keyshortcuts")).isNull();
    }

    @Test
    void defaultShortcut_isLeftToTheSitesOwnSearch_whenThePageHasOne_butAChosenOneIsTheWidgets() {
        String docSearch = "document.body.insertAdjacentHTML('beforeend', "
                + "'<button type=\"button\" class=\"DocSearch DocSearch-Button\">Search</button>')";
        visit("");
        page.js(docSearch); // rendered after the widget's script, as a docs site's search is
        page.browser.findElement(By.tagName("h1")).click();
        pressCtrl("k");
        assertThat(page.isOpen()).as("Algolia DocSearch takes Ctrl+K on this page").isFalse();
        assertThat(page.find("button.launcher").getAttribute("aria-keyshortcuts")).isNull();

        visit("data-shortcut=\"mod+k\"");
        page.js(docSearch);
        page.browser.findElement(By.tagName("h1")).click();
        pressCtrl("k");
        assertThat(page.isOpen()).as("the site chose Ctrl+K for the widget").isTrue();
    }

    @Test
    void stop_abortsTheStreamAndTheServerStopsTheModel() throws Exception {
        // the model holds the rest until the reader has stopped: a busy browser may click late
        HeldTokens model = new HeldTokens(List.of("Use ", "vi.mock "), Duration.ofMillis(300), List.of("[1] ", "to ",
                "replace ", "a ", "module ", "with ", "a ", "fake, ", "hoisted ", "to ", "the ", "top ", "of ", "the ", "file."));
        fake.route(model);
        double before = cancellations();
        int aborts = fake.clientAborts();
        try {
            visit("");
            page.ask("how do I mock a module?");
            page.waiting().until(d -> page.lastTurn().findElement(By.cssSelector(".answer")).getText().contains("vi.mock"));
            assertThat(page.find("button.send").isDisplayed()).isFalse();
            page.find("button.stop").click();
            page.awaitAnswered();
            WebElement answer = page.lastTurn().findElement(By.cssSelector(".answer"));
            assertThat(answer.getText()).contains("vi.mock").doesNotContain("file.").endsWith("Stopped.");
            assertThat(page.lastTurn().findElements(By.cssSelector(".error"))).isEmpty();
            assertThat(page.find("button.send").isDisplayed()).isTrue();
        } finally {
            model.release(); // the rest now goes into a connection the server has closed
        }
        page.waiting().until(d -> cancellations() > before);
        assertThat(fake.awaitClientAbort(Duration.ofSeconds(10))).as("the model's stream was closed").isTrue();
        assertThat(fake.clientAborts()).isGreaterThan(aborts);
    }

    /*
     * The widget gives up on a stream after 30 s without a byte; these tests shorten that to 1.5 s by wrapping the
     * page's setTimeout before the widget loads, so they need not wait half a minute.
     */
    private static final String SHORT_SILENCE = "const st = window.setTimeout;"
            + "window.setTimeout = function (f, ms) { return st.call(window, f, ms === 30000 ? 1500 : ms); };";

    private static String shortSilence() {
        return (String) page.browser.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument",
                Map.of("source", SHORT_SILENCE)).get("identifier");
    }

    private static void normalSilence(String script) {
        page.browser.executeCdpCommand("Page.removeScriptToEvaluateOnNewDocument", Map.of("identifier", script));
    }

    @Test
    void silentServer_askEndsSayingSoWithTheQuestionBackInTheBox_andAskingAgainIsAnswered() {
        String script = shortSilence();
        try (TestSite own = TestSite.start()) {
            own.silentAsk(1, TestSite.stream("ans_2", false, "Use vi.mock."));
            own.page("/docs", TestSite.docsPage("", server.url(), "data-endpoint=\"" + own.origin() + "\""));
            page.browser.get(own.origin() + "/docs");
            page.ask("how do I mock a module?");
            page.awaitAnswered();
            WebElement error = page.lastTurn().findElement(By.cssSelector(".error"));
            assertThat(error.getText()).isEqualTo("The answer service stopped responding. Please try again.");
            assertThat(error.getAttribute("role")).isEqualTo("alert");
            assertThat(page.find("button.send").isDisplayed()).isTrue();
            WebElement input = page.find("textarea#docask-q");
            assertThat(input.getAttribute("value")).isEqualTo("how do I mock a module?");

            input.sendKeys(Keys.ENTER);
            page.awaitAnswered(2);
            assertThat(page.lastTurn().findElement(By.cssSelector(".answer")).getText()).isEqualTo("Use vi.mock.");
            assertThat(own.asks).hasSize(2);
        } finally {
            normalSilence(script);
        }
    }

    @Test
    void answerHeldWhileTheServerPings_isNotCutOffBySilence() throws Exception {
        HeldTokens model = new HeldTokens(List.of("Use ", "vi.mock "), Duration.ofMillis(10), List.of("[1] ", "to mock."));
        fake.route(model);
        String script = shortSilence();
        try {
            visit("");
            page.ask("how do I mock a module?");
            page.waiting().until(d -> page.lastTurn().findElement(By.cssSelector(".answer")).getText().contains("vi.mock"));
            Thread.sleep(4_000); // over twice the shortened silence: only the server's pings (every 200 ms here) pass
            assertThat(page.lastTurn().findElements(By.cssSelector(".error"))).isEmpty();
            assertThat(page.find("button.stop").isDisplayed()).isTrue();
            model.release();
            page.awaitAnswered();
            assertThat(page.lastTurn().findElement(By.cssSelector(".answer")).getText()).contains("to mock.");
        } finally {
            model.release();
            normalSilence(script);
        }
    }

    @Test
    void secondWidgetScriptTag_isIgnoredWithOneConsoleWarningNamingIt() {
        page.browser.manage().logs().get("browser"); // what earlier tests logged is not this page's
        String tag = "<script src=\"" + server.url() + "/widget.js\" data-endpoint=\"" + server.url() + "\"></script>";
        String url = "/p" + PAGES.incrementAndGet() + "/";
        site.page(url, TestSite.docsPage("", server.url(), "").replace("</body>", tag + tag + "</body>"));
        page.browser.get(site.origin() + url);
        page.ask("how do I mock a module?");
        page.awaitAnswered();
        assertThat(page.browser.findElements(By.cssSelector("div[data-docask]"))).hasSize(1);
        List<String> warnings = page.browser.manage().logs().get("browser").getAll().stream()
                .map(e -> e.getMessage()).filter(m -> m.contains("docask")).toList();
        assertThat(warnings).singleElement().satisfies(m -> assertThat(m)
                .contains("a second widget").contains("(" + server.url() + "/widget.js) was ignored")
                .contains("this page already has one (" + server.url() + "/widget.js)"));
        assertThat(page.turns()).hasSize(1);
    }

    private static double cancellations() {
        try (HttpClient http = HttpClient.newHttpClient()) {
            String body = http.send(HttpRequest.newBuilder(URI.create(server.url() + "/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            Matcher m = CANCELLATIONS.matcher(body);
            return m.find() ? Double.parseDouble(m.group(1)) : 0;
        } catch (Exception e) {
            throw new AssertionError("no /metrics", e);
        }
    }

    @Test
    void conversation_survivesANavigationToAnotherPage_followUpsSendIt_andNewChatClearsIt() {
        String first = visit("/docs/a", "", "");
        page.ask("how do I mock a module?");
        page.awaitAnswered();
        String second = first.replace("/docs/a", "/docs/b");
        site.page(second, TestSite.docsPage("", server.url(), ""));
        page.browser.get(site.origin() + second);
        page.open();
        assertThat(page.turns()).hasSize(1);
        WebElement kept = page.lastTurn();
        assertThat(kept.findElement(By.cssSelector(".question")).getText()).isEqualTo("how do I mock a module?");
        assertThat(kept.findElement(By.cssSelector(".answer a.cite")).getAttribute("href")).isEqualTo("https://x.dev/guide/mocking#vi-mock");
        assertThat(kept.findElement(By.cssSelector(".sources li a")).getText()).isNotBlank();
        assertThat(kept.findElements(By.cssSelector(".feedback button[data-rating]"))).hasSize(2);
        assertThat(page.find(".intro").isDisplayed()).isFalse();

        fake.route(new StreamTokens("Pass a factory [1]."));
        page.ask("and with a factory?");
        page.awaitAnswered(2);
        assertThat(fake.requestBodies().getLast()).contains("how do I mock a module?").contains("Use vi.mock");

        page.find("button.new").click();
        assertThat(page.turns()).isEmpty();
        assertThat(page.focused()).isEqualTo("TEXTAREA.");
        page.browser.navigate().refresh();
        page.open();
        assertThat(page.turns()).isEmpty();
        assertThat(page.find(".intro").isDisplayed()).isTrue();
    }

    @Test
    void thumbsDown_withAComment_postsFeedbackOnce() {
        int before = FEEDBACK.size();
        visit("");
        page.ask("how do I mock a module?");
        page.awaitAnswered();
        WebElement bar = page.lastTurn().findElement(By.cssSelector(".feedback"));
        bar.findElement(By.cssSelector("button[data-rating='down']")).click();
        assertThat(page.focused()).as("the comment box takes the focus").isEqualTo("TEXTAREA.");
        WebElement comment = bar.findElement(By.cssSelector("textarea"));
        comment.sendKeys("It does not say how to mock a default export.");
        WebElement sendFeedback = bar.findElement(By.cssSelector("button[type='submit']"));
        page.js("arguments[0].click(); arguments[0].click();", sendFeedback); // a double click
        page.waiting().until(d -> FEEDBACK.size() > before);
        Feedback f = FEEDBACK.getLast();
        assertThat(f.rating()).isEqualTo(Feedback.Rating.DOWN);
        assertThat(f.comment()).isEqualTo("It does not say how to mock a default export.");
        assertThat(page.lastTurn().findElement(By.cssSelector(".feedback")).getText()).isEqualTo("Thanks for the feedback.");
        assertThat(page.lastTurn().findElements(By.cssSelector(".feedback button"))).isEmpty();

        page.browser.navigate().refresh(); // the rating is kept with the conversation: no second chance to post
        page.open();
        assertThat(page.lastTurn().findElements(By.cssSelector(".feedback button"))).isEmpty();
        assertThat(FEEDBACK.stream().filter(x -> x.answerId().equals(f.answerId()))).hasSize(1);
    }

    @Test
    void feedback_notTaken_saysSoKeepsNoRatingAndLetsTheReaderTryAgain() {
        try (TestSite own = TestSite.start()) {
            own.fakeAsk(() -> TestSite.stream("ans_" + own.asks.size(), false, "Use vi.mock [1].",
                    "https://x.dev/guide/mocking#vi-mock", "Mocking"));
            own.fakeFeedback(503, 204, 404);
            own.page("/docs", TestSite.docsPage("", server.url(), "data-endpoint=\"" + own.origin() + "\""));
            page.browser.get(own.origin() + "/docs");
            page.ask("how do I mock a module?");
            page.awaitAnswered();
            WebElement bar = page.lastTurn().findElement(By.cssSelector(".feedback"));
            bar.findElement(By.cssSelector("button[data-rating='down']")).click();
            bar.findElement(By.cssSelector("textarea")).sendKeys("Say how to mock a default export.");
            WebElement sendFeedback = bar.findElement(By.cssSelector("button[type='submit']"));
            sendFeedback.click();
            page.waiting().until(d -> !bar.findElements(By.cssSelector(".error")).isEmpty());
            assertThat(bar.findElement(By.cssSelector(".error")).getText()).contains("Could not send the feedback (error 503)");
            assertThat(bar.findElement(By.cssSelector(".error")).getAttribute("role")).isEqualTo("alert");
            assertThat(bar.findElement(By.cssSelector("textarea")).getAttribute("value")).isEqualTo("Say how to mock a default export.");
            assertThat(page.js("return JSON.parse(Object.values(sessionStorage).find(v => v.includes('turns'))).turns[0].rated"))
                    .as("no rating kept").isNull();

            offline(true);
            try {
                sendFeedback.click();
                page.waiting().until(d -> bar.findElement(By.cssSelector(".error")).getText().contains("check your connection"));
            } finally {
                offline(false);
            }
            sendFeedback.click();
            page.waiting().until(d -> bar.getText().equals("Thanks for the feedback."));
            assertThat(own.feedback).hasSize(2).allSatisfy(b -> assertThat(b).contains("\"rating\":\"down\"")
                    .contains("Say how to mock a default export."));

            page.ask("and with a factory?"); // the server restarted meanwhile: it no longer knows the answer
            page.awaitAnswered(2);
            page.lastTurn().findElement(By.cssSelector(".feedback button[data-rating='up']")).click();
            page.waiting().until(d -> page.lastTurn().findElement(By.cssSelector(".feedback")).getText()
                    .equals("This answer is no longer known to the server, so it cannot be rated."));
            page.browser.navigate().refresh();
            page.open();
            assertThat(page.turns().getFirst().findElement(By.cssSelector(".feedback")).getText()).isEqualTo("Thanks for the feedback.");
            assertThat(page.lastTurn().findElements(By.cssSelector(".feedback"))).as("not offered again").isEmpty();
            assertThat(own.feedback).hasSize(3);
        }
    }

    private static void offline(boolean offline) {
        page.browser.executeCdpCommand("Network.enable", Map.of());
        page.browser.executeCdpCommand("Network.emulateNetworkConditions", Map.of("offline", offline, "latency", 0,
                "downloadThroughput", -1, "uploadThroughput", -1));
    }

    @Test
    void askAndStop_byKeyboard_moveTheFocusToStopThenBackToTheQuestionBox() {
        HeldTokens model = new HeldTokens(List.of("Use ", "vi.mock "), Duration.ofMillis(50), List.of("[1] ", "to mock."));
        fake.route(model);
        try {
            visit("");
            page.open();
            page.find("textarea#docask-q").sendKeys("how do I mock a module?");
            new Actions(page.browser).sendKeys(Keys.TAB).perform();
            assertThat(page.focused()).isEqualTo("BUTTON.send");
            new Actions(page.browser).sendKeys(Keys.ENTER).perform();
            page.waiting().until(d -> page.lastTurn().findElement(By.cssSelector(".answer")).getText().contains("vi.mock"));
            assertThat(page.focused()).as("Ask became Stop and kept the focus").isEqualTo("BUTTON.stop");
            new Actions(page.browser).sendKeys(Keys.ENTER).perform();
            page.awaitAnswered();
            assertThat(page.lastTurn().findElement(By.cssSelector(".answer")).getText()).endsWith("Stopped.");
            assertThat(page.focused()).as("Stop went away and the focus is back in the question box").isEqualTo("TEXTAREA.");
        } finally {
            model.release();
        }
    }

    @Test
    void streaming_followsAReaderAtTheBottom_butNotOneWhoScrolledUp() {
        HeldTokens model = new HeldTokens(List.of("Use vi.mock [1].\n\n" + "A line of the answer to scroll past.\n\n".repeat(40)),
                Duration.ofMillis(40), List.of("More ", "words ", "at ", "the ", "end ", "[1]."));
        fake.route(model);
        String log = "const log = document.querySelector('div[data-docask]').shadowRoot.querySelector('.log');";
        try {
            visit("");
            page.ask("how do I mock a module?");
            page.waiting().until(d -> page.lastTurn().findElement(By.cssSelector(".answer")).getText().contains("scroll past"));
            page.waiting().until(d -> (Boolean) page.js(log + "return log.scrollHeight > 2 * log.clientHeight"
                    + " && log.scrollHeight - log.scrollTop - log.clientHeight <= 40"));
            page.js(log + "log.scrollTop = 0");
        } finally {
            model.release();
        }
        page.awaitAnswered();
        assertThat(page.lastTurn().findElement(By.cssSelector(".answer")).getText()).contains("at the end");
        assertThat(((Number) page.js(log + "return log.scrollTop")).intValue()).as("the reader stays where they read").isZero();
    }

    @Test
    void question_overTheServersLimit_isKeptWholeAndTheReaderIsTold() {
        String question = "how do I mock a module that has a default export and named exports too?";
        try (DocaskServer strict = FakeModels.server(dir.resolve("idx"), fake).answerCache(null).maxQuestionChars(40)
                .allowOrigins(List.of(site.origin())).build().start()) {
            String path = "/p" + PAGES.incrementAndGet() + "/";
            site.page(path, TestSite.docsPage("", strict.url(), ""));
            page.browser.get(site.origin() + path);
            page.ask(question);
            WebElement input = page.find("textarea#docask-q");
            assertThat(input.getAttribute("value")).as("nothing cut").isEqualTo(question);
            WebElement note = page.find(".limit");
            assertThat(note.getText()).isEqualTo("Your question is 71 characters long; 40 at most, please shorten it.");
            assertThat(input.getAttribute("aria-invalid")).isEqualTo("true");
            assertThat(input.getAttribute("aria-describedby")).isEqualTo(note.getAttribute("id"));
            assertThat(page.turns()).as("not sent").isEmpty();
            assertThat(page.find("[role='status']").getAttribute("textContent")).isEqualTo(note.getText());

            input.sendKeys(Keys.chord(Keys.CONTROL, "a"), "how do I mock a module?");
            assertThat(note.isDisplayed()).isFalse();
            assertThat(input.getAttribute("aria-invalid")).isNull();
            input.sendKeys(Keys.ENTER);
            page.awaitAnswered();
            assertThat(page.lastTurn().findElement(By.cssSelector(".question")).getText()).isEqualTo("how do I mock a module?");
        }
        visit("data-max-question-chars=\"20\"");
        page.ask("how do I mock a module?");
        assertThat(page.find(".limit").getText()).isEqualTo("Your question is 23 characters long; 20 at most, please shorten it.");
    }

    @Test
    void examples_areShownUntilTheFirstQuestionAndSendTheirQuestion() {
        visit("data-examples=\"How do I mock a module? | What does the retry option do?\"");
        page.open();
        List<WebElement> examples = page.widget().findElements(By.cssSelector(".examples button"));
        assertThat(examples).extracting(WebElement::getText)
                .containsExactly("How do I mock a module?", "What does the retry option do?");
        fake.route(new StreamTokens("It reruns a failing test [1]."));
        examples.get(1).click();
        page.awaitAnswered();
        assertThat(page.lastTurn().findElement(By.cssSelector(".question")).getText()).isEqualTo("What does the retry option do?");
        assertThat(page.lastTurn().findElement(By.cssSelector(".answer")).getText()).startsWith("It reruns a failing test");
        assertThat(page.find(".intro").isDisplayed()).isFalse();
    }

    @Test
    void darkMode_followsTheHostPagesSwitchesAndTheSystem_unlessForced() {
        visit("/", "data-theme=\"light\"", ""); // Docusaurus and Starlight: data-theme on <html>
        page.open();
        assertThat(dark()).isFalse();
        String lightBackground = panelBackground();
        page.js("document.documentElement.setAttribute('data-theme', 'dark')");
        page.waiting().until(d -> dark());
        assertThat(panelBackground()).isNotEqualTo(lightBackground);

        visit("");  // VitePress: class "dark" on <html>
        assertThat(dark()).isFalse();
        page.js("document.documentElement.classList.add('dark')");
        page.waiting().until(d -> dark());
        page.js("document.documentElement.classList.remove('dark')");
        page.waiting().until(d -> !dark());

        page.emulate("dark", "reduce");
        page.waiting().until(d -> dark()); // no switch on the site: the reader's system setting

        visit("/", "data-theme=\"dark\"", "data-theme=\"light\""); // forced
        assertThat(dark()).isFalse();
    }

    private static boolean dark() {
        return (Boolean) page.js("return document.querySelector('div[data-docask]').shadowRoot.querySelector('.docask')"
                + ".classList.contains('dark')");
    }

    private static String panelBackground() {
        return page.find(".panel").getCssValue("background-color");
    }

    @Test
    void codeBlock_copyButtonPutsTheCodeOnTheClipboard() {
        page.browser.executeCdpCommand("Browser.grantPermissions", Map.of("origin", site.origin(),
                "permissions", List.of("clipboardReadWrite", "clipboardSanitizedWrite")));
        fake.route(new StreamTokens("Mock it [1]:\n\n", "```js\n", "vi.mock('./path', () => ({ default: 1 }))\n", "```\n"));
        visit("");
        page.ask("how do I mock a module?");
        page.awaitAnswered();
        WebElement copy = page.lastTurn().findElement(By.cssSelector("pre button.copy"));
        assertThat(copy.getAttribute("aria-label")).isEqualTo("Copy code");
        copy.click();
        page.waiting().until(d -> copy.getText().equals("Copied"));
        Object clipboard = page.browser.executeAsyncScript("navigator.clipboard.readText().then(arguments[0], e => arguments[0]('failed: ' + e))");
        assertThat(clipboard).isEqualTo("vi.mock('./path', () => ({ default: 1 }))");
    }

    @Test
    void refusal_linksToTheSitesSearchAndContact() {
        visit("data-search-url=\"/search?q={query}\" data-contact-url=\"mailto:docs@x.dev\"");
        page.ask("What is the weather in Mumbai today?");
        page.awaitAnswered();
        List<WebElement> ways = page.lastTurn().findElements(By.cssSelector(".ways a"));
        assertThat(ways).extracting(WebElement::getText).containsExactly("Search the docs", "Contact us");
        assertThat(ways.get(0).getAttribute("href")).isEqualTo(site.origin() + "/search?q=What%20is%20the%20weather%20in%20Mumbai%20today%3F");
        assertThat(ways.get(1).getAttribute("href")).isEqualTo("mailto:docs@x.dev");
    }

    @Test
    void answer_isAnnouncedOnceWhenComplete_notTokenByToken() {
        // held until the test has looked while it streams, however slowly a busy machine looks
        HeldTokens model = new HeldTokens(List.of("Use ", "vi.mock "), Duration.ofMillis(100),
                List.of("to ", "replace ", "a ", "module [1]."));
        fake.route(model);
        WebElement status;
        try {
            visit("");
            page.ask("how do I mock a module?");
            status = page.find("[role='status']");
            assertThat(status.getAttribute("aria-live")).isEqualTo("polite");
            assertThat(page.find(".log").getAttribute("aria-live")).as("the streaming log is not live").isNull();
            page.waiting().until(d -> page.lastTurn().findElement(By.cssSelector(".answer")).getText().contains("vi.mock"));
            assertThat(status.getAttribute("textContent")).as("nothing announced while it streams").isEmpty();
        } finally {
            model.release();
        }
        page.awaitAnswered();
        assertThat(status.getAttribute("textContent")).startsWith("Answer: Use vi.mock to replace a module");
    }

    @Test
    void dialog_animatesOnlyWhenTheReaderDoesNotAskForReducedMotion() {
        visit("");
        page.open();
        assertThat(page.find(".panel").getCssValue("animation-name")).isEqualTo("none");
        page.find("button.close").click();
        page.emulate("light", "no-preference");
        page.open();
        assertThat(page.find(".panel").getCssValue("animation-name")).isEqualTo("docask-in");
    }

    @Test
    void appearanceAttributes_setTheButtonTheCornerAndTheAccent() {
        visit("data-button-text=\"Ask the docs\" data-position=\"top-left\" data-accent-color=\"#ffcc00\" "
                + "data-disclaimer=\"Answers are written by AI and can be wrong.\"");
        WebElement launcher = page.find("button.launcher");
        assertThat(launcher.getText()).startsWith("Ask the docs");
        assertThat(launcher.getRect().getX()).isLessThan(40);
        assertThat(launcher.getRect().getY()).isLessThan(40);
        assertThat(launcher.getCssValue("background-color")).isEqualTo("rgba(255, 204, 0, 1)");
        assertThat(launcher.getCssValue("color")).as("dark text on a light accent").isEqualTo("rgba(17, 19, 24, 1)");
        page.open();
        assertThat(page.find(".disclaimer").getText()).isEqualTo("Answers are written by AI and can be wrong.");
        WebElement panel = page.find(".panel");
        assertThat(panel.getRect().getX()).as("a modal in the middle on a wide screen").isGreaterThan(200);
    }

    @Test
    void attributes_withMarkupScriptUrlsAndCssInjection_executeAndBreakNothing() {
        fake.route(new StreamTokens("I don't know."));
        String xss = "&lt;img src=x onerror=&quot;window.__docaskXss=1&quot;&gt;";
        visit("data-site-name=\"" + xss + "\" data-button-text=\"" + xss + "\" data-examples=\"" + xss + "|b\" "
                + "data-disclaimer=\"" + xss + "\" data-contact-url=\"javascript:window.__docaskXss=2\" "
                + "data-search-url=\"javascript:window.__docaskXss=3//{query}\" "
                + "data-accent-color=\"red;}:host{display:none\" data-position=\"&quot;&gt;&lt;b\" data-theme=\"x\" "
                + "data-shortcut=\"ctrl+&lt;script&gt;\" data-version=\"&lt;script&gt;\" data-version-pattern=\"(\"");
        WebElement launcher = page.find("button.launcher");
        assertThat(launcher.getText()).contains("<img src=x onerror=");
        assertThat(launcher.getCssValue("background-color")).as("the bad colour is ignored").isEqualTo("rgba(31, 79, 209, 1)");
        assertThat(launcher.getCssValue("position")).isEqualTo("fixed");
        page.open();
        assertThat(page.find("h2").getText()).contains("<img src=x onerror=");
        assertThat(page.find(".disclaimer").getText()).contains("<img");
        page.widget().findElements(By.cssSelector(".examples button")).getFirst().click();
        page.awaitAnswered();
        assertThat(page.widget().findElements(By.cssSelector("img, script, iframe"))).isEmpty();
        assertThat(page.lastTurn().findElements(By.cssSelector(".ways a"))).as("javascript: URLs make no links").isEmpty();
        assertThat(page.js("return window.__docaskXss")).isNull();
    }
}
