package dev.docask.cli;

import dev.docask.answer.internal.SecretMask;

import dev.docask.answer.Answer;
import dev.docask.answer.internal.AnswerJson;
import dev.docask.answer.AskEvent;
import dev.docask.answer.AskException;
import dev.docask.answer.AskHandler;
import dev.docask.answer.ModelSpec;
import dev.docask.index.DocIndex;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.retrieve.Source;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;

/**
 * {@code docask ask}: the numbered sources, then the answer streamed as it is written.
 *
 * <pre>{@code
 * docask ask --index docs-index "how do I mock a module?"
 * OPENAI_API_KEY=... docask ask --index docs-index --model openai:gpt-4o-mini --json "how do I mock a module?"
 * }</pre>
 */
@Command(name = "ask", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = "Answer a question from the indexed docs, citing numbered sources; \"I don't know\" when nothing is relevant.")
final class AskCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    IndexArgs.WithBackend index;

    @Mixin
    RetrievalArgs retrieval;

    @Option(names = "--model", defaultValue = ModelSpec.DEFAULT_SPEC, paramLabel = "SPEC",
            description = "openai:<name> (OPENAI_API_KEY, OPENAI_BASE_URL), anthropic:<name> (ANTHROPIC_API_KEY), "
                    + "ollama:<name> (OLLAMA_BASE_URL), or extractive: quoted passages, no model (default).")
    String model;

    @Option(names = "--json", description = "Print one JSON object when the answer is complete.")
    boolean json;

    @Option(names = "--no-stream", description = "Print the answer when it is complete instead of as it is written.")
    boolean noStream;

    @Option(names = "--site-name", paramLabel = "NAME", description = "The site's name in answers (default: from the index).")
    String siteName;

    @Option(names = "--max-output-tokens", defaultValue = "${env:DOCASK_MAX_OUTPUT_TOKENS:-800}", paramLabel = "N",
            description = "Most tokens the model may write for the answer (default 800, or DOCASK_MAX_OUTPUT_TOKENS).")
    int maxOutputTokens;

    @Parameters(paramLabel = "QUESTION", arity = "1..*", description = "The question.")
    List<String> words;

    /** Where model keys and addresses are read from; tests replace it. */
    Map<String, String> env = System.getenv();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        String question = OptionCheck.question(spec, words);
        index.check(spec);
        RetrievalOptions options = OptionCheck.convert(spec, retrieval::options);
        // Before any work: a bad --model is a usage error (2), its missing key a failure (1). The model built
        // here is dropped; the handler builds its own.
        OptionCheck.convert(spec, () -> ModelSpec.parse(model).create(env, Duration.ofSeconds(1)));
        List<String> warnings = new ArrayList<>();
        SecretMask secrets = SecretMask.of(env); // a provider's error may echo the key
        if (maxOutputTokens < 1) {
            throw OptionCheck.fail(spec, "--max-output-tokens must be at least 1, got " + maxOutputTokens);
        }
        try (DocIndex idx = index.open()) {
            HybridRetriever retriever = HybridRetriever.create(idx);
            warnings.addAll(retriever.optionProblems(options));
            AskHandler.Builder builder = AskHandler.builder().retriever(retriever).model(model, env)
                    .retrieval(options).maxOutputTokens(maxOutputTokens)
                    .onError(e -> warnings.add(secrets.mask(Failures.describe(e))));
            if (siteName != null) {
                builder.siteName(siteName);
            }
            try (AskHandler handler = builder.build()) {
                if (json) {
                    JsonPrinter.print(out, AnswerJson.of(answer(handler, question, e -> { })));
                } else {
                    answerAndPrint(handler, question, out, !noStream);
                }
                warnings.forEach(w -> spec.commandLine().getErr().println("warning: " + w));
                return 0;
            } catch (AskException e) {
                if (e.getCause() instanceof dev.docask.index.IndexException) {
                    throw e; // the index's own words, which name its folder
                }
                // the model's failure names the model: a shell with several providers set cannot tell which one failed
                throw new AskException(e.getMessage() + " (model " + model + ")", e.getCause());
            }
        }
    }

    /**
     * Prints the numbered sources, then the answer (as it is written when {@code stream}); the
     * same output as {@code docask ask}, for other commands such as {@code demo}.
     *
     * @throws AskException when the model fails or times out
     */
    static Answer answerAndPrint(AskHandler handler, String question, PrintWriter out, boolean stream) {
        Answer answer = answer(handler, question, new Printer(out, stream));
        if (!stream) {
            out.println(answer.text().strip());
        }
        if (!answer.invalidCitations().isEmpty()) { // --json and the server say it as "invalidCitations"
            out.println();
            out.println("(The answer cites " + answer.invalidCitations().stream().map(n -> "[" + n + "]")
                    .collect(java.util.stream.Collectors.joining(", ")) + ", which no source above has: check what it says there "
                    + "against the sources.)");
        }
        if (answer.truncated()) { // else an answer cut mid-word reads as whole; --json says it as "truncated": true
            out.println();
            out.println("(The answer stops here: the model reached its output limit. --max-output-tokens raises it.)");
        }
        return answer;
    }

    private static Answer answer(AskHandler handler, String question, AskHandler.Listener listener) {
        try {
            return handler.ask(question, List.of(), listener).completion().join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof AskException a ? a : e;
        }
    }

    /** Prints the sources as soon as they are known, then the answer text as it arrives. */
    private record Printer(PrintWriter out, boolean stream) implements AskHandler.Listener {
        @Override
        public void on(AskEvent event) {
            switch (event) {
                case AskEvent.Sources s -> printSources(out, s.sources());
                case AskEvent.Delta d -> {
                    if (stream) {
                        out.print(d.text());
                        out.flush();
                    }
                }
                case AskEvent.Done d -> {
                    if (stream) {
                        out.println();
                    }
                }
                case AskEvent.Failed f -> {
                    if (stream) {
                        out.println();
                    }
                }
            }
        }
    }

    static void printSources(PrintWriter out, List<Source> sources) {
        if (sources.isEmpty()) {
            return;
        }
        out.println("Sources:");
        for (Source s : sources) {
            out.printf(Locale.ROOT, "  [%d] %s%n      %s%n", s.n(), SearchCommand.label(s.title(), s.heading()), s.url());
        }
        out.println();
        out.flush();
    }
}
