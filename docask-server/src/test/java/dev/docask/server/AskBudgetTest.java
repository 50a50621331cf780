package dev.docask.server;

import dev.docask.retrieve.RetrievalOptions;
import java.net.http.HttpResponse;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.SlowTokens;
import dev.docask.testsupport.StreamEnd;
import dev.docask.testsupport.StreamTokens;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;

import static org.assertj.core.api.Assertions.assertThat;

/*
 * The daily token budget charges every answer that reached the model (#14 item 5). Each server has
 * a ceiling a little over one reservation (about 1,160 tokens: a 400-character context, the question,
 * the prompt's framing and the 800-token output cap), so whether the next question fits tells what
 * the previous one was charged.
 */
class AskBudgetTest {
    static final String ASK = "{\"question\":\"how do I mock a module?\"}";
    static final long CEILING = 1_300;

    @TempDir
    static Path dir;
    static Path index;
    static FakeModelServer fake;
    DocaskServer server;

    @BeforeAll
    static void start() {
        index = Docs.build(dir.resolve("idx"));
        fake = FakeModelServer.start(Wire.OPENAI, new StreamTokens("Use ", "vi.mock [1]."));
    }

    @AfterAll
    static void stopModel() {
        fake.close();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private Http budgeted() {
        server = FakeModels.server(index, fake).retrieval(RetrievalOptions.builder().maxContextChars(400).build())
                .dailyBudget(0, CEILING).build().start();
        return new Http(server.url());
    }

    @Test
    void settle_reportedUsage_chargesWhatTheProviderReportedAndFreesTheRest() {
        fake.route(new StreamTokens("Use ", "vi.mock [1]."));
        Http http = budgeted();
        assertThat(http.postJson("/api/ask", ASK).statusCode()).isEqualTo(200);
        assertThat(http.postJson("/api/ask", ASK).statusCode()).as("about 100 spent: a reservation still fits").isEqualTo(200);
        assertThat(http.postJson("/api/ask", ASK).statusCode()).as("about 200 spent: it does not").isEqualTo(429);
    }

    @Test
    void ask_providerReportsNoUsage_isChargedAnEstimateFromTheText() {
        fake.route(exchange -> {
            exchange.startAnswer();
            exchange.sendToken("Use vi.mock [1].");
            exchange.sendData("{\"id\":\"chatcmpl-fake\",\"object\":\"chat.completion.chunk\",\"created\":0,\"model\":\"fake\","
                    + "\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}");
            exchange.sendData("[DONE]");
            exchange.endStream();
        });
        Http http = budgeted();
        assertThat(http.postJson("/api/ask", ASK).body()).contains("\"type\":\"finish\"");
        assertThat(http.postJson("/api/ask", ASK).statusCode()).as("the estimate (about 300) leaves no room").isEqualTo(429);
    }

    @Test
    void ask_modelFailsMidAnswer_isChargedForWhatItUsed() {
        fake.route(new StreamTokens("Use ", "vi.mock").ending(StreamEnd.ERROR));
        Http http = budgeted();
        assertThat(http.postJson("/api/ask", ASK).body()).contains("\"type\":\"error\"");
        assertThat(http.postJson("/api/ask", ASK).statusCode()).isEqualTo(429);
    }

    @Test
    void ask_clientLeavesMidStream_isChargedAndRecordedAs499() throws Exception {
        fake.route(new SlowTokens(Duration.ofMillis(200), Collections.nCopies(40, "word ")));
        Http http = budgeted();
        assertThat(http.askAndLeaveMidStream(ASK)).contains("text-delta");
        String left = "docask_http_requests_total{route=\"/api/ask\",status=\"499\"} 1.0";
        long deadline = System.nanoTime() + Duration.ofSeconds(8).toNanos();
        while (!http.get("/metrics").body().contains(left) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(http.get("/metrics").body()).as("a reader that left is a 499").contains(left);
        fake.route(new StreamTokens("Use ", "vi.mock [1]."));
        assertThat(http.postJson("/api/ask", ASK).statusCode()).as("the dropped answer was charged").isEqualTo(429);
    }

    @Test
    void ask_tokensSpent_anOffTopicQuestionStillGetsItsRefusal_whichNeedsNoModel() {
        fake.route(new StreamTokens("Use ", "vi.mock [1]."));
        Http http = budgeted();
        assertThat(http.postJson("/api/ask", ASK).statusCode()).isEqualTo(200);
        assertThat(http.postJson("/api/ask", ASK).statusCode()).isEqualTo(200);
        int modelCalls = fake.requests();
        HttpResponse<String> onTopic = http.postJson("/api/ask", ASK);
        assertThat(onTopic.statusCode()).isEqualTo(429);
        assertThat(onTopic.body()).contains("budget for answers");
        HttpResponse<String> offTopic = http.postJson("/api/ask", "{\"question\":\"What is the capital of Canada?\"}");
        assertThat(offTopic.statusCode()).isEqualTo(200);
        assertThat(offTopic.body()).contains("I don't know");
        assertThat(fake.requests()).as("the refusal called no model").isEqualTo(modelCalls);
    }
}
