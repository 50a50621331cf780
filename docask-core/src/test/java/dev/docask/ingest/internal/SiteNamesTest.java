package dev.docask.ingest.internal;

import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SiteNamesTest {
    @Test
    void fromBaseUrl_host_withoutDocsPrefixAndSuffixCapitalised() {
        assertThat(SiteNames.fromBaseUrl("https://docs.quayside.dev", Path.of("x"))).isEqualTo("Quayside");
        assertThat(SiteNames.fromBaseUrl("https://www.vitest.dev/guide/", Path.of("x"))).isEqualTo("Vitest");
    }

    @Test
    void fromBaseUrl_withoutAFolder_theHostOrNothing() {
        assertThat(SiteNames.fromBaseUrl("https://docs.astro.build/en/")).isEqualTo("Astro");
        assertThat(SiteNames.fromBaseUrl("")).isEmpty();
        assertThat(SiteNames.fromBaseUrl("not a url")).isEmpty();
    }

    @Test
    void fromBaseUrl_noBaseUrl_folderName() {
        assertThat(SiteNames.fromBaseUrl("", Path.of("/tmp/site-docs"))).isEqualTo("Site-docs");
    }

    @Test
    void fromBaseUrl_nothingToNameItBy_emptyNotAPhrase() {
        assertThat(SiteNames.fromBaseUrl("", Path.of("/"))).isEmpty();
    }

    private static List<String> claims(String head) {
        return SiteNames.claims(Jsoup.parse("<html><head>" + head + "</head><body><h1>x</h1></body></html>"));
    }

    @Test
    void claims_titleWithASeparator_itsFirstAndLastParts_ogSiteNameAlone() {
        assertThat(claims("<title>Getting started | Quayside</title>")).containsExactly("Getting started", "Quayside");
        assertThat(claims("<title>Quayside \u2014 Mocking \u2014 Guide</title>")).containsExactly("Quayside", "Guide");
        assertThat(claims("<title>Mocking | Quayside</title><meta property=\"og:site_name\" content=\"Quayside Docs\">"))
                .containsExactly("Quayside Docs");
        assertThat(claims("<title>Quayside docs</title>")).isEmpty();
        assertThat(claims("<title>ISO-8859-1: the charset</title>")).isEmpty();
    }

    @Test
    void agreed_mostPagesClaimOneName_thatName() {
        assertThat(SiteNames.agreed(List.of(List.of("Getting started", "Quayside"), List.of("Mocking", "Quayside"),
                List.of(), List.of("Config", "Quayside")))).hasValue("Quayside");
        assertThat(SiteNames.agreed(List.of(List.of("Quayside")))).as("one page's og:site_name").hasValue("Quayside");
    }

    @Test
    void agreed_noMajorityATieOrOnePageOfMany_nothing() {
        assertThat(SiteNames.agreed(List.of(List.of("Home", "Quayside"), List.of(), List.of()))).as("one page of three").isEmpty();
        assertThat(SiteNames.agreed(List.of(List.of("Home", "Welcome")))).as("which part is the name").isEmpty();
        assertThat(SiteNames.agreed(List.of(List.of("A", "Quayside"), List.of("A", "Quayside")))).as("a tie").isEmpty();
        assertThat(SiteNames.agreed(List.of())).isEmpty();
    }
}
