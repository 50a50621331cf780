package dev.docask.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.index.DocIndex;
import dev.docask.index.IndexException;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.RetrievalOptions;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import jakarta.servlet.http.HttpServlet;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * docask's MCP server for coding agents: the tools {@code search_docs(query, topK?)} (the gated,
 * numbered sources, or an explicit "nothing relevant" result), {@code fetch_page(url, offset?)} (a page as
 * Markdown from the index, with its sections' URLs, 40,000 characters a call) and {@code list_pages(prefix?, cursor?)} (titles and
 * URLs, 100 at a time), built on the official MCP Java SDK. Serve it over stdio ({@link #serveStdio}) or
 * mount {@link #http(String, int)}'s servlet at {@code /mcp} for Streamable HTTP ({@code docask serve} does).
 * A bad argument or an unknown URL is a tool result with {@code isError} and a sentence to act on.
 *
 * <pre>{@code
 * try (DocIndex index = DocIndex.open(Path.of("docs-index"))) {
 *     DocsMcp mcp = DocsMcp.builder(HybridRetriever.create(index))
 *             .siteName("Vitest").build();
 *     mcp.serveStdio(System.in, System.out);   // returns when the agent closes stdin
 * }
 * }</pre>
 */
public final class DocsMcp {
    private static final Logger LOG = LoggerFactory.getLogger(DocsMcp.class);
    private static final Pattern DOCS_WORD = Pattern.compile("(?i)\\b(docs|documentation)$");
    /** The tools' names, as tools/list gives them. */
    static final List<String> TOOLS = List.of("search_docs", "fetch_page", "list_pages");
    static final McpJsonMapper JSON = new JacksonMcpJsonMapper(new ObjectMapper().registerModule(McpErrorJson.MODULE));

    /** The index a tool call runs on, held for the call (a server that reloads its index hands out the current one). */
    public interface Lease extends AutoCloseable {
        HybridRetriever retriever();

        @Override
        void close();
    }

    /** How a tool call ended, for metrics. */
    public enum Outcome { OK, NOTHING_RELEVANT, BAD_ARGUMENT, FAILED }

    /** Told of every tool call once it has ended. */
    @FunctionalInterface
    public interface CallListener {
        void called(String tool, Outcome outcome, Duration took);
    }

    /** What the tools are configured with. */
    record Settings(String siteName, String baseUrl, RetrievalOptions retrieval, int maxQueryChars) {
        /**
         * search_docs' topK when the agent gives none: the retrieval options', within the 1 to {@link DocsTools#MAX_TOP_K}
         * the tool takes (a server's --top-k for its widget can be higher).
         */
        int defaultTopK() {
            return Math.min(retrieval.topK(), DocsTools.MAX_TOP_K);
        }

        /** The site as a sentence names it: its name, or "this site". */
        String siteDisplay() {
            return siteName.isBlank() ? "this site" : siteName;
        }

        /** "the Vitest docs", "the X Docs", or "this site's docs". */
        String siteDocs() {
            if (siteName.isBlank()) {
                return "this site's docs";
            }
            return DOCS_WORD.matcher(siteName).find() ? "the " + siteName : "the " + siteName + " docs";
        }
    }

    private final Supplier<? extends Lease> leases;
    private final Settings settings;
    private final CallListener listener;
    private final DocsTools tools;

    private DocsMcp(Supplier<? extends Lease> leases, Settings settings, CallListener listener) {
        this.leases = leases;
        this.settings = settings;
        this.listener = listener;
        this.tools = new DocsTools(settings);
    }

    /** Tools over one retriever and its index. */
    public static Builder builder(HybridRetriever retriever) {
        Objects.requireNonNull(retriever, "retriever");
        return new Builder(() -> new Lease() {
            @Override
            public HybridRetriever retriever() {
                return retriever;
            }

            @Override
            public void close() {
            }
        });
    }

    /** Tools over whatever index {@code leases} hands out per call; each lease is closed when its call ends. */
    public static Builder builder(Supplier<? extends Lease> leases) {
        return new Builder(Objects.requireNonNull(leases, "leases"));
    }

    /** The server's name and version, as {@code initialize} reports them. */
    public McpSchema.Implementation serverInfo() {
        String version = DocsMcp.class.getPackage().getImplementationVersion();
        return new McpSchema.Implementation("docask", settings.siteDisplay() + " docs (docask)",
                version == null ? "dev" : version);
    }

    /** What the server tells an agent at {@code initialize}: which site this is and when to call the tools. */
    public String instructions() {
        return "Answers from " + siteDescription() + " only. Call search_docs before answering a question about "
                + settings.siteDisplay() + "; when it says nothing is relevant, the docs do not cover the question: say so "
                + "rather than guess. Cite the URLs it returns. fetch_page gives a whole page, list_pages lists them.";
    }

    /** The three tools, for an MCP server you build yourself with the SDK's {@code McpServer.sync(...)}. */
    public List<SyncToolSpecification> tools() {
        String site = siteDescription();
        return List.of(
                spec("search_docs", "Search " + site + ". Returns the relevant sections, numbered, each with its title, "
                                + "heading, URL and text; or an explicit result that nothing on the site is relevant "
                                + "(then do not use these docs for the question). Use for any question about "
                                + settings.siteDisplay() + ".",
                        Map.of("query", Map.of("type", "string", "description",
                                        "The question or the words to look for, at most " + settings.maxQueryChars() + " characters."),
                                "topK", Map.of("type", "integer", "minimum", 1, "maximum", DocsTools.MAX_TOP_K,
                                        "description", "Sections at most (default " + settings.defaultTopK() + ").")),
                        List.of("query"), (lease, args) -> tools.search(lease.retriever(), args)),
                spec("fetch_page", "Fetch one page of " + site + " as Markdown, with the URLs of its sections, "
                                + "from docask's index (no network). Give a URL that search_docs or list_pages returned. "
                                + "A page over " + DocsTools.MAX_PAGE_CHARS + " characters comes in parts: the last line "
                                + "of each gives the offset of the next.",
                        Map.of("url", Map.of("type", "string", "description",
                                        "The page URL (an #anchor is ignored), or its path on the site, e.g. /guide/intro."),
                                "offset", Map.of("type", "integer", "minimum", 0, "description",
                                        "Where to start reading, in characters (default 0): the offset the previous part's "
                                                + "last line gave.")),
                        List.of("url"), (lease, args) -> tools.fetch(lease.retriever().index(), args)),
                spec("list_pages", "List the pages of " + site + ": titles and URLs, " + DocsTools.PAGE_SIZE
                                + " at a time, ordered by URL.",
                        Map.of("prefix", Map.of("type", "string", "description",
                                        "Only pages whose URL starts with this (a URL or a path such as /guide/)."),
                                "cursor", Map.of("type", "string", "description",
                                        "The nextCursor of the previous call, for the following pages.")),
                        List.of(), (lease, args) -> tools.list(lease.retriever().index(), args)));
    }

    private String siteDescription() {
        return settings.siteDocs() + (settings.baseUrl().isEmpty() ? "" : " (" + settings.baseUrl() + ")");
    }

    private SyncToolSpecification spec(String name, String description, Map<String, Object> properties,
                                       List<String> required,
                                       BiFunction<Lease, @Nullable Map<String, Object>, CallToolResult> handler) {
        McpSchema.Tool tool = McpSchema.Tool.builder().name(name).description(description)
                .inputSchema(new McpSchema.JsonSchema("object", properties, required, false, null, null))
                .annotations(new McpSchema.ToolAnnotations(null, true, false, true, false, null))
                .build();
        return SyncToolSpecification.builder().tool(tool)
                .callHandler((exchange, request) -> call(name, request.arguments(), handler)).build();
    }

    private CallToolResult call(String tool, @Nullable Map<String, Object> args,
                                BiFunction<Lease, @Nullable Map<String, Object>, CallToolResult> handler) {
        long start = System.nanoTime();
        Outcome outcome = Outcome.FAILED;
        try (Lease lease = leases.get()) {
            CallToolResult result = handler.apply(lease, args);
            outcome = result.structuredContent() instanceof Map<?, ?> m && Boolean.FALSE.equals(m.get("answerable"))
                    ? Outcome.NOTHING_RELEVANT : Outcome.OK;
            return result;
        } catch (ToolError e) {
            outcome = Outcome.BAD_ARGUMENT;
            return error(e.message());
        } catch (IndexException e) {
            // an outage of the index, not a bug: its words for the operator, the sentence every route gives for the agent
            LOG.warn("{} failed: {}", tool, e.getMessage());
            return error(tool + ": " + IndexException.CLIENT_MESSAGE);
        } catch (RuntimeException e) {
            LOG.warn("{} failed", tool, e);
            return error(tool + " failed on the server (" + e.getClass().getSimpleName() + "); try again later.");
        } finally {
            listener.called(tool, outcome, Duration.ofNanos(System.nanoTime() - start));
        }
    }

    private static CallToolResult error(String message) {
        return CallToolResult.builder().addTextContent(message).isError(true).build();
    }

    private <S extends McpServer.SyncSpecification<S>> McpSyncServer build(S spec) {
        // Our own checks word each mistake for the agent (ToolArgs); the SDK's schema messages would not.
        return spec.serverInfo(serverInfo()).instructions(instructions()).jsonMapper(JSON).validateToolInputs(false)
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .tools(tools()).build();
    }

    /**
     * Serves MCP over {@code in} and {@code out} (newline-delimited JSON-RPC, as a local agent starts it)
     * until {@code in} ends (requests read by then are answered first). Nothing but protocol is written to
     * {@code out}. A line that is not a JSON-RPC message is reported on the log and answered with JSON-RPC's parse
     * error (-32700) or invalid request (-32600). A line over 1 MiB (an HTTP body's limit) is not kept: it is read to
     * its end and answered with an invalid request (-32600) with a null id. A request before {@code initialize} is
     * answered with an invalid request (-32600) too; a {@code ping} is answered at any time.
     */
    public void serveStdio(InputStream in, OutputStream out) throws InterruptedException {
        StdioLines lines = new StdioLines(in, JSON);
        McpSyncServer server = build(McpServer.sync(new StdioServerTransportProvider(JSON, lines, lines.answers(out))));
        try {
            lines.awaitEnd();
        } finally {
            server.closeGracefully();
        }
    }

    /**
     * The Streamable HTTP endpoint, a servlet to mount at {@code path} (e.g. {@code /mcp}) in a container
     * that supports asynchronous servlets; bodies over {@code maxBodyBytes} are refused. Close it
     * before the container stops.
     */
    public Http http(String path, int maxBodyBytes) {
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(JSON).mcpEndpoint(path).maxRequestSize(maxBodyBytes).build();
        return new Http(new CheckedCalls(transport, maxBodyBytes), build(McpServer.sync(transport)));
    }

    /** A running Streamable HTTP endpoint: its servlet, and the MCP server behind it. */
    public static final class Http implements AutoCloseable {
        private final HttpServlet servlet;
        private final McpSyncServer server;

        private Http(HttpServlet servlet, McpSyncServer server) {
            this.servlet = servlet;
            this.server = server;
        }

        public HttpServlet servlet() {
            return servlet;
        }

        /** Ends every session and open stream. */
        @Override
        public void close() {
            server.closeGracefully();
        }
    }

    /** Collects the tools' options. */
    public static final class Builder {
        private final Supplier<? extends Lease> leases;
        private @Nullable String siteName;
        private RetrievalOptions retrieval = RetrievalOptions.defaults();
        private int maxQueryChars = HybridRetriever.MAX_QUESTION_CHARS;
        private CallListener listener = (tool, outcome, took) -> { };

        private Builder(Supplier<? extends Lease> leases) {
            this.leases = leases;
        }

        /** The site's name in tool descriptions and results (default: the index's). */
        public Builder siteName(@Nullable String name) {
            this.siteName = name;
            return this;
        }

        /** Retrieval options for search_docs (topK, at most 20, is the default of its topK argument). */
        public Builder retrieval(RetrievalOptions options) {
            this.retrieval = Objects.requireNonNull(options, "retrieval");
            return this;
        }

        /** Longest query search_docs takes (default and at most {@link HybridRetriever#MAX_QUESTION_CHARS}). */
        public Builder maxQueryChars(int chars) {
            if (chars < 1 || chars > HybridRetriever.MAX_QUESTION_CHARS) {
                throw new IllegalArgumentException("maxQueryChars must be between 1 and " + HybridRetriever.MAX_QUESTION_CHARS
                        + ", got " + chars);
            }
            this.maxQueryChars = chars;
            return this;
        }

        /** Told of every tool call (default: nobody). */
        public Builder onCall(CallListener listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /** Reads the site's name and base URL from the index a lease hands out now. */
        public DocsMcp build() {
            String name;
            String baseUrl;
            try (Lease lease = leases.get()) {
                DocIndex index = lease.retriever().index();
                name = siteName != null && !siteName.isBlank() ? siteName.strip() : index.manifest().siteName();
                baseUrl = SitePages.siteRoot(index);
            }
            return new DocsMcp(leases, new Settings(name == null ? "" : name, baseUrl, retrieval, maxQueryChars), listener);
        }
    }
}
