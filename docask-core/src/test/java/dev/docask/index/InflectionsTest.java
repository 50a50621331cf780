package dev.docask.index;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class InflectionsTest {
    @Test
    void inflections_pluralPastAndIng_inBothDirections() {
        assertThat(Inflections.of("support")).contains("support", "supports", "supported", "supporting");
        assertThat(Inflections.of("testing")).contains("test", "tests", "tested");
        assertThat(Inflections.of("tests")).contains("test", "testing");
        assertThat(Inflections.of("library")).contains("libraries");
        assertThat(Inflections.of("run")).contains("running");
        assertThat(Inflections.of("configure")).contains("configured", "configuring");
    }

    @Test
    void inflections_esOnlyWhereEnglishSpellsIt() {
        assertThat(Inflections.of("box")).contains("boxes");
        assertThat(Inflections.of("matches")).contains("match");
        assertThat(Inflections.of("local")).as("'locales' is the plural of 'locale'").doesNotContain("locales");
        assertThat(Inflections.of("locales")).contains("locale").doesNotContain("local");
    }

    @Test
    void inflections_leaveDerivedWordsApart() {
        assertThat(Inflections.of("capital")).doesNotContain("capitalized");
        assertThat(Inflections.of("configure")).doesNotContain("configuration");
    }
}
