package dev.docask.retrieve;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CodeSymbolsTest {

    @Test
    void in_symbolsWrittenAsCode_dottedCamelCasedCalledFlagsAndComponentTags() {
        assertThat(CodeSymbols.in("test.each names get cut off when the param is a long string")).containsExactly("test.each");
        assertThat(CodeSymbols.in("toEqual failure prints a diff thousands of lines long")).containsExactly("toEqual");
        assertThat(CodeSymbols.in("google tag manager dataLayer.push() stops working")).as("a camelCased part counts too")
                .containsExactly("dataLayer.push", "dataLayer");
        assertThat(CodeSymbols.in("pass --expose-gc to the test workers")).containsExactly("--expose-gc");
        assertThat(CodeSymbols.in("server logs full of hits since adding <ClientRouter />")).containsExactly("ClientRouter");
        assertThat(CodeSymbols.in("getStaticPaths() is required for dynamic routes")).containsExactlyInAnyOrder(
                "getStaticPaths(", "getStaticPaths");
        assertThat(CodeSymbols.in("require() of ES Module not supported")).as("a call, matched as a call").containsExactly("require(");
        assertThat(CodeSymbols.in("'GIT_USER' is not recognized as an internal or external command")).containsExactly("GIT_USER");
    }

    @Test
    void in_filesHostsProductsAndShortOrEverydayWords_areNoSymbols() {
        assertThat(CodeSymbols.in("edit astro.config.mjs and deploy to docs.example.com")).isEmpty();
        assertThat(CodeSymbols.in("tests hang on macOS with Node.js 22")).as("listed products").isEmpty();
        assertThat(CodeSymbols.in("vi.fn in a test")).as("five characters").containsExactly("vi.fn");
        assertThat(CodeSymbols.in("t() returns the key, toBe fails")).as("shorter than five").isEmpty();
        assertThat(CodeSymbols.in("nothing is clickable on an old iPhone")).as("one lower-case letter before the capital").isEmpty();
        assertThat(CodeSymbols.in("How do I mock a module?")).isEmpty();
        assertThat(CodeSymbols.in("ENOSPC: System limit for number of file watchers reached")).as("an error code alone").isEmpty();
    }

    @Test
    void writesAny_theSymbolWholeAndAsWritten() {
        List<String> each = List.of("test.each");
        assertThat(CodeSymbols.writesAny("Use `test.each` when you need to run the same test.", each)).isTrue();
        assertThat(CodeSymbols.writesAny("Use test.eachFor to …", each)).as("inside a longer name").isFalse();
        assertThat(CodeSymbols.writesAny("Use Test.Each to …", each)).as("case counts").isFalse();
        assertThat(CodeSymbols.writesAny("run with --max-in-flight 4", List.of("--max-in-flight"))).isTrue();
        assertThat(CodeSymbols.writesAny("const x = require('x')", List.of("require("))).isTrue();
        assertThat(CodeSymbols.writesAny("you may require a plugin", List.of("require("))).as("the word in prose").isFalse();
        assertThat(CodeSymbols.writesAny("anything", List.of())).isFalse();
    }
}
