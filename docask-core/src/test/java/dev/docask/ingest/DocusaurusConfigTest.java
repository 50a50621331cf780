package dev.docask.ingest;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

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
        assertThat(c.blogs()).containsExactly(new DocusaurusConfig.Blog("default", List.of("news"), "/updates"));
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
    void parse_presetsInAConstant_areRead() {
        DocusaurusConfig c = DocusaurusConfig.parse(
                "const p = [['classic', {docs: {routeBasePath: '/'}}]]; module.exports = {presets: p};", "c.js");
        assertThat(c.docs().get(0).routeBase()).isEmpty();
        assertThat(c.notes()).isEmpty();
    }

    @Test
    void parse_importedPresets_areNoted() {
        DocusaurusConfig c = DocusaurusConfig.parse("""
                import {presets} from './config/presets';
                export default {title: 'X', presets};
                """, "c.ts");
        assertThat(c.docs()).containsExactly(DocusaurusConfig.Docs.defaults("default", "docs"));
        assertThat(c.notes()).containsExactly("presets are computed (presets): not read");
    }

    @Test
    void parse_jsDocTypedOptions_areRead() {
        DocusaurusConfig c = DocusaurusConfig.parse("""
                // @ts-check
                /** @type {import('@docusaurus/types').Config} */
                const config = {
                  presets: [
                    [
                      'classic',
                      /** @type {import('@docusaurus/preset-classic').Options} */
                      ({
                        docs: {path: 'wiki', routeBasePath: '/', sidebarPath: require.resolve('./sidebars.js')},
                        blog: false,
                      }),
                    ],
                  ],
                  plugins: [['content-docs', /** @type {import('@docusaurus/plugin-content-docs').Options} */ ({id: 'api', path: 'api'})]],
                };
                module.exports = config;
                """, "docusaurus.config.js");
        assertThat(c.docs()).extracting(DocusaurusConfig.Docs::path, DocusaurusConfig.Docs::routeBase)
                .containsExactly(tuple(List.of("wiki"), ""), tuple(List.of("api"), "/docs")); // Docusaurus's default route, id or not
        assertThat(c.blogs()).isEmpty();
        assertThat(c.notes()).isEmpty();
    }

    @Test
    void parse_exportDefaultAsyncFunction_isRead() {
        DocusaurusConfig c = DocusaurusConfig.parse("""
                import type {Config} from '@docusaurus/types';
                const slug = (s: string) => s.replace(/['"]/g, '').replace(/\\/*$/, '');
                export default async function createConfigAsync(): Promise<Config> {
                  const katex = (await import('rehype-katex')).default;
                  return {
                    title: `Docs for ${process.env.PRODUCT ?? 'us'}`,
                    presets: [['classic', {docs: {routeBasePath: 'guide', rehypePlugins: [katex]}} satisfies Preset.Options]],
                  } satisfies Config;
                }
                """, "docusaurus.config.ts");
        assertThat(c.docs().get(0).routeBase()).isEqualTo("/guide");
        assertThat(c.notes()).isEmpty();
    }

    @Test
    void parse_requireResolvedPresetAndPlugins_areRead() {
        DocusaurusConfig c = DocusaurusConfig.parse("""
                module.exports = {
                  presets: [[require.resolve('@docusaurus/preset-classic'), {docs: false}]],
                  plugins: [
                    [require.resolve('@docusaurus/plugin-content-docs'), {id: 'sdk', path: 'sdk', routeBasePath: 'sdk'}],
                    '@docusaurus/plugin-content-docs',
                  ],
                };
                """, "c.js");
        assertThat(c.docs()).extracting(DocusaurusConfig.Docs::id, DocusaurusConfig.Docs::routeBase)
                .containsExactly(tuple("sdk", "/sdk"), tuple("default", "/docs"));
    }

    @Test
    void parse_optionsInConstantsOfTheFile_areRead() {
        DocusaurusConfig c = DocusaurusConfig.parse("""
                const common = {showLastUpdateTime: true, editUrl: 'https://x.dev/edit'};
                const docsOptions = {...common, path: 'content', routeBasePath: '/'};
                const apiDocs = {...common, id: 'api', path: 'api', routeBasePath: 'reference'};
                export default {
                  presets: [['@docusaurus/preset-classic', {docs: docsOptions, blog: false}]],
                  plugins: [['content-docs', apiDocs]],
                };
                """, "c.ts");
        assertThat(c.docs()).extracting(DocusaurusConfig.Docs::path, DocusaurusConfig.Docs::routeBase)
                .containsExactly(tuple(List.of("content"), ""), tuple(List.of("api"), "/reference"));
        assertThat(c.notes()).isEmpty();
    }

    @Test
    void parse_optionsNotWrittenInTheFile_areNoted() {
        DocusaurusConfig c = DocusaurusConfig.parse("""
                const {versions} = require('./versions');
                module.exports = {
                  presets: [['classic', {docs: {sidebarPath: './sidebars.js'}, blog: isProd && {path: 'news'}}]],
                  plugins: ['docusaurus-plugin-sass', ['content-docs', makeApiDocs('api')], ...remoteDocs],
                };
                """, "c.js");
        assertThat(c.docs()).containsExactly(DocusaurusConfig.Docs.defaults("default", "docs"));
        assertThat(c.notes()).containsExactly(
                "the preset's blog options are computed (isProd && {path: 'news'}): not read",
                "plugin 'content-docs' options are computed (makeApiDocs('api')): not read",
                "plugins ...remoteDocs are computed: docs and blog instances in them are not read");
    }

    @Test
    void parse_presetOptionsFromACall_areNoted() {
        DocusaurusConfig c = DocusaurusConfig.parse("""
                export default {presets: [['@acme/docusaurus-preset', acmeOptions({docs: {routeBasePath: '/'}})]]};
                """, "c.ts");
        assertThat(c.docs().get(0).routeBase()).isEqualTo("/docs");
        assertThat(c.notes()).containsExactly(
                "preset '@acme/docusaurus-preset' options are computed (acmeOptions({docs: {routeBasePath: '/'}})): not read");
    }

    @Test
    void parse_docsOrBlogTurnedOff_hasNone() {
        DocusaurusConfig c = DocusaurusConfig.parse("export default {presets: [['classic', {docs: false, blog: false}]]};", "c.js");
        assertThat(c.docs()).isEmpty();
        assertThat(c.blogs()).isEmpty();
    }

    @Test
    void parse_blogPluginEntries_areFurtherBlogsAfterThePresets() {
        DocusaurusConfig c = DocusaurusConfig.parse("""
                export default {
                  presets: [['classic', {blog: {path: 'news'}}]],
                  plugins: [
                    ['@docusaurus/plugin-content-blog', {id: 'changelog', path: 'changelog', routeBasePath: 'changelog'}],
                    [require.resolve('@docusaurus/plugin-content-blog'), {id: 'releases', path: './releases/'}],
                    ['content-blog', releaseNotes()],
                  ],
                };
                """, "c.js");
        assertThat(c.blogs()).containsExactly(
                new DocusaurusConfig.Blog("default", List.of("news"), "/blog"),
                new DocusaurusConfig.Blog("changelog", List.of("changelog"), "/changelog"),
                new DocusaurusConfig.Blog("releases", List.of("releases"), "/blog"));
        assertThat(c.notes()).containsExactly("plugin 'content-blog' options are computed (releaseNotes()): not read");
    }

    @Test
    void parse_blogPluginWithoutId_replacesTheDefaultBlog() {
        DocusaurusConfig c = DocusaurusConfig.parse("""
                export default {
                  presets: [['classic', {blog: false}]],
                  plugins: [['@docusaurus/plugin-content-blog', {path: 'posts', routeBasePath: computed()}]],
                };
                """, "c.js");
        assertThat(c.blogs()).containsExactly(new DocusaurusConfig.Blog("default", List.of("posts"), "/blog"));
        assertThat(c.notes()).containsExactly("blog routeBasePath is computed (computed()): read as 'blog'");
    }

    @Test
    void parse_docsPathWithDotSegments_isNormalizedKeepingALeadingParent() {
        DocusaurusConfig c = DocusaurusConfig.parse("""
                export default {presets: [['classic', {docs: {path: '../docs/'}, blog: {path: './news/../posts'}}]]};
                """, "c.js");
        assertThat(c.docs().get(0).path()).containsExactly("..", "docs");
        assertThat(c.blogs().get(0).path()).containsExactly("posts");
        assertThat(c.contentFolders()).containsExactly(List.of("..", "docs"), List.of("posts"));
    }

    @Test
    void parse_noPresetOptions_givesDocusaurusDefaults() {
        DocusaurusConfig c = DocusaurusConfig.parse("module.exports = {title: 'X', presets: ['classic']};", "c.js");
        assertThat(c.docs()).containsExactly(DocusaurusConfig.Docs.defaults("default", "docs"));
        assertThat(c.blogs()).containsExactly(new DocusaurusConfig.Blog("default", List.of("blog"), "/blog"));
        assertThat(c.docs().get(0).lastVersion()).isEqualTo(Optional.empty());
    }

    @Test
    void parse_garbage_neverThrows() {
        for (String source : List.of("", "{{{[[[", "presets: [[", "presets:", "'unclosed", "/* never closed", "`a${b`")) {
            assertThat(DocusaurusConfig.parse(source, "c.js").docs()).hasSize(1);
        }
    }
}
