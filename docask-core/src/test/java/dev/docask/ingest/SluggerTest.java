package dev.docask.ingest;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SluggerTest {

    @Test
    void github_punctuationAndCase_strippedAndSpacesDashed() {
        Slugger slugger = new Slugger(Slugger.Style.GITHUB);
        assertThat(slugger.slug("Hello, World!")).isEqualTo("hello-world");
        assertThat(slugger.slug("vi.mock(path)")).isEqualTo("vimockpath");
        assertThat(slugger.slug("snake_case and kebab-case")).isEqualTo("snake_case-and-kebab-case");
        assertThat(slugger.slug("Ünïcode Straße")).isEqualTo("ünïcode-straße");
        assertThat(slugger.slug("--retry-limit <n>")).isEqualTo("--retry-limit-n");
    }

    @Test
    void github_duplicateHeadings_numberedFromOne() {
        Slugger slugger = new Slugger(Slugger.Style.GITHUB);
        assertThat(slugger.slug("Options")).isEqualTo("options");
        assertThat(slugger.slug("Options")).isEqualTo("options-1");
        assertThat(slugger.slug("Options")).isEqualTo("options-2");
    }

    @Test
    void vitepress_punctuationRuns_becomeOneDash() {
        Slugger slugger = new Slugger(Slugger.Style.VITEPRESS);
        assertThat(slugger.slug("vi.mock")).isEqualTo("vi-mock");
        assertThat(slugger.slug("expect.poll(fn)")).isEqualTo("expect-poll-fn");
        assertThat(slugger.slug("2. Start the relay")).isEqualTo("_2-start-the-relay");
        assertThat(slugger.slug("Café déjà vu")).isEqualTo("cafe-deja-vu");
        assertThat(slugger.slug("vi.mock")).isEqualTo("vi-mock-1");
    }

    @Test
    void mkdocs_duplicates_useUnderscoreSuffix() {
        Slugger slugger = new Slugger(Slugger.Style.MKDOCS);
        assertThat(slugger.slug("Getting started!")).isEqualTo("getting-started");
        assertThat(slugger.slug("Getting started")).isEqualTo("getting-started_1");
    }

    @Test
    void explicit_idTaken_laterSlugAvoidsIt() {
        Slugger slugger = new Slugger(Slugger.Style.GITHUB);
        assertThat(slugger.explicit("setup")).isEqualTo("setup");
        assertThat(slugger.slug("Setup")).isEqualTo("setup-1");
    }

    @Test
    void none_htmlHeadingWithoutId_hasNoAnchor() {
        assertThat(new Slugger(Slugger.Style.NONE).slug("Anything")).isNull();
    }

    @Test
    void styleOf_framework_matchesItsRenderer() {
        assertThat(Slugger.styleOf(Framework.VITEPRESS)).isEqualTo(Slugger.Style.VITEPRESS);
        assertThat(Slugger.styleOf(Framework.DOCUSAURUS)).isEqualTo(Slugger.Style.GITHUB);
        assertThat(Slugger.styleOf(Framework.STARLIGHT)).isEqualTo(Slugger.Style.GITHUB);
        assertThat(Slugger.styleOf(Framework.MKDOCS)).isEqualTo(Slugger.Style.MKDOCS);
        assertThat(Slugger.styleOf(Framework.HTML)).isEqualTo(Slugger.Style.NONE);
    }

    @Test
    void github_manyHeadingsNamedAlike_withANumberedOneAmongThem_areNumberedAsGithubSluggerDoes() {
        Slugger s = new Slugger(Slugger.Style.GITHUB);
        java.util.List<String> slugs = new java.util.ArrayList<>();
        for (String h : new String[] {"A", "A 1", "A", "A", "A 3", "A"}) {
            slugs.add(s.slug(h));
        }
        assertThat(slugs).containsExactly("a", "a-1", "a-2", "a-3", "a-3-1", "a-4");
        for (int i = 0; i < 5000; i++) {
            s.slug("A");
        }
        assertThat(s.slug("A")).isEqualTo("a-5005");
    }
}
