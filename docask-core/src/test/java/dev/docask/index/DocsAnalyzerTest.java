package dev.docask.index;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DocsAnalyzerTest {
    private final DocsAnalyzer analyzer = DocsAnalyzer.forPages();

    @Test
    void camelCase_isIndexedWholeAndSplit() {
        assertThat(analyzer.distinctTerms("createAskHandler")).contains("createaskhandler", "creat", "ask", "handler");
    }

    @Test
    void dottedName_isIndexedWholeAndSplit() {
        assertThat(analyzer.distinctTerms("call vi.spyOn(obj)")).contains("vi.spyon", "vi", "spy");
    }

    @Test
    void snakeAndKebabCase_areIndexedWholeAndSplit() {
        assertThat(analyzer.distinctTerms("max_retry_count")).contains("max_retry_count", "max", "retri", "count");
        assertThat(analyzer.distinctTerms("chunk-overlap")).contains("chunk-overlap", "chunk", "overlap");
    }

    @Test
    void flag_keepsLeadingDashes() {
        assertThat(analyzer.distinctTerms("run with --no-cache please")).contains("--no-cache", "cach");
    }

    @Test
    void prose_isStemmedAndStopWordsDropped() {
        assertThat(analyzer.distinctTerms("The mocking of modules")).containsExactly("mock", "modul");
    }

    @Test
    void question_dropsQuestionWordsButPagesKeepThem() {
        assertThat(DocsAnalyzer.forQuestions().distinctTerms("How do I mock a module? What's wrong with my config")).containsExactly("mock", "modul", "wrong", "config");
        assertThat(analyzer.distinctTerms("how do I")).contains("how", "do", "i");
    }

    @Test
    void sentenceEndDot_isNotPartOfTheWord() {
        assertThat(analyzer.distinctTerms("Use config.")).containsExactly("us", "config");
    }
}
