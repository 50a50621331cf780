package dev.docask.ingest;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class DocusaurusConfigTest {

    private static final String TYPESCRIPT_CONFIG = """
            import type {Config} from '@docusaurus/types';
            import type * as Preset from '@docusaurus/preset-classic';
            // a comment with presets: [['classic', {docs: {routeBasePath: 'wrong'}}]]
            const config: Config = {
              title: 'Quayside',
              url: 'https://quayside.dev',
              presets: [
                [
                  'classic',
                  {
                    docs: {
                      sidebarPath: './sidebars.ts',
                      routeBasePath: '/',           /* docs-only */
                      lastVersion: "current",
                      versions: {current: {label: 'Next', path: 'dev'}, '2.1': {path: 'v2'}},
                      onlyIncludeVersions: ['current', '2.1'],
                      editUrl: ({docPath}) => `https://github.com/q/q/edit/main/${docPath}`,
                    },
                    blog: {path: 'news', routeBasePath: 'updates', blogTitle: `Quayside's news`},
                    theme: {customCss: './src/css/custom.css'},
                  } satisfies Preset.Options,
                ],
              ],
              themeConfig: {docs: {sidebar: {hideable: true}}},
              plugins: [
                ['@docusaurus/plugin-content-docs', {id: 'community', path: 'community', routeBasePath: 'community'}],
                ['@docusaurus/plugin-content-docs', {id: 'api', path: 'api-docs', routeBasePath: 'reference'}],
              ],
            };
            export default config;
            """;

    @Test
    void parse_literalSettings_areRead_throughCommentsTypesAndFunctions() {
        DocusaurusConfig c = DocusaurusConfig.parse(TYPESCRIPT_CONFIG, "docusaurus.config.ts");
        assertThat(c.docs()).hasSize(3);
        DocusaurusConfig.Docs docs = c.docs().get(0);
        assertThat(docs.id()).isEqualTo("default");
        assertThat(docs.path()).containsExactly("docs");
        assertThat(docs.routeBase()).isEmpty();
        assertThat(docs.lastVersion()).contains("current");
        assertThat(docs.versionPaths()).isEqualTo(Map.of("current", "dev", "2.1", "v2"));
        assertThat(docs.onlyIncludeVersions()).contains(Set.of("current", "2.1"));
        assertThat(c.blog()).contains(new DocusaurusConfig.Blog(List.of("news"), "/updates"));
        assertThat(c.docs().get(2)).extracting(DocusaurusConfig.Docs::id, DocusaurusConfig.Docs::path, DocusaurusConfig.Docs::routeBase)
                .containsExactly("api", List.of("api-docs"), "/reference");
        assertThat(c.notes()).isEmpty();
    }

    @Test
    void parse_computedSetting_keepsTheDefault_andSaysSo() {
        DocusaurusConfig c = DocusaurusConfig.parse("""
                module.exports = {
                  presets: [['@docusaurus/preset-classic', {
                    docs: {routeBasePath: isDocsOnly ? '/' : 'docs', lastVersion: process.env.LAST, path: 'docs'},
                  }]],
                };
                """, "docusaurus.config.js");
        DocusaurusConfig.Docs docs = c.docs().get(0);
        assertThat(docs.routeBase()).isEqualTo("/docs");
        assertThat(docs.lastVersion()).isEmpty();
        assertThat(c.notes()).containsExactly(
                "docs routeBasePath is computed (isDocsOnly ? '/' : 'docs'): read as 'docs'",
                "docs lastVersion is computed (process.env.LAST): not read");
        assertThat(c.file()).isEqualTo("docusaurus.config.js");
    }

    @Test
    void parse_presetsInAVariable_areNoted() {
        DocusaurusConfig c = DocusaurusConfig.parse("const p = [['classic', {}]]; module.exports = {presets: p};", "c.js");
        assertThat(c.docs()).containsExactly(DocusaurusConfig.Docs.defaults("default", "docs"));
        assertThat(c.notes()).containsExactly("presets are computed (p): not read");
    }

    @Test
    void parse_docsOrBlogTurnedOff_hasNone() {
        DocusaurusConfig c = DocusaurusConfig.parse("export default {presets: [['classic', {docs: false, blog: false}]]};", "c.js");
        assertThat(c.docs()).isEmpty();
        assertThat(c.blog()).isEmpty();
    }

    @Test
    void parse_noPresetOptions_givesDocusaurusDefaults() {
        DocusaurusConfig c = DocusaurusConfig.parse("module.exports = {title: 'X', presets: ['classic']};", "c.js");
        assertThat(c.docs()).containsExactly(DocusaurusConfig.Docs.defaults("default", "docs"));
        assertThat(c.blog()).contains(new DocusaurusConfig.Blog(List.of("blog"), "/blog"));
        assertThat(c.docs().get(0).lastVersion()).isEqualTo(Optional.empty());
    }

    @Test
    void parse_garbage_neverThrows() {
        for (String source : List.of("", "{{{[[[", "presets: [[", "presets:", "'unclosed", "/* never closed", "`a${b`")) {
            assertThat(DocusaurusConfig.parse(source, "c.js").docs()).hasSize(1);
        }
    }
}
