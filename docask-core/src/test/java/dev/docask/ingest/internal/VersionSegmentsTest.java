package dev.docask.ingest.internal;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class VersionSegmentsTest {
    @Test
    void versionShapes_areTheWidgetsOnes_andABareNumberIsNone() {
        assertThat(List.of("next", "v3", "v3.2", "3.8", "3.8.1", "2.x", "v2.x")).allMatch(VersionSegments::is);
        assertThat(List.of("2024", "latest-news", "v", "3.", "version-2", "nexts", "guide")).noneMatch(VersionSegments::is);
    }

    @Test
    void newestFirst_comparesNumbersAsNumbers_andPutsNextAfterTheReleases() {
        List<String> v = new ArrayList<>(List.of("v9", "next", "v10", "3.x", "3.8.1", "3.10", "2.x"));
        v.sort(VersionSegments.NEWEST_FIRST);
        assertThat(v.subList(0, 2)).containsExactly("v10", "v9");
        List<String> w = new ArrayList<>(List.of("next", "3.8.1", "3.x", "3.10", "2.x"));
        w.sort(VersionSegments.NEWEST_FIRST);
        assertThat(w).containsExactly("3.x", "3.10", "3.8.1", "2.x", "next");
    }
}
