package dev.docask.index;

import dev.docask.index.internal.Scored;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class VectorStoreTest {
    private static final int DIMS = 24;

    @TempDir
    Path dir;

    /** {@code count} vectors drawn from only {@code distinct} different ones, so that many scores tie. */
    private static VectorStore store(int count, int distinct, long seed) {
        return store(count, distinct, seed, DIMS);
    }

    private static VectorStore store(int count, int distinct, long seed, int dims) {
        Random rnd = new Random(seed);
        byte[][] pool = new byte[distinct][dims];
        float[] poolScales = new float[distinct];
        for (int d = 0; d < distinct; d++) {
            float[] v = new float[dims];
            for (int k = 0; k < dims; k++) {
                v[k] = (float) rnd.nextGaussian();
            }
            poolScales[d] = Int8Quantizer.quantize(v, pool[d]);
        }
        byte[][] vectors = new byte[count][];
        float[] scales = new float[count];
        for (int i = 0; i < count; i++) {
            int d = rnd.nextInt(distinct);
            vectors[i] = pool[d];
            scales[i] = poolScales[d];
        }
        return new VectorStore(dims, vectors, scales);
    }

    private static float[] query(long seed) {
        return query(seed, DIMS);
    }

    private static float[] query(long seed, int dims) {
        Random rnd = new Random(seed);
        float[] q = new float[dims];
        for (int k = 0; k < dims; k++) {
            q[k] = (float) rnd.nextGaussian() / 5;
        }
        return q;
    }

    /** The definition the scan must meet: candidates by int8 estimate (ties: lower id), then by similarity (ties: lower id). */
    private static List<Scored> reference(VectorStore s, float[] query, int n, BitSet allowed) {
        byte[] qb = new byte[DIMS];
        Int8Quantizer.quantize(query, qb);
        short[] q = new short[DIMS];
        for (int k = 0; k < DIMS; k++) {
            q[k] = qb[k];
        }
        List<Scored> estimates = new ArrayList<>();
        for (int id = 0; id < s.size(); id++) {
            if (allowed.get(id)) {
                estimates.add(new Scored(id, Int8Dot.scalar(q, s.vector(id), 0) * s.scale(id)));
            }
        }
        Comparator<Scored> bestFirst = Comparator.comparing(Scored::score, Comparator.reverseOrder())
                .thenComparingInt(Scored::chunkId);
        estimates.sort(bestFirst);
        List<Scored> out = new ArrayList<>();
        for (Scored e : estimates.subList(0, Math.min(n, estimates.size()))) {
            out.add(new Scored(e.chunkId(), s.similarity(e.chunkId(), query)));
        }
        out.sort(bestFirst);
        return out;
    }

    @Test
    void nearest_splitAcrossThreads_returnsExactlyTheOneThreadScan_tiesIncluded() throws Exception {
        VectorStore built = store(5_000, 40, 1);
        Path file = dir.resolve("vectors.bin");
        built.write(file);
        // mapped in several regions of 4 blocks each, as a store of more than 1 GiB is
        VectorStore mapped = VectorStore.read(file, 5_000, DIMS, 4L * VectorStore.BLOCK * DIMS);
        Random rnd = new Random(5);
        BitSet some = new BitSet();
        for (int i = 0; i < 5_000; i++) {
            if (rnd.nextInt(3) == 0) {
                some.set(i);
            }
        }
        BitSet all = new BitSet();
        all.set(0, 5_000);
        for (int n : new int[] {1, 7, 40, 300}) {
            for (BitSet allowed : new BitSet[] {null, some}) {
                float[] q = query(n);
                List<Scored> one = built.nearest(q, n, allowed, 1);
                assertThat(one).as("n %d", n).isEqualTo(reference(built, q, n, allowed == null ? all : allowed));
                for (int threads : new int[] {2, 3, 8}) {
                    assertThat(built.nearest(q, n, allowed, threads)).as("n %d, %d threads", n, threads).isEqualTo(one);
                    assertThat(mapped.nearest(q, n, allowed, threads)).as("mapped, n %d, %d threads", n, threads).isEqualTo(one);
                }
                assertThat(mapped.nearest(q, n, allowed, 1)).isEqualTo(one);
            }
        }
    }

    @Test
    void nearest_mappedVectorsReadInPlace_returnExactlyTheCopiedBlocksAndTheHeapScan() throws Exception {
        int dims = 384; // a whole number of SIMD lanes: the in-place kernel's case
        VectorStore built = store(3_000, 900, 21, dims);
        Path file = dir.resolve("vectors.bin");
        built.write(file);
        long region = 3L * VectorStore.BLOCK * dims; // several mappings, a block never across two
        VectorStore inPlace = VectorStore.read(file, 3_000, dims, region, true);
        VectorStore copied = VectorStore.read(file, 3_000, dims, region, false);
        assertThat(inPlace.scansInPlace()).as("tests run with the Vector API and memory segments").isTrue();
        assertThat(copied.scansInPlace()).isFalse();
        BitSet some = new BitSet();
        new Random(5).ints(900, 0, 3_000).forEach(some::set);
        for (long seed = 30; seed < 36; seed++) {
            float[] q = query(seed, dims);
            for (BitSet allowed : java.util.Arrays.asList(null, some)) {
                for (int threads : new int[] {1, 2, 5}) {
                    List<Scored> expected = built.nearest(q, 40, allowed, 1);
                    assertThat(inPlace.nearest(q, 40, allowed, threads)).as("seed %d, %d threads", seed, threads)
                            .isEqualTo(expected);
                    assertThat(copied.nearest(q, 40, allowed, threads)).isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void nearest_manyEqualVectors_lowerIdsWin() {
        VectorStore same = store(1_000, 1, 2);
        List<Scored> top = same.nearest(query(3), 5, null, 4);
        assertThat(top).extracting(Scored::chunkId).containsExactly(0, 1, 2, 3, 4);
    }

    @Test
    void read_mapsTheVectorsWritten_andTheirScales() throws Exception {
        VectorStore built = store(700, 700, 4);
        Path file = dir.resolve("vectors.bin");
        built.write(file);
        VectorStore mapped = VectorStore.read(file, 700, DIMS, VectorStore.BLOCK * DIMS);
        VectorStore inHeap = VectorStore.read(file, 700, DIMS);
        for (int id : new int[] {0, 255, 256, 511, 512, 699}) {
            assertThat(mapped.vector(id)).isEqualTo(built.vector(id));
            assertThat(mapped.scale(id)).isEqualTo(built.scale(id));
            assertThat(inHeap.vector(id)).isEqualTo(built.vector(id));
            assertThat(inHeap.scale(id)).isEqualTo(built.scale(id));
        }
        Path again = dir.resolve("again.bin");
        mapped.write(again);
        assertThat(Files.readAllBytes(again)).isEqualTo(Files.readAllBytes(file));
        VectorStore.checkOwnCrc(again);
    }

    @Test
    void checkOwnCrc_aChangedVectorByte_isRefused() throws Exception {
        Path file = dir.resolve("vectors.bin");
        store(50, 50, 6).write(file);
        byte[] bytes = Files.readAllBytes(file);
        bytes[100] ^= 0x21;
        Files.write(file, bytes);
        assertThat(VectorStore.read(file, 50, DIMS).size()).isEqualTo(50); // opening reads no vector
        assertThatThrownBy(() -> VectorStore.checkOwnCrc(file)).hasMessageContaining("checksum mismatch");
    }

    @Test
    void read_wrongSize_isRefusedAtOnce() throws Exception {
        Path file = dir.resolve("vectors.bin");
        store(50, 50, 6).write(file);
        assertThatThrownBy(() -> VectorStore.read(file, 51, DIMS)).hasMessageContaining("expected");
    }
}
