package dev.docask.ingest;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FrontMatterTest {

    @Test
    void parse_yamlBlock_valuesAsTextAndBodyAfter() {
        FrontMatter fm = FrontMatter.parse("---\ntitle: Routing\ntags: [a, b]\ndraft: true\nsidebar:\n  order: 2\n---\n# Body\n");
        assertThat(fm.find("title")).contains("Routing");
        assertThat(fm.find("tags")).contains("a,b");
        assertThat(fm.isTrue("draft")).isTrue();
        assertThat(fm.find("sidebar")).contains("2");
        assertThat(fm.body()).isEqualTo("# Body\n");
        assertThat(fm.bodyLine()).isEqualTo(8);
    }

    @Test
    void parse_noFrontMatter_wholeTextIsBody() {
        FrontMatter fm = FrontMatter.parse("# Title\n\n---\n\ntext");
        assertThat(fm.values()).isEmpty();
        assertThat(fm.body()).startsWith("# Title");
    }

    @Test
    void parse_byteOrderMark_ignored() {
        assertThat(FrontMatter.parse("\uFEFF---\ntitle: X\n---\nbody").find("title")).contains("X");
    }

    @Test
    void parse_emptyBlock_noValues() {
        FrontMatter fm = FrontMatter.parse("---\n---\ntext");
        assertThat(fm.values()).isEmpty();
        assertThat(fm.body()).isEqualTo("text");
    }

    @Test
    void parse_badYaml_throwsWithReason() {
        assertThatThrownBy(() -> FrontMatter.parse("---\ntitle: ok\ndescription: [unclosed\n---\nbody"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("unparseable front matter at line 4");
    }

    @Test
    void parse_neverClosed_throws() {
        assertThatThrownBy(() -> FrontMatter.parse("---\ntitle: X\nbody without end"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("never ends");
    }

    @Test
    void parse_scalarInsteadOfMapping_throws() {
        assertThatThrownBy(() -> FrontMatter.parse("---\njust a sentence\n---\nbody"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mapping");
    }
}
