package dev.docask.cli;

import dev.docask.answer.IndexFolder;
import dev.docask.answer.internal.Generation;
import dev.docask.answer.internal.LiveIndex;
import dev.docask.embed.Embedder;
import dev.docask.embed.EmbedderSpec;
import dev.docask.embed.Embedders;
import dev.docask.index.DocIndex;
import dev.docask.mcp.DocsMcp;
import dev.docask.server.internal.McpLeases;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.RetrievalOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;

/**
 * {@code docask mcp}: the MCP tools over stdio, for a coding agent that starts docask itself
 * (Claude Code, Cursor, VS Code). Standard output carries the protocol and nothing else: anything
 * else that would be printed (logs, warnings, a library's stray output) goes to standard error.
 * Returns when the agent closes standard input. Like {@code docask serve}, it follows its index: a new generation
 * that {@code docask index} publishes into the folder is served from the next tool call on, without a restart.
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

    /** Where the protocol is read and written; null: this process's standard input and output (a test sets them). */
    InputStream stdin;
    OutputStream stdout;

    /** How often the index is checked for a new generation: as often as docask serve checks (a test sets less). */
    Duration reloadInterval = IndexFolder.DEFAULT_RELOAD_INTERVAL;

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
        OutputStream protocol = stdout;
        if (protocol == null) {
            protocol = new FileOutputStream(FileDescriptor.out);
            System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8));
        }
        // As docask serve follows its index (docs/reliability.md, "Checksums, checked on open and on reload"): a folder's CURRENT, or a Solr site's published
        // generation, is polled; a tool call keeps the generation it started on; a damaged new one is refused.
        Map<EmbedderSpec, Optional<Embedder>> embedders = new ConcurrentHashMap<>(); // reused across reloads, as serve's
        BiFunction<String, DocIndex, Generation> load = (name, idx) -> new Generation(name, idx, HybridRetriever.create(idx,
                        embedders.computeIfAbsent(idx.manifest().embedderSpec(), Embedders::create)).toBuilder()
                .onError(e -> err.println("docask mcp: warning: " + e.getMessage())).build(), null);
        String backend = index.backend;
        String site = index.site;
        try (LiveIndex live = backend != null
                ? LiveIndex.of(() -> dev.docask.solr.SolrBackend.open(backend, site), load, reloadInterval)
                : new LiveIndex(index.dir, load, reloadInterval)) {
            DocsMcp.Builder builder = DocsMcp.builder(McpLeases.of(live)).siteName(siteName).retrieval(options);
            DocsMcp mcp = OptionCheck.convert(spec, () -> builder.maxQueryChars(maxQueryChars).build());
            err.println("docask mcp: serving " + index.name() + " over stdio");
            err.flush();
            mcp.serveStdio(stdin == null ? System.in : stdin, protocol);
        }
        return 0;
    }
}
