package dev.docask.embed;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * The same comparison as {@link EmbedThroughputBenchmark}, with ours and LangChain4j's runs
 * interleaved (ours, theirs, then theirs, ours, …) inside one process, so that a machine shared
 * with other work slows both alike. Prints Markdown rows for {@code docs/benchmarks.md}: median
 * rates over the rounds, the median of the per-round speed-ups, and the median CPU time per chunk.
 *
 * <pre>
 * ./mvnw -q -Pbench package -DskipTests
 * java --enable-native-access=ALL-UNNAMED -cp target/benchmarks.jar dev.docask.embed.EmbedThroughputRunner \
 *      ../shared/data/docs 3          # folder of the sites, rounds per site
 * </pre>
 */
public final class EmbedThroughputRunner {
    private EmbedThroughputRunner() {
    }

    public static void main(String[] args) throws Exception {
        Path docs = Path.of(args.length > 0 ? args[0] : "../shared/data/docs");
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        System.out.printf("cpus=%d model=%s jdk=%s load=%.1f%n", Runtime.getRuntime().availableProcessors(),
                cpuModel(), Runtime.version(), load());
        Embedder ours = Embedders.fromSpec("bge-small").orElseThrow();
        Embedder mock = Embedders.fromSpec("mock").orElseThrow();
        BgeSmallEnV15QuantizedEmbeddingModel theirs = new BgeSmallEnV15QuantizedEmbeddingModel();
        ToIntFunction<List<String>> oursAll = t -> ours.embedAll(t).size();
        ToIntFunction<List<String>> theirsAll = t -> theirs.embedAll(t.stream().map(TextSegment::from).toList())
                .content().size();
        System.out.println("| site | chunks (sample) | avg chars | docask bge-small | LangChain4j embedAll | speed-up "
                + "| CPU ms per chunk, docask / LangChain4j | mock |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (String site : List.of("vitest", "docusaurus", "astro")) {
            List<String> texts = EmbedThroughputBenchmark.sample(site, docs);
            List<String> warm = texts.subList(0, 20);
            int unused = oursAll.applyAsInt(warm) + theirsAll.applyAsInt(warm);
            double[] o = new double[rounds];
            double[] t = new double[rounds];
            double[] oCpu = new double[rounds];
            double[] tCpu = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                for (int turn = 0; turn < 2; turn++) {
                    boolean oursNow = (turn == 0) == (r % 2 == 0);
                    long cpu0 = cpuNanos();
                    double rate = rate(oursNow ? oursAll : theirsAll, texts);
                    double cpuMs = (cpuNanos() - cpu0) / 1e6 / texts.size();
                    if (oursNow) {
                        o[r] = rate;
                        oCpu[r] = cpuMs;
                    } else {
                        t[r] = rate;
                        tCpu[r] = cpuMs;
                    }
                }
                System.err.printf("%s round %d: ours %.1f/s (%.0f CPU ms/chunk), LangChain4j %.1f/s (%.0f CPU ms/chunk), load %.1f%n",
                        site, r + 1, o[r], oCpu[r], t[r], tCpu[r], load());
            }
            for (int i = 0; i < 50; i++) {
                mock.embedAll(texts);
            }
            double m = rate(mock::embedAll, texts, 20);
            double avgChars = texts.stream().mapToInt(String::length).average().orElse(0);
            double[] ratio = new double[rounds];
            Arrays.setAll(ratio, r -> o[r] / t[r]);
            System.out.printf("| %s | %d | %.0f | %.1f chunks/s | %.1f chunks/s | %.2fx | %.0f / %.0f | %.0f chunks/s |%n", site,
                    texts.size(), avgChars, median(o), median(t), median(ratio), median(oCpu), median(tCpu), m);
        }
        System.out.printf("query embedding (bge-small, instruct) p50: %.1f ms; LangChain4j embed p50: %.1f ms%n",
                p50(q -> ours.embedQuery(q)), p50(q -> theirs.embed(dev.docask.embed.bge.BgeSmallProvider.QUERY_INSTRUCTION + q)));
        System.out.printf("load after: %.1f%n", load());
        System.exit(0);
    }

    private static double rate(ToIntFunction<List<String>> embedAll, List<String> texts) {
        long start = System.nanoTime();
        int unused = embedAll.applyAsInt(texts);
        return texts.size() / ((System.nanoTime() - start) / 1e9);
    }

    private static double rate(java.util.function.Function<List<String>, ?> embedAll, List<String> texts, int times) {
        long start = System.nanoTime();
        for (int i = 0; i < times; i++) {
            Object unused = embedAll.apply(texts);
        }
        return times * texts.size() / ((System.nanoTime() - start) / 1e9);
    }

    /** Median latency in ms over 200 short questions, after 20 to warm up. */
    private static double p50(java.util.function.Consumer<String> embedQuery) {
        String[] questions = {"how do I mock a module?", "what is a content collection", "change the dev server port",
            "restore the original after vi.spyOn", "add a blog sidebar", "inline snapshot testing"};
        double[] ms = new double[200];
        for (int i = -20; i < ms.length; i++) {
            long start = System.nanoTime();
            embedQuery.accept(questions[Math.floorMod(i, questions.length)] + " " + i);
            if (i >= 0) {
                ms[i] = (System.nanoTime() - start) / 1e6;
            }
        }
        return median(ms);
    }

    /**
     * CPU time of the whole process (all threads, ONNX Runtime's native ones too). Unlike the rates,
     * it barely moves with other work on the machine, so it shows what each embedder would cost on
     * an idle one; LangChain4j's spinning ONNX threads count here while they wait.
     */
    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static String cpuModel() throws java.io.IOException {
        Path info = Path.of("/proc/cpuinfo");
        if (!Files.exists(info)) {
            return "unknown";
        }
        return Files.readAllLines(info).stream().filter(l -> l.startsWith("model name"))
                .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse("unknown");
    }
}
