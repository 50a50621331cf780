package dev.docask.solr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/*
 * The docask command line, run from its jar in a JVM of its own, for the tests that must measure what
 * a user's `docask index` and `docask eval` give: docask-cli depends on this module, so its classes
 * cannot be on this module's test class path. The jar must be at least as new as every main source
 * and pom of the checkout (the rule of the ./docask launcher), so the figures are this code's.
 */
final class DocaskCli {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path jar;

    private DocaskCli(Path jar) {
        this.jar = jar;
    }

    /** The CLI jar the build names ({@code docask.cli.jar}), refused when missing or older than the sources. */
    static DocaskCli fromBuild(Path root) throws IOException {
        Path jar = Path.of(System.getProperty("docask.cli.jar", root.resolve("docask-cli/target/docask.jar").toString()));
        String build = "build it first: ./mvnw -o -B -q package -DskipTests -pl docask-cli -am";
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no docask CLI jar at " + jar + "; " + build);
        }
        Optional<Path> newer = newerThan(root, Files.getLastModifiedTime(jar));
        if (newer.isPresent()) {
            throw new IllegalStateException(newer.get() + " is newer than " + jar + "; " + build);
        }
        return new DocaskCli(jar);
    }

    private static Optional<Path> newerThan(Path root, FileTime built) throws IOException {
        List<Path> roots = new ArrayList<>(List.of(root.resolve("pom.xml")));
        try (Stream<Path> modules = Files.list(root)) {
            modules.filter(m -> m.getFileName().toString().startsWith("docask-")).forEach(m -> {
                roots.add(m.resolve("pom.xml"));
                roots.add(m.resolve("src/main"));
            });
        }
        for (Path r : roots) {
            if (!Files.exists(r)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(r)) {
                Optional<Path> hit = files.filter(Files::isRegularFile).filter(f -> {
                    try {
                        return Files.getLastModifiedTime(f).compareTo(built) > 0;
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }).findFirst();
                if (hit.isPresent()) {
                    return hit;
                }
            }
        }
        return Optional.empty();
    }

    /**
     * {@code docask index FOLDER --base-url URL --embedder SPEC --out OUT}, as a user builds it (the gate
     * calibrated), unless {@code index --check} finds OUT up to date; a rebuild reuses the vectors of
     * unchanged text from OUT's previous index.
     */
    void index(Path folder, String baseUrl, String embedder, Path out) throws IOException, InterruptedException {
        List<String> args = List.of("index", folder.toString(), "--base-url", baseUrl, "--embedder", embedder, "--out", out.toString());
        List<String> check = new ArrayList<>(args);
        check.add("--check"); // up to date: no new generation, no gate calibration (a minute per site on 2 cores)
        Result checked = run(check);
        if (checked.code() == 0) {
            return;
        }
        if (checked.code() != 1 || !(checked.out().startsWith("stale") || checked.out().startsWith("no index"))) {
            throw checked.failure(check);
        }
        List<String> build = new ArrayList<>(args);
        build.add("-q");
        Result built = run(build);
        if (built.code() != 0) {
            throw built.failure(build);
        }
    }

    /**
     * {@code docask eval --strategy hybrid --json} over {@code questions}, on {@code target} ({@code --index DIR} or
     * {@code --backend URI --site NAME}): the default pipeline's figures.
     */
    Figures eval(List<String> target, List<Path> questions, boolean preferLong) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("eval", "--strategy", "hybrid", "--json"));
        args.addAll(target);
        questions.forEach(q -> args.addAll(List.of("--questions", q.toString())));
        if (preferLong) {
            args.add("--long");
        }
        Result r = run(args);
        if (r.code() != 0) {
            throw r.failure(args);
        }
        JsonNode report = JSON.readTree(r.out());
        JsonNode h = report.path("strategies").path("hybrid");
        List<String> misses = new ArrayList<>();
        report.path("misses").forEach(m -> misses.add(m.path("id").asText()));
        return new Figures(rate(h, "recall_at_k"), rate(h, "hit_at_1"), rate(h, "mrr"), rate(h, "turned_away"),
                rate(h, "offtopic_passed"), misses);
    }

    private static String rate(JsonNode strategy, String name) {
        JsonNode v = strategy.path(name);
        return v.isNumber() ? String.format(java.util.Locale.ROOT, "%.4f", v.asDouble()) : "-";
    }

    /** {@code docask args...}: its exit code and what it printed. */
    Result run(List<String> args) throws IOException, InterruptedException {
        Path err = Files.createTempFile("docask-cli", ".err");
        try {
            Process p = start(args, err);
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            int code = p.waitFor();
            return new Result(code, out, Files.readString(err));
        } finally {
            Files.deleteIfExists(err);
        }
    }

    /** {@code docask args...} started, its standard error written to {@code err}: for a test that stops it midway. */
    Process start(List<String> args, Path err) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED", "-XX:+UseParallelGC"));
        if (Runtime.version().feature() >= 23) {
            command.add("--sun-misc-unsafe-memory-access=allow"); // as the launcher: Netty's and Lucene's use of Unsafe
        }
        command.addAll(List.of("-jar", jar.toString()));
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
        p.getOutputStream().close();
        return p;
    }

    record Result(int code, String out, String err) {
        IllegalStateException failure(List<String> args) {
            return new IllegalStateException("docask " + String.join(" ", args) + " exited with " + code + ":\n" + err + out);
        }
    }

    /**
     * The default strategy's figures of one {@code docask eval} run, as it prints them (4 decimals; "-" for a
     * rate over no question), and the ids of its misses.
     */
    record Figures(String recall, String hitAt1, String mrr, String turnedAway, String offtopicPassed, List<String> misses) {
        Figures {
            misses = List.copyOf(misses);
        }

        /** What issue 17 asks to be the same through Solr: recall@k, turned away, off-topic passed. */
        boolean sameGateAndRecall(Figures o) {
            return recall.equals(o.recall) && turnedAway.equals(o.turnedAway) && offtopicPassed.equals(o.offtopicPassed);
        }

        @Override
        public String toString() {
            return "recall@6 " + recall + ", hit@1 " + hitAt1 + ", MRR " + mrr + ", turned away " + turnedAway
                    + ", off-topic passed " + offtopicPassed;
        }
    }
}
