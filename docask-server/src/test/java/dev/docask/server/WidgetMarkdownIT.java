package dev.docask.server;

import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebElement;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The widget's Markdown renderer (widget-markdown.js) in real headless Chromium: answers written as the server
 * streams them, from a fake {@code /api/ask} on the test site, rendered by the script the real server serves.
 * Run alone: {@code ./mvnw verify -pl docask-server -Dit.test=WidgetMarkdownIT -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class WidgetMarkdownIT {
    static final String[] SOURCES = {"https://x.dev/guide/mocking#vi-mock", "Mocking › vi.mock",
            "https://x.dev/config/retry", "Retry"};
    /** An extractive answer as ExtractiveAnswer.Quote writes it: quoted code, list items, paragraphs, a "…" gap. */
    static final String EXTRACTIVE = """
            Quoted from X Docs (an extractive answer: passages as written, no language model):

            > Mock a module with vi.mock:
            >
            > ```js
            > vi.mock('./db')
            > const db = await import('./db')
            > ```
            >
            > - works with ESM
            > - hoisted to the top
            >
            > …
            >
            > It is reset between tests. [1]

            > Failing tests run again. [2](https://x.dev/config/retry#attempts) and [1](https://evil.example/phish)""";
    private static final AtomicInteger PAGES = new AtomicInteger();
    private static final AtomicReference<String> NEXT = new AtomicReference<>();

    @TempDir
    static Path dir;
    static FakeModelServer fake;
    static DocaskServer server;
    static TestSite site;
    static WidgetPage page;

    @BeforeAll
    static void start() {
        page = WidgetPage.start(dir.resolve("chrome-profile"));
        fake = FakeModelServer.start(Wire.OPENAI, new StreamTokens("unused"));
        server = FakeModels.server(Docs.build(dir.resolve("idx")), fake).answerCache(null).build().start();
        site = TestSite.start().fakeAsk(NEXT::get);
    }

    @AfterAll
    static void stop() {
        WidgetPage.closeAll(page, server, fake, site);
    }

    @BeforeEach
    void freshTab() {
        page.freshStart(site);
    }

    /** Asks a fresh page of the site; its answer is {@code text}, citing the two sources. */
    private static WebElement answer(String question, boolean refused, String text, String attributes) {
        NEXT.set(TestSite.stream("ans_" + PAGES.incrementAndGet(), refused, text, refused ? new String[0] : SOURCES));
        String path = "/p" + PAGES.get() + "/docs";
        site.page(path, TestSite.docsPage("", server.url(), "data-endpoint=\"" + site.origin() + "\" " + attributes));
        page.browser.get(site.origin() + path);
        page.ask(question);
        page.awaitAnswered();
        return page.lastTurn().findElement(By.cssSelector(".answer"));
    }

    private static WebElement answer(String text) {
        return answer("how do I mock a module?", false, text, "");
    }

    @Test
    void quote_withCodeAListAndParagraphs_isOneBlockquoteRenderedAsMarkdown() {
        WebElement answer = answer(EXTRACTIVE);
        List<WebElement> quotes = answer.findElements(By.cssSelector(":scope > blockquote"));
        assertThat(quotes).hasSize(2);
        WebElement first = quotes.getFirst();
        assertThat(first.findElements(By.cssSelector("pre"))).hasSize(1);
        assertThat(first.findElement(By.cssSelector("pre code")).getAttribute("textContent"))
                .isEqualTo("vi.mock('./db')\nconst db = await import('./db')");
        assertThat(first.findElement(By.cssSelector("pre button.copy")).getText()).isEqualTo("Copy");
        assertThat(first.findElements(By.cssSelector("ul > li"))).extracting(WebElement::getText)
                .containsExactly("works with ESM", "hoisted to the top");
        assertThat(first.findElements(By.cssSelector(":scope > p"))).extracting(WebElement::getText)
                .containsExactly("Mock a module with vi.mock:", "…", "It is reset between tests. [1]");
        assertThat(answer.getText()).doesNotContain("```").doesNotContain("> ").doesNotContain("- works");
        assertThat(answer.findElements(By.cssSelector("blockquote blockquote"))).isEmpty();
    }

    @Test
    void citation_writtenAsALink_isACitationToThatSectionOrElseToTheSource() {
        WebElement answer = answer(EXTRACTIVE);
        List<WebElement> cites = answer.findElements(By.cssSelector("blockquote:last-child a.cite"));
        assertThat(cites).extracting(WebElement::getText).containsExactly("[2]", "[1]");
        assertThat(cites.get(0).getAttribute("href")).isEqualTo("https://x.dev/config/retry#attempts");
        assertThat(cites.get(0).getAttribute("title")).isEqualTo("Retry");
        assertThat(cites.get(1).getAttribute("href")).as("a link off the docs site goes to the source")
                .isEqualTo("https://x.dev/guide/mocking#vi-mock");
        assertThat(cites.get(1).getAttribute("title")).isEqualTo("Mocking › vi.mock");
        assertThat(answer.findElements(By.cssSelector("a[href*='evil']"))).isEmpty();
    }

    @Test
    void table_isATableWithAlignmentInlineMarkdownAndEscapedPipes() {
        WebElement answer = answer("""
                Options [1]:

                | Option | Default | Meaning |
                |:--|:-:|--:|
                | `retry` | 0 | reruns a **failing** test [2] |
                | a \\| b | 2 |
                after""");
        WebElement wrapper = answer.findElement(By.cssSelector("div.table"));
        assertThat(wrapper.getCssValue("overflow-x")).isEqualTo("auto");
        assertThat(wrapper.findElements(By.cssSelector("thead th"))).extracting(WebElement::getText)
                .containsExactly("Option", "Default", "Meaning");
        List<WebElement> rows = wrapper.findElements(By.cssSelector("tbody tr"));
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0).findElement(By.cssSelector("td code")).getText()).isEqualTo("retry");
        assertThat(rows.get(0).findElement(By.cssSelector("td strong")).getText()).isEqualTo("failing");
        assertThat(rows.get(0).findElement(By.cssSelector("td a.cite")).getAttribute("href")).isEqualTo("https://x.dev/config/retry");
        assertThat(rows.get(1).findElements(By.cssSelector("td"))).extracting(WebElement::getText)
                .containsExactly("a | b", "2", "");
        assertThat(rows.get(0).findElements(By.cssSelector("td")).get(1).getCssValue("text-align")).isEqualTo("center");
        assertThat(rows.get(0).findElements(By.cssSelector("td")).get(2).getCssValue("text-align")).isEqualTo("right");
        assertThat(answer.getText()).doesNotContain("|--").contains("after");
    }

    @Test
    void longWords_onAPhone_wrapInsideTheDialog_whileCodeScrollsInItsBlock() {
        page.browser.manage().window().setSize(new Dimension(375, 812));
        String word = "x".repeat(60);
        WebElement answer = answer("what is " + word + "?", false, "It is " + word + " [1].\n\n```\nrun " + word + word
                + "\n```", "");
        Object overflow = page.js("const log = document.querySelector('div[data-docask]').shadowRoot.querySelector('.log');"
                + "return log.scrollWidth - log.clientWidth");
        assertThat(((Number) overflow).intValue()).as("the log scrolls sideways by").isLessThanOrEqualTo(0);
        WebElement pre = answer.findElement(By.cssSelector("pre"));
        assertThat(((Number) page.js("return arguments[0].scrollWidth - arguments[0].clientWidth", pre)).intValue())
                .as("the code scrolls in its own block").isPositive();
    }

    @Test
    void status_announcesTheAnswersWordsWithoutButtonLabels() {
        answer("Mock it [1]:\n\n```js\nvi.mock('./db')\n```\n\nDone.");
        assertThat(page.find("[role='status']").getAttribute("textContent"))
                .isEqualTo("Answer: Mock it [1]: vi.mock('./db') Done.");

        answer("What is the weather in Mumbai today?", true, "I don't know. X Docs does not say.",
                "data-search-url=\"/search?q={query}\" data-contact-url=\"mailto:docs@x.dev\"");
        assertThat(page.lastTurn().findElements(By.cssSelector(".ways a"))).hasSize(2);
        assertThat(page.find("[role='status']").getAttribute("textContent"))
                .isEqualTo("Answer: I don't know. X Docs does not say.");
    }
}
