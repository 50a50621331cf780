package dev.docask.server;

import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.SearchContext;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The browser harness of the widget ITs: real headless Chromium (Debian's {@code chromium} and
 * {@code chromium-driver}; the test class is skipped with a message when they are missing) and the
 * steps a reader takes in the widget's shadow root.
 */
public final class WidgetPage implements AutoCloseable {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    public final ChromeDriver browser;

    private WidgetPage(ChromeDriver browser) {
        this.browser = browser;
    }

    /** Starts Chromium with its profile in {@code profile}, or skips the calling test class when it is not installed. */
    public static WidgetPage start(Path profile) {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "widget browser tests skipped: headless Chromium not installed (apt-get install -y chromium chromium-driver)");
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString()); // never let Selenium Manager download
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + profile, "--window-size=1280,800");
        options.setCapability("goog:loggingPrefs", Map.of("browser", "ALL")); // the console, for pages that must log no error
        return new WidgetPage(new ChromeDriver(options));
    }

    @Override
    public void close() {
        browser.quit();
    }

    /**
     * A desktop-sized tab on {@code url}, a page of the site under test, with that origin's sessionStorage cleared: the
     * widget keeps the conversation there, and a test starts without the one of the test before.
     */
    public void freshTab(String url) {
        browser.manage().window().setSize(new org.openqa.selenium.Dimension(1280, 800));
        browser.get(url);
        js("sessionStorage.clear()");
    }

    /**
     * What each test of a widget class starts from: light colours, reduced motion ({@link #emulate}) and a fresh tab on
     * a page of {@code site} that does not embed the widget.
     */
    void freshStart(TestSite site) {
        emulate("light", "reduce");
        freshTab(site.origin() + "/nothing-here");
    }

    /** Closes what a browser test started (the browser, servers, sites), in order, skipping what never started. */
    public static void closeAll(AutoCloseable... started) {
        RuntimeException first = null;
        for (AutoCloseable c : started) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception e) {
                first = first != null ? first : new IllegalStateException("could not close " + c, e);
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** The console messages of level SEVERE (errors) logged since the last call. */
    public List<String> consoleErrors() {
        return browser.manage().logs().get("browser").getAll().stream()
                .filter(e -> e.getLevel().intValue() >= java.util.logging.Level.SEVERE.intValue())
                .map(e -> e.getMessage()).toList();
    }

    /** Saves a screenshot as {@code name} in target/screenshots of {@code module}, or in {@code -Ddocask.screenshots}. */
    public void screenshot(String module, String name) throws java.io.IOException {
        Path shot = browser.getScreenshotAs(org.openqa.selenium.OutputType.FILE).toPath();
        Path into = dev.docask.testsupport.TestSites.root().resolve(System.getProperty("docask.screenshots",
                module + "/target/screenshots"));
        Files.createDirectories(into);
        Files.copy(shot, into.resolve(name), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Emulates the reader's system settings: {@code colorScheme} "light" or "dark", and {@code motion}
     * "reduce" or "no-preference". Tests reduce motion, or Selenium sees an opening dialog as not yet
     * displayed (its fade-in starts at opacity 0).
     */
    void emulate(String colorScheme, String motion) {
        browser.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features", List.of(
                Map.of("name", "prefers-color-scheme", "value", colorScheme),
                Map.of("name", "prefers-reduced-motion", "value", motion))));
    }

    SearchContext widget() {
        return browser.findElement(By.cssSelector("div[data-docask]")).getShadowRoot();
    }

    WebElement find(String css) {
        return widget().findElement(By.cssSelector(css));
    }

    WebDriverWait waiting() {
        return new WebDriverWait(browser, Duration.ofSeconds(15));
    }

    Object js(String script, Object... args) {
        return ((JavascriptExecutor) browser).executeScript(script, args);
    }

    /** What the widget's shadow root has in focus: {@code "TAG.class"}, or {@code ""} when the focus is outside it. */
    String focused() {
        return (String) js("const a = document.querySelector('div[data-docask]').shadowRoot.activeElement;"
                + "return a ? a.tagName + '.' + a.className : ''");
    }

    boolean isOpen() {
        return find(".panel").isDisplayed();
    }

    void open() {
        if (!isOpen()) {
            find("button.launcher").click();
        }
    }

    void ask(String question) {
        open();
        WebElement input = find("textarea#docask-q");
        input.sendKeys(question);
        input.sendKeys(Keys.ENTER);
    }

    List<WebElement> turns() {
        return widget().findElements(By.cssSelector(".turn"));
    }

    WebElement lastTurn() {
        return turns().getLast();
    }

    void awaitAnswered() {
        waiting().until(d -> !turns().isEmpty()
                && lastTurn().findElement(By.cssSelector(".answer")).getAttribute("aria-busy") == null);
    }

    /** Waits for {@code n} turns, the last one answered. */
    void awaitAnswered(int n) {
        waiting().until(d -> turns().size() == n
                && lastTurn().findElement(By.cssSelector(".answer")).getAttribute("aria-busy") == null);
    }
}
