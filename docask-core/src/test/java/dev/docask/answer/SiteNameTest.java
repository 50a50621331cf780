package dev.docask.answer;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SiteNameTest {
    @Test
    void display_blankOrMissingName_isThisSite() {
        assertThat(new SiteName("").display()).isEqualTo("this site");
        assertThat(new SiteName("  ").display()).isEqualTo("this site");
        assertThat(new SiteName(null).display()).isEqualTo("this site");
        assertThat(new SiteName(" Vitest ").display()).isEqualTo("Vitest");
    }

    @Test
    void docs_blankName_readsThisSitesDocs() {
        assertThat(new SiteName("").docs()).isEqualTo("this site's docs");
    }

    @Test
    void docs_name_readsTheNameDocs() {
        assertThat(new SiteName("Vitest").docs()).isEqualTo("the Vitest docs");
    }

    @Test
    void docs_nameEndingInDocs_notDoubled() {
        assertThat(new SiteName("X Docs").docs()).isEqualTo("the X Docs");
        assertThat(new SiteName("Quayside documentation").docs()).isEqualTo("the Quayside documentation");
        assertThat(new SiteName("Godocs").docs()).isEqualTo("the Godocs docs");
    }

    @Test
    void fill_blankName_defaultTemplatesReadWell() {
        SiteName unnamed = new SiteName("");

        assertThat(unnamed.fill(AskHandler.Builder.DEFAULT_NO_ANSWER))
                .isEqualTo("I don't know. I couldn't find anything about that on this site.");
        assertThat(unnamed.fill(Prompt.DEFAULT_INSTRUCTIONS))
                .contains("about the documentation of this site,").doesNotContain("the this site");
    }
}
