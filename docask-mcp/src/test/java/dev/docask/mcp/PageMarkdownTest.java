package dev.docask.mcp;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PageMarkdownTest {
    private static final SitePages.Page PAGE = new SitePages.Page("https://x.dev/guide/mocking", "Mocking", "guide/mocking.md",
            List.of(new SitePages.Section("https://x.dev/guide/mocking", "Mocking", "Mock what you do not own."),
                    new SitePages.Section("https://x.dev/guide/mocking#modules", "Mocking › Modules", "Use vi.mock."),
                    new SitePages.Section("https://x.dev/guide/mocking#factory", "Mocking › Modules › Factory", "Return a fake.")));

    @Test
    void join_nextPieceRepeatsTheEndOfThePrevious_dropsTheRepeat() {
        String previous = "First paragraph.\n\nThe call is hoisted to the top of the file.";
        String next = "hoisted to the top of the file.\n\nPass a factory.";
        assertThat(PageMarkdown.join(previous, next)).isEqualTo(previous + "\n\nPass a factory.");
    }

    @Test
    void join_piecesThatDoNotOverlap_keepsBoth() {
        assertThat(PageMarkdown.join("One.", "Two.\n\nThree.")).isEqualTo("One.\n\nTwo.\n\nThree.");
    }

    @Test
    void render_headingsFollowTheBreadcrumbUnderThePageTitle_andListSectionUrls() {
        assertThat(PageMarkdown.render(PAGE, true)).isEqualTo("""
                # Mocking

                Source: https://x.dev/guide/mocking

                Sections:
                - (top of the page): https://x.dev/guide/mocking
                - Modules: https://x.dev/guide/mocking#modules
                - Modules › Factory: https://x.dev/guide/mocking#factory

                Mock what you do not own.

                ## Modules

                Use vi.mock.

                ### Factory

                Return a fake.
                """);
    }

    @Test
    void description_isTheFirstSentenceOfProse_notCodeOrLists() {
        SitePages.Page page = new SitePages.Page("u", "T", "t.md", List.of(new SitePages.Section("u", "",
                "```js\nconst a = 1\n```\n\n- a list item\n\nVitest runs tests fast. It also watches files.")));
        assertThat(PageMarkdown.description(page)).isEqualTo("Vitest runs tests fast.");
    }

    @Test
    void description_longSentence_isCutAtAWord() {
        String sentence = "word ".repeat(100).strip() + ".";
        SitePages.Page page = new SitePages.Page("u", "T", "t.md", List.of(new SitePages.Section("u", "", sentence)));
        assertThat(PageMarkdown.description(page)).hasSizeLessThanOrEqualTo(PageMarkdown.DESCRIPTION_CHARS).endsWith("word…");
    }
}
