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

    @Test
    void parse_yamlNestedAThousandDeep_isABadFrontMatterError_notAStackOverflow() {
        String deep = "---\nt: " + "[".repeat(1000) + "]".repeat(1000) + "\n---\nbody";
        assertThatThrownBy(() -> FrontMatter.parse(deep)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nests deeper than " + FrontMatter.MAX_DEPTH + " levels");
    }

    @Test
    void parse_nestedToTheLimit_isRead() {
        String yaml = "---\nt: " + "[".repeat(FrontMatter.MAX_DEPTH - 1) + "x" + "]".repeat(FrontMatter.MAX_DEPTH - 1) + "\n---\nbody";
        assertThat(FrontMatter.parse(yaml).find("t")).contains("x");
    }

    @Test
    void parse_aliasesExpandingExponentially_areRefused() {
        StringBuilder yaml = new StringBuilder("---\na0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for (int i = 1; i < 10; i++) {
            yaml.append("a").append(i).append(": &a").append(i).append(" [")
                    .append(String.join(", ", java.util.Collections.nCopies(9, "*a" + (i - 1)))).append("]\n");
        }
        assertThatThrownBy(() -> FrontMatter.parse(yaml + "---\nbody")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("front matter");
    }

    @Test
    void parse_fewAliasesThatStillExpandTooMuch_areRefusedByTheTextCap() {
        String big = "x".repeat(60_000);
        StringBuilder yaml = new StringBuilder("---\na0: &a0 [" + big + "]\n");
        for (int i = 1; i < 6; i++) {
            yaml.append("a").append(i).append(": &a").append(i).append(" [*a").append(i - 1).append(", *a")
                    .append(i - 1).append(", *a").append(i - 1).append("]\n");
        }
        assertThatThrownBy(() -> FrontMatter.parse(yaml + "---\nbody")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expands to more than");
    }
}
