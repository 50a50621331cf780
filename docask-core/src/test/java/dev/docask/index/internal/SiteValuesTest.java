package dev.docask.index.internal;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** docs/retrieval.md §2: which of two URLs of one text a reader would call "the" page. */
class SiteValuesTest {
    private static List<String> sorted(String... urls) {
        List<String> out = new ArrayList<>(List.of(urls));
        out.sort(SiteValues.CANONICAL_URL_FIRST);
        return out;
    }

    @Test
    void canonicalUrl_fewestSegmentsFirst_thenTheNewerVersionFolder_thenTheShortest() {
        assertThat(sorted("https://x.dev/docs/next/intro", "https://x.dev/docs/intro")).first()
                .isEqualTo("https://x.dev/docs/intro");
        assertThat(sorted("https://x.dev/v9/guide#a", "https://x.dev/v10/guide#a")).first()
                .as("v10 is newer, though longer").isEqualTo("https://x.dev/v10/guide#a");
        assertThat(sorted("https://x.dev/docs/next/intro", "https://x.dev/docs/3.8/intro")).first()
                .as("a release before the unreleased docs").isEqualTo("https://x.dev/docs/3.8/intro");
        assertThat(sorted("https://x.dev/guide/setup", "https://x.dev/guide/set")).first()
                .as("no version folder: the shortest").isEqualTo("https://x.dev/guide/set");
    }
}
