package dev.docask.ingest;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class MarkdownSectionsTest {

    private static MarkdownSections.Parsed parse(String md) {
        return MarkdownSections.parse(md, new Slugger(Slugger.Style.GITHUB));
    }

    @Test
    void parse_leadingH1_isTitleAndPageTop() {
        MarkdownSections.Parsed p = parse("# Mocking\n\nIntro.\n\n## Modules\n\nText.");
        assertThat(p.h1()).isEqualTo("Mocking");
        assertThat(p.sections()).extracting(Section::anchor).containsExactly(null, "modules");
        assertThat(p.sections().get(0).text()).isEqualTo("Intro.");
        assertThat(p.sections().get(1).path()).containsExactly("Modules");
    }

    @Test
    void parse_nestedHeadings_breadcrumbOfParents() {
        MarkdownSections.Parsed p = parse("## Config\n\na\n\n### Options\n\nb\n\n#### retry\n\nc\n\n## Other\n\nd");
        assertThat(p.sections()).extracting(Section::heading)
                .containsExactly("", "Config", "Config › Options", "Config › Options › retry", "Other");
        assertThat(p.h1()).isNull();
    }

    @Test
    void parse_explicitId_winsOverSlug() {
        MarkdownSections.Parsed p = parse("## `coverage.all` {#coverage-all}\n\ntext");
        Section s = p.sections().get(1);
        assertThat(s.anchor()).isEqualTo("coverage-all");
        assertThat(s.path()).containsExactly("coverage.all");
    }

    @Test
    void parse_duplicateHeadings_numberedAnchors() {
        MarkdownSections.Parsed p = parse("## Example\n\na\n\n## Example\n\nb");
        assertThat(p.sections()).extracting(Section::anchor).containsExactly(null, "example", "example-1");
    }

    @Test
    void parse_hashInsideCodeFence_notAHeading() {
        MarkdownSections.Parsed p = parse("## Shell\n\n```bash\n# a comment\necho hi\n```");
        assertThat(p.sections()).hasSize(2);
        assertThat(p.sections().get(1).text()).contains("# a comment");
    }

    @Test
    void parse_emphasisAndCodeInHeading_plainText() {
        assertThat(MarkdownSections.plain("Use **`createRelayHandler`** *now*")).isEqualTo("Use createRelayHandler now");
    }

    @Test
    void parse_h1AfterText_isAnOrdinaryHeading() {
        MarkdownSections.Parsed p = parse("Intro.\n\n# Later\n\ntext");
        assertThat(p.h1()).isNull();
        assertThat(p.sections()).extracting(Section::path).containsExactly(List.of(), List.of("Later"));
    }
}
