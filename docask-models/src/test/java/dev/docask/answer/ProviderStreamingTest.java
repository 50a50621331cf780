package dev.docask.answer;

import dev.docask.answer.Answer.Usage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.testsupport.AskFixture;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.GarbageBody;
import dev.docask.testsupport.MalformedChunks;
import dev.docask.testsupport.RecordedRequest;
import dev.docask.testsupport.Route;
import dev.docask.testsupport.ServerError;
import dev.docask.testsupport.StreamEnd;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import dev.docask.testsupport.Wire;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.output.FinishReason;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The Anthropic and Ollama models {@link ModelSpec} builds, streaming from real HTTP servers on
 * 127.0.0.1 that speak each API's protocol ({@link FakeModelServer} with {@link Wire#ANTHROPIC}, {@link Wire#OLLAMA}):
 * first called directly, then through {@link AskHandler} on a small real index. The rules both keep are
 * written once, in {@link EveryProvider}; each provider's class says how it is reached and adds the
 * checks of its own wire format.
 */
class ProviderStreamingTest {
    /** The longest any single call may take here; a failure must surface well within it, not hang. */
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Duration MODEL_TIMEOUT = Duration.ofSeconds(20);
    private static final String KEY = "sk-ant-test-secret-key-123";
    private static final String SYSTEM = "You answer questions about the Vitest docs. Cite sources as [n].";
    private static final String QUESTION = "How do I mock a module?";
    private static final String ON_TOPIC = "mock a module with vi.mock";
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", TestSites.VITEST);
    @RegisterExtension
    final AskFixture fixture = AskFixture.over(INDEX);

    private static StreamingChatModel model(String spec, Map<String, String> env) {
        return ModelSpec.parse(spec).create(env, MODEL_TIMEOUT).orElseThrow();
    }

    /** One streaming call with the system prompt and question, recorded. */
    private static Recorder stream(StreamingChatModel model) {
        Recorder r = new Recorder();
        model.chat(ChatRequest.builder().messages(SystemMessage.from(SYSTEM), UserMessage.from(QUESTION)).build(), r);
        return r;
    }

    private AskHandler handler(String spec, Map<String, String> env, Duration silence) {
        return fixture.build(fixture.handler().siteName("Vitest").model(spec, env)
                .timeouts(silence, Duration.ofMinutes(5)));
    }

    /*
     * A reset fails the model call at once. A clean end of the body without the closing events
     * (Anthropic message_stop, Ollama "done": true), or after Ollama's in-stream error line, reaches
     * no handler callback in LangChain4j 1.11; docask-models' transport (CheckedStream) fails it at once.
     * Either way the answer must end in an error event after the deltas, not hang.
     */
    private static void assertErrorAfterTwoDeltas(RecordingListener events) {
        assertThat(events.names()).containsExactly("sources", "delta", "delta", "error");
        assertThat(((AskEvent.Failed) events.last()).message()).isNotBlank().doesNotContain(KEY);
    }

    private static RecordingListener ask(AskHandler handler) throws InterruptedException {
        RecordingListener events = new RecordingListener();
        handler.ask(ON_TOPIC, List.of(), events);
        assertThat(events.awaitEnd(WAIT)).as("the answer ended within " + WAIT).isTrue();
        return events;
    }

    private static JsonNode json(RecordedRequest r) throws IOException {
        return JSON.readTree(r.body());
    }

    private static boolean hasCause(Throwable t, Class<? extends Throwable> type) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (type.isInstance(c)) {
                return true;
            }
        }
        return false;
    }

    private static int statusOf(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof HttpException h) {
                return h.statusCode();
            }
        }
        return -1;
    }

    /**
     * The rules every provider's streaming model keeps, directly and through {@link AskHandler}. A
     * {@code @Nested} subclass per provider runs them all, and says only how that provider is reached:
     * its spec, its environment and the wire format of its fake server.
     */
    abstract class EveryProvider {
        /** The model spec, e.g. {@code anthropic:claude-test}. */
        abstract String spec();

        /** The environment that points the provider's client at {@code baseUrl}. */
        abstract Map<String, String> env(String baseUrl);

        /** The wire format the provider's API speaks. */
        abstract Wire wire();

        /** Checks that {@code body}, the request AskHandler sent, carries docask's prompt: instructions, sources, question. */
        abstract void assertCarriesDocaskPrompt(JsonNode body);

        FakeModelServer serve(Route route) {
            return fixture.serve(wire(), route);
        }

        Recorder streamFrom(FakeModelServer server) {
            return stream(model(spec(), env(server.baseUrl())));
        }

        AskHandler handlerOn(FakeModelServer server, Duration silence) {
            return handler(spec(), env(server.baseUrl()), silence);
        }

        AskHandler handlerOn(FakeModelServer server) {
            return handlerOn(server, Duration.ofSeconds(20));
        }

        @Test
        void streamsDeltasInOrder_thenCompletesWithTextStopAndUsage() throws Exception {
            FakeModelServer server = serve(new StreamTokens("Use ", "vi.mock", " [1]."));

            Recorder r = streamFrom(server);
            ChatResponse response = r.awaitCompletion();

            assertThat(r.partials).containsExactly("Use ", "vi.mock", " [1].");
            assertThat(response.aiMessage().text()).isEqualTo("Use vi.mock [1].");
            assertThat(response.finishReason()).isEqualTo(FinishReason.STOP);
            assertThat(response.tokenUsage().inputTokenCount()).isEqualTo(FakeModelServer.PROMPT_TOKENS);
            assertThat(response.tokenUsage().outputTokenCount()).as("from the stream's end, not its start").isEqualTo(3);
            assertThat(r.errors).isEmpty();
        }

        /* Anthropic stop_reason max_tokens, Ollama done_reason length. */
        @Test
        void tokenLimit_isReportedAsLengthFinish() throws Exception {
            FakeModelServer server = serve(new StreamTokens("Use vi.mock").truncated());

            ChatResponse response = streamFrom(server).awaitCompletion();

            assertThat(response.finishReason()).isEqualTo(FinishReason.LENGTH);
        }

        @Test
        void http500_failsPromptlyWithTheStatus() throws Exception {
            FakeModelServer server = serve(new ServerError(500));

            Recorder r = streamFrom(server);
            Throwable error = r.awaitFailure();

            assertThat(statusOf(error)).isEqualTo(500);
            assertThat(r.partials).isEmpty();
        }

        @Test
        void connectionDroppedMidStream_failsAfterTheTokensSent() throws Exception {
            FakeModelServer server = serve(new StreamTokens("Use ", "vi.").ending(StreamEnd.DROP));

            Recorder r = streamFrom(server);
            Throwable error = r.awaitFailure();

            assertThat(r.partials).containsExactly("Use ", "vi.");
            assertThat(hasCause(error, IOException.class)).as("cause: %s", error).isTrue();
        }

        @Test
        void throughAskHandler_sourcesDeltasDone_withCitationsUsageAndDocaskPrompt() throws Exception {
            FakeModelServer server = serve(new StreamTokens("Use ", "vi.mock", " [1]."));

            RecordingListener events = ask(handlerOn(server));

            assertThat(events.names()).containsExactly("sources", "delta", "delta", "delta", "done");
            Answer a = events.answer();
            assertThat(a.text()).isEqualTo("Use vi.mock [1].");
            assertThat(a.citations()).containsExactly(1);
            assertThat(a.usage()).contains(new Usage(FakeModelServer.PROMPT_TOKENS, 3));
            assertThat(a.model()).isEqualTo(spec());
            assertThat(a.truncated()).isFalse();
            assertCarriesDocaskPrompt(json(server.lastRequest()));
        }

        @Test
        void throughAskHandler_http500_errorEventWithStatusAndWithoutKey() throws Exception {
            FakeModelServer server = serve(new ServerError(500));

            RecordingListener events = ask(handlerOn(server));

            assertThat(events.names()).containsExactly("sources", "error");
            assertThat(((AskEvent.Failed) events.last()).message()).contains("500").doesNotContain(KEY);
        }

        @Test
        void throughAskHandler_droppedMidStream_brokeOffErrorAfterTheDeltas() throws Exception {
            FakeModelServer server = serve(new StreamTokens("Use ", "vi.").ending(StreamEnd.DROP));

            RecordingListener events = ask(handlerOn(server));

            assertErrorAfterTwoDeltas(events);
            assertThat(((AskEvent.Failed) events.last()).message()).contains("broke off");
        }

        @ParameterizedTest
        @EnumSource(value = StreamEnd.class, names = {"CLOSE_EARLY", "ERROR"})
        void throughAskHandler_streamEndsWithoutClosingEvents_failsAtOnceSayingHow(StreamEnd end) throws Exception {
            FakeModelServer server = serve(new StreamTokens("Use ", "vi.").ending(end));

            long t0 = System.nanoTime();
            RecordingListener events = ask(handlerOn(server));

            assertThat(Duration.ofNanos(System.nanoTime() - t0)).as("not the 20 s watch for a quiet stream")
                    .isLessThan(Duration.ofSeconds(10));
            assertErrorAfterTwoDeltas(events);
            assertThat(((AskEvent.Failed) events.last()).message()).isEqualTo(end == StreamEnd.CLOSE_EARLY
                    ? "The language model's reply ended before it was complete." : inStreamErrorMessage());
        }

        /** The error event's message for the protocol's in-stream error ({@link StreamEnd#ERROR}). */
        abstract String inStreamErrorMessage();

        @Test
        void throughAskHandler_okStatusWithoutAnyEvent_failsAtOnceAsNoAnswer() throws Exception {
            FakeModelServer server = serve(exchange -> {
                exchange.startStream();
                exchange.endStream();
            });

            long t0 = System.nanoTime();
            RecordingListener events = ask(handlerOn(server));

            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(10));
            assertThat(events.names()).containsExactly("sources", "error");
            assertThat(((AskEvent.Failed) events.last()).message()).isEqualTo("The language model returned no answer.");
        }

        @Test
        void throughAskHandler_eventThatIsNotJson_failsAtOnceAsUnreadable() throws Exception {
            FakeModelServer server = serve(new MalformedChunks());

            long t0 = System.nanoTime();
            RecordingListener events = ask(handlerOn(server));

            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(10));
            assertThat(events.names()).startsWith("sources").endsWith("error").doesNotContain("done");
            assertThat(((AskEvent.Failed) events.last()).message())
                    .isEqualTo("The language model sent a reply docask could not read.");
        }

        @Test
        void throughAskHandler_okStatusWithJunkBody_failsAtOnceAsUnreadable() throws Exception {
            FakeModelServer server = serve(new GarbageBody());

            long t0 = System.nanoTime();
            RecordingListener events = ask(handlerOn(server));

            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(10));
            assertThat(events.names()).containsExactly("sources", "error");
            assertThat(((AskEvent.Failed) events.last()).message())
                    .isEqualTo("The language model sent a reply docask could not read.");
        }
    }

    @Nested
    class Anthropic extends EveryProvider {
        private static final String SPEC = "anthropic:claude-test";

        @Override
        String spec() {
            return SPEC;
        }

        @Override
        Map<String, String> env(String baseUrl) {
            return Map.of("ANTHROPIC_API_KEY", KEY, "ANTHROPIC_BASE_URL", baseUrl);
        }

        @Override
        Wire wire() {
            return Wire.ANTHROPIC;
        }

        @Override
        String inStreamErrorMessage() {
            return "The language model is busy (overloaded_error); try again shortly.";
        }


        /* The instructions in the system field, the sources and question in the one user message. */
        @Override
        void assertCarriesDocaskPrompt(JsonNode body) {
            assertThat(body.path("system").toString()).contains("Cite the source of every claim as [n]").contains("Vitest");
            assertThat(body.path("messages").toString()).contains("<source n=\\\"1\\\">")
                    .contains("<question>\\n" + ON_TOPIC + "\\n</question>");
        }

        @Test
        void request_isStreamingPostToV1MessagesWithKeyVersionModelSystemAndQuestion() throws Exception {
            FakeModelServer server = serve(new StreamTokens("ok"));

            streamFrom(server).awaitCompletion();

            assertThat(server.requests()).isEqualTo(1);
            RecordedRequest req = server.lastRequest();
            assertThat(req.method()).isEqualTo("POST");
            assertThat(req.path()).isEqualTo("/v1/messages");
            assertThat(req.header("x-api-key")).isEqualTo(KEY);
            assertThat(req.header("anthropic-version")).isNotBlank();
            assertThat(req.header("authorization")).as("Anthropic takes the key in x-api-key only").isNull();
            JsonNode body = json(req);
            assertThat(body.path("model").asText()).isEqualTo("claude-test");
            assertThat(body.path("stream").asBoolean()).isTrue();
            assertThat(body.path("max_tokens").asInt()).isPositive();
            assertThat(body.path("system").toString()).contains(SYSTEM);
            assertThat(body.path("messages")).hasSize(1);
            assertThat(body.path("messages").get(0).path("role").asText()).isEqualTo("user");
            assertThat(body.path("messages").toString()).contains(QUESTION).doesNotContain(SYSTEM);
        }

        /* Anthropic's SDKs take ANTHROPIC_BASE_URL without /v1; LangChain4j's client wants it with. Both must work. */
        @ParameterizedTest
        @ValueSource(strings = {"", "/", "/v1", "/v1/"})
        void baseUrl_withOrWithoutV1_reachesV1Messages(String suffix) throws Exception {
            FakeModelServer server = serve(new StreamTokens("ok"));

            Recorder r = stream(model(SPEC, env(server.baseUrl() + suffix)));

            assertThat(r.completion).as("answer for ANTHROPIC_BASE_URL=<origin>" + suffix).succeedsWithin(WAIT);
            assertThat(server.receivedRequests()).extracting(RecordedRequest::path).containsExactly("/v1/messages");
        }

        @Test
        void errorEventMidStream_failsAfterTheTokensSent() throws Exception {
            FakeModelServer server = serve(new StreamTokens("Use ").ending(StreamEnd.ERROR));

            Recorder r = streamFrom(server);
            Throwable error = r.awaitFailure();

            assertThat(r.partials).containsExactly("Use ");
            assertThat(error).hasMessageContaining("overloaded_error");
        }
    }

    @Nested
    class Ollama extends EveryProvider {
        private static final String SPEC = "ollama:llama-test";

        @Override
        String spec() {
            return SPEC;
        }

        @Override
        Map<String, String> env(String baseUrl) {
            return Map.of("OLLAMA_BASE_URL", baseUrl);
        }

        @Override
        Wire wire() {
            return Wire.OLLAMA;
        }


        @Override
        String inStreamErrorMessage() {
            return "The language model server reported an error: model runner has unexpectedly stopped";
        }

        /* The instructions as the system message, then the sources and question as the user message. */
        @Override
        void assertCarriesDocaskPrompt(JsonNode body) {
            JsonNode messages = body.path("messages");
            assertThat(messages.get(0).path("content").asText()).contains("Cite the source of every claim as [n]")
                    .contains("Vitest");
            assertThat(messages.get(1).path("content").asText()).contains("<source n=\"1\">")
                    .endsWith("<question>\n" + ON_TOPIC + "\n</question>");
        }

        @Test
        void request_isStreamingPostToApiChatWithModelSystemAndQuestion() throws Exception {
            FakeModelServer server = serve(new StreamTokens("ok"));

            streamFrom(server).awaitCompletion();

            assertThat(server.requests()).isEqualTo(1);
            RecordedRequest req = server.lastRequest();
            assertThat(req.method()).isEqualTo("POST");
            assertThat(req.path()).isEqualTo("/api/chat");
            JsonNode body = json(req);
            assertThat(body.path("model").asText()).isEqualTo("llama-test");
            assertThat(body.path("stream").asBoolean(true)).isTrue();
            assertThat(body.path("messages")).hasSize(2);
            assertThat(body.path("messages").get(0).path("role").asText()).isEqualTo("system");
            assertThat(body.path("messages").get(0).path("content").asText()).isEqualTo(SYSTEM);
            assertThat(body.path("messages").get(1).path("role").asText()).isEqualTo("user");
            assertThat(body.path("messages").get(1).path("content").asText()).isEqualTo(QUESTION);
        }

        @ParameterizedTest
        @ValueSource(strings = {"", "/"})
        void baseUrl_withOrWithoutTrailingSlash_reachesApiChat(String suffix) {
            FakeModelServer server = serve(new StreamTokens("ok"));

            Recorder r = stream(model(SPEC, env(server.baseUrl() + suffix)));

            assertThat(r.completion).succeedsWithin(WAIT);
            assertThat(server.receivedRequests()).extracting(RecordedRequest::path).containsExactly("/api/chat");
        }

        /* A copied .env line may carry spaces or be empty; the OpenAI and Anthropic variables are read the same way. */
        @Test
        void baseUrl_withSurroundingSpaces_reachesApiChat() {
            FakeModelServer server = serve(new StreamTokens("ok"));

            Recorder r = stream(model(SPEC, env(" " + server.baseUrl() + " ")));

            assertThat(r.completion).succeedsWithin(WAIT);
            assertThat(server.receivedRequests()).extracting(RecordedRequest::path).containsExactly("/api/chat");
        }

        @Test
        void baseUrl_blank_meansTheDefault() {
            assertThat(ModelSpec.parse(SPEC).create(env(" "), MODEL_TIMEOUT)).isPresent();
        }
    }

    /** Records one streamed reply: the partial texts in order, then the response or the error. */
    private static final class Recorder implements StreamingChatResponseHandler {
        final List<String> partials = new CopyOnWriteArrayList<>();
        final List<Throwable> errors = new CopyOnWriteArrayList<>();
        final CompletableFuture<ChatResponse> completion = new CompletableFuture<>();

        @Override
        public void onPartialResponse(String partialResponse) {
            partials.add(partialResponse);
        }

        @Override
        public void onCompleteResponse(ChatResponse response) {
            completion.complete(response);
        }

        @Override
        public void onError(Throwable error) {
            errors.add(error);
            completion.completeExceptionally(error);
        }

        ChatResponse awaitCompletion() throws Exception {
            return completion.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        }

        /** The error the call ended with; fails the test when it completed instead, or hung past {@link #WAIT}. */
        Throwable awaitFailure() throws InterruptedException {
            try {
                ChatResponse response = completion.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
                return fail("expected the call to fail, but it completed with: " + response.aiMessage());
            } catch (ExecutionException e) {
                return e.getCause();
            } catch (TimeoutException e) {
                return fail("the call neither completed nor failed within " + WAIT + ": it hangs");
            }
        }
    }
}
