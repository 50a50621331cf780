package dev.docask.embed.bge;

import dev.docask.embed.internal.Vectors;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BgeSmallEmbedderTest {
    private static final BgeSmallEmbedder INSTRUCT = new BgeSmallEmbedder(BgeSmallEmbedder.QueryMode.INSTRUCT);
    private static final BgeSmallEmbedder PLAIN = new BgeSmallEmbedder(BgeSmallEmbedder.QueryMode.PLAIN);

    /** About 900 word pieces: well over the model's 512 positions. */
    private static String longText(String tail) {
        StringBuilder b = new StringBuilder("Configuration › Dev server\n\n");
        for (int i = 0; i < 60; i++) {
            b.append("Option number ").append(i).append(" sets the dev server port, host and HTTPS certificate. ");
        }
        return b.append(tail).toString();
    }

    private static final List<String> TEXTS = List.of(
            "Mocking › Modules\n\nUse vi.mock(path) to replace every export of a module with a mock.",
            "Getting started\n\nInstall the package with npm install --save-dev vitest and add a test script.",
            "i18n › Routing\n\nThe default locale is served without a prefix; other locales get /<locale>/ in the URL.",
            "x",
            "createAskHandler(options) returns a request handler; snake_case_names and kebab-case-flags work too.",
            longText("The very end of the long section."));

    @Test
    void embedAll_sameTextsAsLangChain4j_sameVectors() {
        List<Embedding> theirs = new BgeSmallEnV15QuantizedEmbeddingModel()
                .embedAll(TEXTS.stream().map(TextSegment::from).toList()).content();

        List<float[]> ours = INSTRUCT.embedAll(TEXTS);

        assertThat(ours).hasSize(TEXTS.size());
        for (int i = 0; i < TEXTS.size(); i++) {
            assertThat(ours.get(i)).hasSize(384);
            assertThat(Vectors.cosine(ours.get(i), theirs.get(i).vector())).as("text %d", i).isGreaterThanOrEqualTo(0.999f);
        }
    }

    /** Texts of many lengths and scripts, so both workers, the length ordering and truncation all take part. */
    private static List<String> varied() {
        List<String> texts = new java.util.ArrayList<>(TEXTS);
        texts.addAll(List.of("", "   ", "Café naïve résumé — “quotes” and ‘apostrophes’ … ½ © ™",
                "日本語のドキュメント: テストを実行する", "Emoji 🚀 in a heading ✨ and CRLF\r\nline breaks\ttabs",
                longText("Another long tail, to be cut off.")));
        for (int i = 1; i <= 30; i++) {
            texts.add(("Section " + i + " › Part\n\nThe option `opt" + i + "` configures the server. ").repeat(i));
        }
        return texts;
    }

    @Test
    void embedAll_manyTexts_bitIdenticalToTheOneByOneReference() throws Exception {
        List<String> texts = varied();

        List<float[]> ours = INSTRUCT.embedAll(texts);

        try (ReferenceBge reference = new ReferenceBge()) {
            for (int i = 0; i < texts.size(); i++) {
                assertThat(ours.get(i)).as("text %d", i).containsExactly(reference.embed(texts.get(i)));
            }
        }
    }

    @Test
    void tokenize_batch_sameIdsAsTheTokenizersEncode() {
        BgeOnnxModel model = new BgeOnnxModel(1);
        List<String> texts = varied();

        long[][] ids = model.tokenize(texts);

        assertThat(ids.length).isEqualTo(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            assertThat(ids[i]).as("text %d", i).containsExactly(model.encodeIds(texts.get(i)));
        }
        assertThat(ids[5]).as("the long text, truncated").hasSize(BgeOnnxModel.MAX_TOKENS);
    }

    @Test
    void embedAll_textOver512Tokens_embedsOnlyItsStart() {
        List<float[]> v = INSTRUCT.embedAll(List.of(longText("Deploy to Netlify."), longText("Mock a module with vi.mock.")));

        assertThat(Vectors.cosine(v.get(0), v.get(1))).isGreaterThan(0.9999f);
    }

    @Test
    void embedAll_vectorsAreUnitLengthAndDistinct() {
        List<float[]> v = INSTRUCT.embedAll(TEXTS.subList(0, 3));

        for (float[] x : v) {
            double norm = 0;
            for (float f : x) {
                norm += f * f;
            }
            assertThat(norm).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-4));
        }
        assertThat(Vectors.cosine(v.get(0), v.get(1))).isLessThan(0.95f);
    }

    @Test
    void embedAll_concurrentCallers_getTheSameVectorsAsAlone() {
        List<float[]> alone = INSTRUCT.embedAll(TEXTS.subList(0, 3));

        List<CompletableFuture<List<float[]>>> calls = IntStream.range(0, 4)
                .mapToObj(i -> CompletableFuture.supplyAsync(() -> INSTRUCT.embedAll(TEXTS.subList(0, 3))))
                .toList();

        for (CompletableFuture<List<float[]>> call : calls) {
            List<float[]> got = call.join();
            for (int i = 0; i < 3; i++) {
                assertThat(got.get(i)).containsExactly(alone.get(i));
            }
        }
    }

    @Test
    void embedAll_empty_returnsEmpty() {
        assertThat(INSTRUCT.embedAll(List.of())).isEmpty();
    }

    @Test
    void embedQuery_instructVariant_prefixesBgeInstruction() {
        String q = "how do I mock a module?";

        float[] instruct = INSTRUCT.embedQuery(q);
        float[] plain = PLAIN.embedQuery(q);

        assertThat(instruct).containsExactly(INSTRUCT.embedAll(List.of(BgeSmallEmbedder.QUERY_INSTRUCTION + q)).get(0));
        assertThat(plain).containsExactly(PLAIN.embedAll(List.of(q)).get(0));
        assertThat(Vectors.cosine(instruct, plain)).isLessThan(0.99f);
    }

    @Test
    void embedQueries_oneForwardPass_sameVectorsAsOneByOne() {
        List<String> qs = List.of("Internationalization support. I assumed V2 would have it.", "Internationalization support.");

        List<float[]> together = INSTRUCT.embedQueries(qs);

        assertThat(together).hasSize(2);
        for (int i = 0; i < qs.size(); i++) {
            assertThat(Vectors.cosine(together.get(i), INSTRUCT.embedQuery(qs.get(i)))).isGreaterThan(0.9999f);
        }
        assertThat(PLAIN.embedQueries(List.of("x")).get(0)).containsExactly(PLAIN.embedQuery("x"));
    }

    @Test
    void embedQuery_relatedPassageScoresAboveUnrelated() {
        List<float[]> passages = INSTRUCT.embedAll(TEXTS.subList(0, 3));
        float[] q = INSTRUCT.embedQuery("how do I replace a module with a mock?");

        float related = Vectors.cosine(q, passages.get(0));
        assertThat(related).isGreaterThan(Vectors.cosine(q, passages.get(1)));
        assertThat(related).isGreaterThan(Vectors.cosine(q, passages.get(2)));
    }

    @Test
    void idAndDimensions_sameForBothVariants() {
        assertThat(INSTRUCT.id()).isEqualTo(PLAIN.id()).isEqualTo("bge-small-en-v1.5-q");
        assertThat(INSTRUCT.dimensions()).isEqualTo(384);
        assertThat(List.of(INSTRUCT.queryVariant(), PLAIN.queryVariant())).containsExactly("instruct", "plain");
    }
}
