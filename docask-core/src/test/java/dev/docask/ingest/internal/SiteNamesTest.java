package dev.docask.ingest.internal;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

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
}
