package dev.docask.eval;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class QuotesTest {
    @Test
    void of_openingLineLeftOut_eachQuoteWithoutMarkAndCitation() {
        String text = "Quoted from the docs (an extractive answer):\n\n> The delay doubles. [1]\n\n> Jitter is added. [2]";

        assertThat(Quotes.of(text)).containsExactly("The delay doubles.", "Jitter is added.");
    }

    @Test
    void of_quotedCodeBlock_isOneQuote() {
        String text = "Quoted:\n\n> Run it:\n>\n> ```bash\n> docker run -d relay\n> ```\n> [3]";

        assertThat(Quotes.of(text)).containsExactly("Run it:\n\n```bash\ndocker run -d relay\n```");
    }

    @Test
    void of_citationLinkingAnotherSectionOfThePage_leftOutToo() {
        String text = "Quoted:\n\n> Node.js 20 or later. [1](https://q.dev/install#requirements)\n\n> Run npm i. [1]";

        assertThat(Quotes.of(text)).containsExactly("Node.js 20 or later.", "Run npm i.");
    }
}
