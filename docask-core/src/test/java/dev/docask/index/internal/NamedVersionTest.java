package dev.docask.index.internal;

import org.junit.jupiter.api.Test;

import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;

/** The versions a question names (docs/retrieval.md, "Versions"). */
class NamedVersionTest {
    @Test
    void namedVersions_readVersionWordsButNotDecimals() {
        assertThat(NamedVersion.in("upgrading to 3.x")).containsExactly(new NamedVersion("3.x", 3, false));
        assertThat(NamedVersion.in("what changed in v3?")).containsExactly(new NamedVersion("v3", 3, false));
        assertThat(NamedVersion.in("Version 2 docs")).containsExactly(new NamedVersion("Version 2", 2, false));
        assertThat(NamedVersion.in("broke after 3.8.1.")).containsExactly(new NamedVersion("3.8.1", 3, false));
        assertThat(NamedVersion.in("wait 3.5 seconds on ipv6")).isEmpty();
    }

    @Test
    void aVersionAfterFromOrSince_isTheOneTheReaderLeaves() {
        assertThat(NamedVersion.in("upgrading from v2")).containsExactly(new NamedVersion("v2", 2, true));
        assertThat(NamedVersion.in("migrating from Docusaurus v2")).containsExactly(new NamedVersion("v2", 2, true));
        assertThat(NamedVersion.in("what changed since 4.x?")).containsExactly(new NamedVersion("4.x", 4, true));
        assertThat(NamedVersion.in("upgrade from v2 to v3"))
                .containsExactly(new NamedVersion("v2", 2, true), new NamedVersion("v3", 3, false));
        assertThat(NamedVersion.in("v2 pages are gone from the site")).containsExactly(new NamedVersion("v2", 2, false));
    }

    @Test
    void inARange_bareNumbersAreVersions_afterAVerbOfUpgradingOrAName_elseAmounts() {
        assertThat(NamedVersion.in("Error after upgrading from 2.4 to 3.0"))
                .containsExactly(new NamedVersion("2.4", 2, true), new NamedVersion("3.0", 3, false));
        assertThat(NamedVersion.in("upgrading from Astro 4 to 5"))
                .containsExactly(new NamedVersion("4", 4, true), new NamedVersion("5", 5, false));
        assertThat(NamedVersion.in("Do queued events survive an upgrade from 2.3 to 2.4?"))
                .containsExactly(new NamedVersion("2.3", 2, true), new NamedVersion("2.4", 2, false));
        assertThat(NamedVersion.in("raise the timeout from 5 to 10 seconds")).isEmpty();
        assertThat(NamedVersion.in("glucose rose from 2.4 to 3.0 mmol/l")).isEmpty();
    }

    @Test
    void afterAVerbOfUpgrading_aNumberIsAVersion_aBareWholeNumberOnlyAfterAName() {
        assertThat(NamedVersion.in("broken after upgrading to 3.0")).containsExactly(new NamedVersion("3.0", 3, false));
        assertThat(NamedVersion.in("Build fails after updating my site to 3.1.0"))
                .containsExactly(new NamedVersion("3.1.0", 3, false));
        assertThat(NamedVersion.in("migrating from Docusaurus 2")).containsExactly(new NamedVersion("2", 2, true));
        assertThat(NamedVersion.in("updating the grid to 2 columns")).isEmpty();
    }

    @Test
    void majorOf_readsTheLeadingMajorOfAVersionName() {
        assertThat(NamedVersion.majorOf("3.8.1")).isEqualTo(OptionalInt.of(3));
        assertThat(NamedVersion.majorOf("v2")).isEqualTo(OptionalInt.of(2));
        assertThat(NamedVersion.majorOf("Version 2")).isEqualTo(OptionalInt.of(2));
        assertThat(NamedVersion.majorOf("next")).isEmpty();
        assertThat(NamedVersion.majorOf("3rc")).isEmpty();
    }
}
