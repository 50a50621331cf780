package dev.docask.answer;

import dev.docask.embed.Embedders;

/** {@link SamplesAnswerTest} with the default local embedder (bge-small, ONNX): about 30 s on two cores. */
class SamplesAnswerIT extends SamplesAnswerTest {
    @Override
    String embedder() {
        return Embedders.DEFAULT_SPEC;
    }
}
