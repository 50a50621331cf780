package dev.docask.answer;

import dev.docask.embed.Embedders;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link SamplesAnswerTest} with the default local embedder (bge-small, ONNX): about 30 s on two cores. */
class SamplesAnswerIT extends SamplesAnswerTest {
    @Override
    String embedder() {
        return Embedders.DEFAULT_SPEC;
    }

    /*
     * The questions issue 15 quotes as answered by the wrong sentence, and the demo's own question:
     * what `./docask demo` shows first must answer them (docs/quality.md, "Extractive answers").
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            How many times does Quayside retry a failed delivery? | Default: `8`
            Can I run the relay in Docker?                        | docker run -d --name quayside
            How do I replay events to a different target?         | --forward-to`
            How long does the relay wait between retries?         | The delay doubles after each failed attempt
            """)
    void ask_issueQuestion_firstQuoteAnswersIt(String question, String expected) {
        Answer a = handler.ask(question);

        String first = a.text().split("\n\n")[1];
        assertThat(first).contains(expected).doesNotContain("cannot be replayed");
    }
}
