package dev.docask.ingest;

import dev.docask.ingest.ScriptLiterals.Computed;
import dev.docask.testsupport.Fuzz;
import dev.docask.testsupport.FuzzText;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class ScriptLiteralsTest {

    private static final List<String> SCRIPT = List.of("{", "}", "[", "]", "(", ")", ",", ";", ":", "=", "=>", "...",
            "'", "\"", "`", "${", "/", "//", "/*", "*/", "\\", "\n", " ", "const ", "let ", "x", "docs", "presets",
            "path", "'docs'", "true", "satisfies ", "as const", "?", "/'/g", "<b>", "don't", "\u0000", "\uD800", "é");

    private static Object only(String source, String key) {
        List<Object> values = ScriptLiterals.of(source).valuesOf(key);
        assertThat(values).hasSize(1);
        return values.get(0);
    }

    @Test
    void valuesOf_literalInParentheses_isTheLiteral() {
        String source = """
                presets: [['classic', /** @type {import('@docusaurus/preset-classic').Options} */ ({docs: {path: 'wiki'}})]]
                """;
        assertThat(only(source, "presets")).isEqualTo(List.of(List.of("classic", Map.of("docs", Map.of("path", "wiki")))));
        assertThat(only("a: (b) => ({c: 'd'})", "a")).as("an arrow function").isInstanceOf(Computed.class);
    }

    @Test
    void valuesOf_regexWithQuotesOrCommentMarks_doesNotDerailTheRest() {
        String source = """
                const clean = (s) => s.replace(/'/g, '').replace(/\\/*$/, "").split(/[/"]/);
                export default {path: 'docs', pattern: /^a'b$/i};
                """;
        assertThat(only(source, "path")).isEqualTo("docs");
        assertThat(only(source, "pattern")).isEqualTo(new Computed("/^a'b$/i"));
    }

    @Test
    void valuesOf_slashAfterAValue_dividesAndIsNotARegex() {
        assertThat(only("{ratio: width / 2, path: 'a/b', half: (w) / 2 / 'x'}", "path")).isEqualTo("a/b");
    }

    @Test
    void valuesOf_templateWithNestedTemplatesAndQuotes_isComputedAndTheRestIsRead() {
        String source = "{label: `v${isDev ? `dev-${'x\"'}` : \"y'\"}`, plain: `no ${'$'}{here`, path: `docs`}";
        assertThat(only(source, "label")).isEqualTo(new Computed("`v${isDev ? `dev-${'x\"'}` : \"y'\"}`"));
        assertThat(only(source, "path")).isEqualTo("docs");
    }

    @Test
    void valuesOf_unclosedQuote_endsAtItsLine() {
        String source = """
                {title: 'don't stop',
                 path: 'docs'}
                """;
        assertThat(only(source, "path")).isEqualTo("docs");
    }

    @Test
    void valuesOf_apostrophesInComments_areSkipped() {
        String source = """
                // don't forget: the "docs" plugin
                /* it's <b>JSX</b> in a comment: {docs: {path: 'wrong'}} */
                {path: 'docs'}
                """;
        assertThat(only(source, "path")).isEqualTo("docs");
    }

    @Test
    void valuesOf_constantDeclaredOnce_isItsLiteral() {
        String source = """
                const common = {editUrl: 'https://x.dev', routeBasePath: 'guides'};
                const docs: Partial<Options> = {...common, path: 'content'};
                const extra = [['content-docs', {id: 'api'}]];
                export default {docs, options: docs, plugins: [...extra, 'pwa']};
                """;
        Map<String, Object> docs = Map.of("editUrl", "https://x.dev", "routeBasePath", "guides", "path", "content");
        assertThat(only(source, "docs")).isEqualTo(docs);
        assertThat(only(source, "options")).isEqualTo(docs);
        assertThat(only(source, "plugins")).isEqualTo(List.of(List.of("content-docs", Map.of("id", "api")), "pwa"));
    }

    @Test
    void valuesOf_nameNotAConstantDeclaredOnce_staysComputed() {
        String source = """
                let a = {path: 'x'};
                const b = {path: 'y'};
                function f() { const b = {path: 'z'}; }
                const {c} = require('./c');
                export default {one: a, two: b, three: c, four: [...c]};
                """;
        ScriptLiterals script = ScriptLiterals.of(source);
        assertThat(script.valuesOf("one")).containsExactly(new Computed("a"));
        assertThat(script.valuesOf("two")).containsExactly(new Computed("b"));
        assertThat(script.valuesOf("three")).containsExactly(new Computed("c"));
        assertThat(script.valuesOf("four")).containsExactly(List.of(new Computed("...c")));
    }

    @Test
    void valuesOf_constantsNamingEachOther_endAsComputed() {
        String source = "const a = {x: b}; const b = [a, ...b]; export default {a};";
        assertThat(only(source, "a")).isEqualTo(Map.of("x", List.of(new Computed("a"), new Computed("...b"))));
    }

    @Test
    void valuesOf_quotedKeysAndTrailingCommas_areRead() {
        assertThat(only("{'docs': {\"path\": 'x', 4: {path: '4',},},}", "docs"))
                .isEqualTo(Map.of("path", "x", "4", Map.of("path", "4")));
    }

    @Test
    void valuesOf_repeatedKey_laterWinsAndUndefinedUnsets() {
        assertThat(only("{docs: {path: 'a', path: 'b', lastVersion: 'current', lastVersion: undefined}}", "docs"))
                .isEqualTo(Map.of("path", "b"));
    }

    @Test
    void valuesOf_nameThatIsNotAProperty_isNotAValue() {
        String source = "const presets: Config['presets'] = [['classic', {}]]; f(x ? presets : y); export default {presets};";
        assertThat(only(source, "presets")).isEqualTo(List.of(List.of("classic", Map.of())));
    }

    @Test
    void valuesOf_deepNesting_isComputedWithoutOverflowingTheStack() {
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        assertThat(only("{docs: " + deep + ", path: 'x'}", "path")).isEqualTo("x");
        assertThat(only("{docs: " + deep + "}", "docs")).isInstanceOf(List.class);
        StringBuilder chain = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            chain.append("const a").append(i).append(" = a").append(i + 1).append(";\n");
        }
        assertThat(only(chain + "const a20000 = 'docs'; export default {path: a0};", "path")).isInstanceOf(Computed.class);
    }

    @Test
    void valuesOf_keyNestedInItsOwnValueManyTimes_readsOnceAndQuickly() {
        // a 2.6 MB config: every property was read again inside the one holding it, each ten thousand tokens deep
        String nested = "{plugins: ".repeat(100_000) + "1" + "}".repeat(100_000);
        String source = "export default {presets: " + "[".repeat(1_000_000) + "]".repeat(1_000_000) + ", plugins: [" + nested + "]}";
        long start = System.nanoTime();
        ScriptLiterals script = ScriptLiterals.of(source);
        assertThat(script.valuesOf("plugins")).hasSize(1);
        assertThat(script.valuesOf("presets")).hasSize(1);
        assertThat(script.topLevel("baseUrl")).isEmpty();
        assertThat(java.time.Duration.ofNanos(System.nanoTime() - start)).isLessThan(java.time.Duration.ofSeconds(10));
    }

    @Test
    void valuesOf_keyInsideAnotherOfTheSameName_isPartOfTheOuterValue() {
        assertThat(ScriptLiterals.of("{plugins: [{plugins: ['x']}]}").valuesOf("plugins"))
                .containsExactly(List.of(Map.of("plugins", List.of("x"))));
        assertThat(ScriptLiterals.of("{plugins: f({plugins: ['x']})}").valuesOf("plugins")).as("inside a computed value")
                .containsExactly(new Computed("f({plugins: ['x']})"), List.of("x"));
    }

    @Test
    void describe_longComputedValue_isCutToItsStart() {
        String source = "{presets: isProd ? [" + "'a',\n  ".repeat(100_000) + "] : []}";
        Object presets = only(source, "presets");
        assertThat(presets).isInstanceOf(Computed.class);
        assertThat(ScriptLiterals.describe(presets)).startsWith("isProd ? ['a', 'a',").endsWith("…").hasSizeLessThan(130);
    }

    @Test
    void topLevel_keyAlsoDeeperOrInArrays_theOutermostObjectsValue() {
        ScriptLiterals script = ScriptLiterals.of("""
                const base = '/project/';
                export default defineConfig({
                  base,
                  themeConfig: {nav: {base: '/nav/'}, sidebar: [{base: '/guide/'}]},
                  vite: {build: {format: 'x'}},
                });
                """);
        assertThat(script.topLevel("base")).contains("/project/");
        assertThat(script.topLevel("format")).contains("x");
        assertThat(script.topLevel("srcDir")).isEmpty();
    }

    @Test
    void topLevel_twoDisagreeingAtTheSameDepth_isComputed() {
        ScriptLiterals script = ScriptLiterals.of("const a = {base: '/a/'}; const b = {base: '/b/'}; export default b;");
        assertThat(script.topLevel("base")).containsInstanceOf(Computed.class);
        assertThat(ScriptLiterals.of("export default isDev ? {base: '/'} : {base: '/'};").topLevel("base")).contains("/");
    }

    @Test
    void valuesOf_anySource_neverThrows() {
        Fuzz.check(0x5EED_0601L, 2000, ScriptLiteralsTest::script, source -> {
            ScriptLiterals script = ScriptLiterals.of(source);
            for (String key : List.of("docs", "presets", "path", "x")) {
                List<Object> unused = script.valuesOf(key);
                Object top = script.topLevel(key);
            }
            VitePressConfig vp = VitePressConfig.of(ConfigFile.parse(source, "config.ts"));
            AstroConfig astro = AstroConfig.of(ConfigFile.parse(source, "astro.config.mjs"));
            DocusaurusConfig unused = DocusaurusConfig.parse(source, "docusaurus.config.js");
        });
    }

    private static String script(Random random) {
        return FuzzText.of(random, SCRIPT, 300);
    }
}
