package dev.docask.report;

import dev.docask.cli.Main;
import dev.docask.server.WidgetPage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Dimension;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report page in real headless Chromium (skipped when it is not installed): it opens from a file with
 * no console error and no request, draws its charts, and fits a phone's width. The phone screenshot goes to
 * {@code docs/report-phone.png} with {@code -Ddocask.screenshots=docs}, next to the widget's.
 */
class ReportBrowserIT {
    @TempDir
    Path dir;

    @Test
    void reportPage_inChromium_noConsoleErrorNoRequestAndFitsAPhone() throws Exception {
        Path html = dir.resolve("report.html");
        StringWriter err = new StringWriter();
        int code = Main.run(new String[]{"report", "--log", SyntheticLog.planted(dir.resolve("questions")).toString(),
                "--index", SyntheticLog.index(dir.resolve("idx")).toString(), "--out", html.toString(),
                "--group-similarity", "0.5"}, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isZero();
        try (WidgetPage page = WidgetPage.start(dir.resolve("profile"))) {
            page.browser.manage().window().setSize(new Dimension(390, 844));
            page.browser.get(html.toUri().toString());
            assertThat(page.browser.getTitle()).startsWith("docask report");
            assertThat(page.consoleErrors()).isEmpty();
            Object requests = page.browser.executeScript("return performance.getEntriesByType('resource').length");
            assertThat(((Number) requests).intValue()).as("requests the page made").isZero();
            Object charts = page.browser.executeScript("return document.querySelectorAll('svg rect').length");
            assertThat(((Number) charts).intValue()).isPositive();
            Object overflow = page.browser.executeScript(
                    "return document.documentElement.scrollWidth - document.documentElement.clientWidth");
            assertThat(((Number) overflow).intValue()).as("no sideways scrolling on a phone").isLessThanOrEqualTo(0);
            page.screenshot("docask-cli", "report-phone.png");
        }
    }
}
