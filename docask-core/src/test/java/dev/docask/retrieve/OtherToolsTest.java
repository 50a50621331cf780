package dev.docask.retrieve;

import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexBuilder;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.SiteReader;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** docs/retrieval.md §4, "Questions about another tool": the bundled list, how a question names a tool, page counts. */
class OtherToolsTest {
    @TempDir
    Path dir;

    private static List<String> named(String question) {
        OtherTools tools = OtherTools.bundled();
        return tools.named(question, word -> true).stream().map(t -> tools.tools().get(t).name()).toList();
    }

    @Test
    void bundledList_holdsHundredsOfProducts_ofManyKinds() {
        List<String> names = OtherTools.bundled().tools().stream().map(OtherTools.Tool::name).toList();
        assertThat(names).hasSizeGreaterThan(300)
                .contains("Jest", "Sphinx", "Hugo", "Django", "webpack", "Deno", "Jenkins", "WordPress", "PostgreSQL", "Azure");
    }

    @Test
    void named_aProductInAnyCase_isFound_withItsOtherSpellings() {
        assertThat(named("karma-coverage istanbul reporter not generating lcov")).containsExactly("Karma", "Istanbul");
        assertThat(named("How do I use NextJS middleware?")).containsExactly("Next.js");
        assertThat(named("Next.js app router metadata API")).containsExactly("Next.js");
        assertThat(named("Is Astro.glob deprecated?")).containsExactly("Astro");
    }

    @Test
    void named_everydayWords_countOnlyCapitalisedAndNotFirst() {
        assertThat(named("Is there a fresh start option?")).isEmpty();
        assertThat(named("Fresh builds are slow")).as("first word of the question").isEmpty();
        assertThat(named("How do I use islands in Fresh?")).containsExactly("Fresh");
        assertThat(named("Go to the config page. Next, add a plugin")).isEmpty();
        assertThat(named("How do I call the API from Go?")).containsExactly("Go");
        assertThat(named("How do I tap into the build and spring a lit fixture?")).isEmpty();
        assertThat(named("Spring Boot actuator endpoints")).containsExactly("Spring Boot");
    }

    @Test
    void named_everydayWords_inAQuestionWrittenInTitleCase_doNotCount() {
        assertThat(named("Sometimes the Enzyme Myth Is True")).as("every long word capitalised").isEmpty();
        assertThat(named("Testing Components With Enzyme And Jest")).as("other names still count").containsExactly("Jest");
        assertThat(named("Shallow rendering with Enzyme")).containsExactly("Enzyme");
    }

    @Test
    void named_aNameAfterAPersonsTitle_isAPerson_notATool() {
        assertThat(named("What do you think of Dr. Jenkins' take on paleolithic diets?")).isEmpty();
        assertThat(named("Prof Jest and Mrs. Karma")).isEmpty();
        assertThat(named("Jenkins pipeline runs the tests twice")).containsExactly("Jenkins");
    }

    @Test
    void named_anEverydayWordStartingTheQuestion_countsWhereTheSiteNeverWritesTheWord() {
        OtherTools tools = OtherTools.bundled();
        java.util.function.Function<java.util.Set<Integer>, List<String>> names =
                found -> found.stream().map(t -> tools.tools().get(t).name()).toList();
        java.util.function.Predicate<String> writesNothing = word -> false;
        assertThat(names.apply(tools.named("Starlight autogenerate sidebar from a directory", writesNothing)))
                .containsExactly("Starlight");
        assertThat(names.apply(tools.named("How Long to Detox From Fish Before Pregnancy?", writesNothing)))
                .as("in title case a capital still says nothing").isEmpty();
        assertThat(names.apply(tools.named("Fresh builds are slow", word -> word.equals("fresh"))))
                .as("the site writes the word: it may be the reader's own word").isEmpty();
        assertThat(names.apply(tools.named("is there a fresh start option?", writesNothing))).as("never in lower case").isEmpty();
        assertThat(tools.otherTool("Starlight autogenerate sidebar", 5, List.of("Docusaurus"), writesNothing))
                .extracting(OtherTools.Named::name).isEqualTo("Starlight");
    }

    @Test
    void named_aHostNameIsAnAddress_andNamesNoTool_whileAProductSpeltAsADomainStillNamesItself() {
        assertThat(named("Remote image https://images.ctfassets.net/x.png is not allowed")).as("its .net is no .NET").isEmpty();
        assertThat(named("<Image> with a cdn.shopify.com url: remote image is not allowed")).isEmpty();
        assertThat(named("deploy to Shopify")).containsExactly("Shopify");
        assertThat(named("remix defer() doesn't stream on fly.io")).contains("Fly.io");
        assertThat(named("vite.config.ts alias ignored")).as("a file name is no host").containsExactly("Vite");
        assertThat(OtherTools.hostName("username.github.io/my-repo")).isTrue();
        assertThat(OtherTools.hostName("fly.io")).isFalse();
    }

    @Test
    void named_aNameInsideALongerOne_isNotNamedOnItsOwn() {
        assertThat(named("Deploy to GitHub Pages with a base path")).containsExactly("GitHub Pages");
        assertThat(named("Sync the docs with GitHub")).containsExactly("GitHub");
    }

    @Test
    void parse_platformsAreMarkedBetweenTheirDirectives_andTheBundledListMarksWhereAProjectRuns() {
        OtherTools tools = OtherTools.parse(List.of("Jest", "[platforms]", "GitHub Actions", "~Windows", "[products]", "Mocha"));
        assertThat(tools.tools()).extracting(OtherTools.Tool::name).containsExactly("Jest", "GitHub Actions", "Windows", "Mocha");
        assertThat(tools.tools()).extracting(OtherTools.Tool::platform).containsExactly(false, true, true, false);
        assertThat(tools.tools().get(2).everydayWord()).isTrue();

        Map<String, Boolean> bundled = new java.util.HashMap<>();
        OtherTools.bundled().tools().forEach(t -> bundled.put(t.name(), t.platform()));
        assertThat(bundled).containsEntry("GitHub Actions", true).containsEntry("Vercel", true).containsEntry("Docker", true)
                .containsEntry("VS Code", true).containsEntry("Ubuntu", true)
                .containsEntry("Jest", false).containsEntry("Tailwind", false).containsEntry("PostgreSQL", false)
                .containsEntry("Pagefind", false).containsEntry("Figma", false).containsEntry("WordPress", false);
    }

    @Test
    void otherTool_aProductNamedBesideAPlatform_isTheOneNamed() {
        OtherTools tools = OtherTools.bundled();
        assertThat(tools.otherTool("On GitHub Actions my Mocha reporter prints nothing", 10, List.of("Vitest"), word -> true))
                .extracting(OtherTools.Named::name).isEqualTo("Mocha");
        OtherTools.Named ci = tools.otherTool("Snapshots fail on GitHub Actions only", 10, List.of("Vitest"), word -> true);
        assertThat(ci).extracting(OtherTools.Named::name).isEqualTo("GitHub Actions");
        assertThat(tools.platform(ci)).isTrue();
    }

    @Test
    void names_aListedToolAsQuestionsNameIt_inAnyCaseOfItsName() {
        OtherTools tools = OtherTools.bundled();
        assertThat(tools.names("split vitest run across 4 github actions matrix jobs", "vitest", word -> true)).isTrue();
        assertThat(tools.names("Vitest in GitHub Actions", "Vitest", word -> true)).isTrue();
        assertThat(tools.names("vitest-fetch-mock on GitHub Actions", "vitest", word -> true)).as("a part of a joined word").isTrue();
        assertThat(tools.names("Snapshots fail on GitHub Actions only", "vitest", word -> true)).isFalse();
        assertThat(tools.names("GitHub Pages base path", "GitHub", word -> true)).as("a name inside a longer one").isFalse();
    }

    @Test
    void otherTool_aListedToolOutsideTheSitesOwn() {
        OtherTools tools = OtherTools.bundled();
        assertThat(tools.otherTool("Jekyll collections permalink", 5, List.of("Docusaurus", "React"), word -> true))
                .isNotNull()
                .extracting(OtherTools.Named::name).isEqualTo("Jekyll");
        assertThat(tools.otherTool("React component in MDX", 5, List.of("Docusaurus", "React", "MDX"), word -> true)).isNull();
        assertThat(tools.otherTool("How do I add a sidebar?", 5, List.of(), word -> true)).isNull();
    }

    @Test
    void pageCounts_countEachPageOnce_andOnlyWhatItsTextMentions() {
        var corpus = SiteReader.read(TestSites.samples(), IngestOptions.defaults(TestSites.SAMPLES_BASE_URL));
        IndexBuilder.build(corpus, Embedders.fromSpec("none"), IndexBuilder.Settings.defaults("none"), dir, n -> { });
        try (DocIndex idx = DocIndex.open(dir)) {
            OtherTools tools = OtherTools.bundled();
            int[] counts = tools.pageCounts(idx);
            int pages = OtherTools.pages(idx);
            assertThat(pages).isPositive();
            for (int i = 0; i < counts.length; i++) {
                assertThat(counts[i]).as(tools.tools().get(i).name()).isBetween(0, pages);
            }
            int docker = tools.tools().stream().map(OtherTools.Tool::name).toList().indexOf("Docker");
            int django = tools.tools().stream().map(OtherTools.Tool::name).toList().indexOf("Django");
            assertThat(counts[django]).as("the samples never mention Django").isZero();
            assertThat(counts[docker]).as("the pages that say Docker").isEqualTo(grepPages(idx, "docker"))
                    .isPositive();
        }
    }

    private static int grepPages(DocIndex idx, String word) {
        java.util.Set<String> pages = new java.util.HashSet<>();
        for (int i = 0; i < idx.size(); i++) {
            var c = idx.chunk(i);
            if (idx.canonicalOf(i) == i && (c.title() + " " + c.heading() + " " + c.text()).toLowerCase(java.util.Locale.ROOT)
                    .contains(word)) {
                pages.add(idx.chunk(i).url().replaceFirst("#.*$", ""));
            }
        }
        return pages.size();
    }
}
