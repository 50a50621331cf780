package dev.docask.cli;

import dev.docask.index.DocIndex;
import dev.docask.mcp.DocsMcp;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.RetrievalOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

/**
 * {@code docask mcp}: the MCP tools over stdio, for a coding agent that starts docask itself
 * (Claude Code, Cursor, VS Code). Standard output carries the protocol and nothing else: anything
 * else that would be printed (logs, warnings, a library's stray output) goes to standard error.
 * Returns when the agent closes standard input.
 */
@Command(name = "mcp", mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = "Serve MCP over stdio (search_docs, fetch_page, list_pages) for a local coding agent.",
        footer = {"", "Claude Code: claude mcp add docs -- docask mcp --index /path/to/docs-index"})
final class McpCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    IndexArgs.WithBackend index;

    @Mixin
    RetrievalArgs retrieval;

    @Option(names = "--site-name", paramLabel = "NAME", description = "Site name the tools describe (default: the index's).")
    String siteName;

    @Option(names = "--max-query-chars", defaultValue = "500", paramLabel = "N",
            description = "Longest search_docs query (default 500, as docask serve).")
    int maxQueryChars;

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        index.check(spec);
        RetrievalOptions options = OptionCheck.convert(spec, retrieval::options);
        // the builder's own check names its field; a command-line user gave a flag
        if (maxQueryChars < 1 || maxQueryChars > HybridRetriever.MAX_QUESTION_CHARS) {
            throw OptionCheck.fail(spec, "--max-query-chars must be between 1 and " + HybridRetriever.MAX_QUESTION_CHARS
                    + ", got " + maxQueryChars);
        }
        DocsMcp.Builder builder;
        OutputStream protocol = new FileOutputStream(FileDescriptor.out);
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8));
        try (DocIndex idx = index.open()) {
            HybridRetriever retriever = HybridRetriever.create(idx).toBuilder()
                    .onError(e -> err.println("docask mcp: warning: " + e.getMessage())).build();
            builder = DocsMcp.builder(retriever).siteName(siteName).retrieval(options);
            DocsMcp mcp = OptionCheck.convert(spec, () -> builder.maxQueryChars(maxQueryChars).build());
            err.println("docask mcp: serving " + index.name() + " over stdio");
            err.flush();
            mcp.serveStdio(System.in, protocol);
        }
        return 0;
    }
}
