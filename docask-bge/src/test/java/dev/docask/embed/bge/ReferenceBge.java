package dev.docask.embed.bge;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import dev.docask.embed.internal.Vectors;

import java.io.InputStream;
import java.nio.LongBuffer;
import java.util.Arrays;
import java.util.Map;

/**
 * bge-small the plain way, as docask embedded before the indexing-speed work (#23): the tokenizer's
 * full {@code encode}, one text per ONNX call on a session with the options of that time (one
 * thread, no spinning, all graph optimisations), [CLS] vector, unit length. The vectors docask
 * writes must stay bit-identical to these, or existing indexes would silently mix two models.
 */
final class ReferenceBge implements AutoCloseable {
    private final OrtEnvironment env = OrtEnvironment.getEnvironment();
    private final HuggingFaceTokenizer tokenizer;
    private final OrtSession session;

    ReferenceBge() throws Exception {
        ClassLoader cl = ReferenceBge.class.getClassLoader();
        try (InputStream tok = cl.getResourceAsStream(BgeOnnxModel.TOKENIZER_RESOURCE);
             InputStream onnx = cl.getResourceAsStream(BgeOnnxModel.MODEL_RESOURCE);
             OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            tokenizer = HuggingFaceTokenizer.newInstance(tok, Map.of("padding", "false", "truncation", "true", "maxLength", "512"));
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            options.addConfigEntry("session.intra_op.allow_spinning", "0");
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            session = env.createSession(onnx.readAllBytes(), options);
        }
    }

    float[] embed(String text) throws Exception {
        long[] ids = tokenizer.encode(text, true, false).getIds();
        long[] shape = {1, ids.length};
        long[] mask = new long[ids.length];
        Arrays.fill(mask, 1L);
        try (OnnxTensor in = OnnxTensor.createTensor(env, LongBuffer.wrap(ids), shape);
             OnnxTensor am = OnnxTensor.createTensor(env, LongBuffer.wrap(mask), shape);
             OnnxTensor types = OnnxTensor.createTensor(env, LongBuffer.wrap(new long[ids.length]), shape);
             OrtSession.Result r = session.run(Map.of("input_ids", in, "attention_mask", am, "token_type_ids", types))) {
            float[] cls = new float[BgeOnnxModel.DIMENSIONS];
            ((OnnxTensor) r.get(0)).getFloatBuffer().get(0, cls);
            return Vectors.normalize(cls);
        }
    }

    @Override
    public void close() throws Exception {
        session.close();
        tokenizer.close();
    }
}
