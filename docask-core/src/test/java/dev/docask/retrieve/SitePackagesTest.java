package dev.docask.retrieve;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/** docs/retrieval.md §4, "A package the site never mentions". */
class SitePackagesTest {
    private static final Function<String, Optional<Boolean>> NOTHING_WRITTEN = name -> Optional.of(false);

    @Test
    void unmentioned_aPackageNamedAfterTheSitesToolThatNoPageWrites_isNamedAsWritten() {
        assertThat(SitePackages.unmentioned("vitest-fetch-mock: enableMocks is not a function", "vitest", NOTHING_WRITTEN))
                .isEqualTo("vitest-fetch-mock");
        assertThat(SitePackages.unmentioned("redocusaurus api reference page renders blank", "docusaurus", NOTHING_WRITTEN))
                .isEqualTo("redocusaurus");
        assertThat(SitePackages.unmentioned("t() from 'astro-i18next' returns the key", "astro", NOTHING_WRITTEN))
                .isEqualTo("astro-i18next");
    }

    @Test
    void unmentioned_aPackageSomePageWrites_isNotRefused() {
        List<String> asked = new ArrayList<>();
        assertThat(SitePackages.unmentioned("vitest-browser-react render() is undefined", "vitest", name -> {
            asked.add(name);
            return Optional.of(true);
        })).isNull();
        assertThat(asked).as("the name as written, without the marks around it").containsExactly("vitest-browser-react");
    }

    @Test
    void unmentioned_whereTheSearchBackendCannotTell_theWordCountsAsWritten() {
        assertThat(SitePackages.unmentioned("vitest-fetch-mock is not a function", "vitest", name -> Optional.empty())).isNull();
    }

    @Test
    void unmentioned_theToolAloneAtAVersionOrInCode_namesNoPackage() {
        for (String q : List.of("vitest3 hangs on exit", "upgrading astro-v5 to v6", "Astro.props.title is undefined",
                "defineVitestConfig is not exported", "Vitest-Fetch-Mock fails", "src/vitest-setup/index.ts not found",
                "@vitest/browser and playwright", "how do I configure vitest", "Vitest's watch mode")) {
            assertThat(SitePackages.unmentioned(q, q.toLowerCase().contains("astro") ? "astro" : "vitest", NOTHING_WRITTEN))
                    .as(q).isNull();
        }
    }

    @Test
    void unmentioned_aScopedPackage_isReadByTheNameAfterItsScope() {
        assertThat(SitePackages.unmentioned("@storybook/addon-vitest sidebar shows no tests", "vitest", NOTHING_WRITTEN))
                .isEqualTo("@storybook/addon-vitest");
    }

    @Test
    void siteTool_isTheWordOfTheSiteNameThatIsOneOfItsOwnTools() {
        assertThat(SitePackages.siteTool("Vitest", List.of("Vitest", "Vite", "Node"))).contains("vitest");
        assertThat(SitePackages.siteTool("Astro Docs", List.of("Astro", "GitHub"))).contains("astro");
        assertThat(SitePackages.siteTool("Samples", List.of("GitHub"))).as("a name that is no tool of the site").isEmpty();
        assertThat(SitePackages.siteTool("Vitest", List.of())).as("the rule off: no tools recorded").isEmpty();
    }
}
