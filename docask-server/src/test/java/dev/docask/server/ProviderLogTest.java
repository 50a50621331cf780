package dev.docask.server;

import dev.docask.answer.AskHandler;
import dev.docask.testsupport.FakeModelServer;
import dev.docask.testsupport.Wire;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/** What the server logs of a provider's failure: never the API key, even when the provider echoes it. */
class ProviderLogTest {
    private static final String KEY = "sk-proj-Secret0123456789abcdef";

    @TempDir
    Path dir;

    @Test
    void logLine_providerEchoesTheKeyIn401_keyIsMasked() throws Exception {
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        try (FakeModelServer fake = FakeModelServer.start(Wire.OPENAI,
                exchange -> exchange.respondError(401, "Incorrect API key provided: Bearer " + KEY + ". You can find your "
                        + "API key at https://platform.openai.com/account/api-keys."));
             DocaskServer server = DocaskServer.builder().indexDir(Docs.build(dir.resolve("idx"))).port(0)
                     .rateLimit(RateLimit.OFF).answers(r -> AskHandler.builder().retriever(r)
                             .model(fake.openAiModel(KEY), "openai:fake").onError(failures::add)
                             .timeouts(Duration.ofSeconds(5), Duration.ofSeconds(10)).build())
                     .build().start()) {
            new Http(server.url()).postJson("/api/ask", "{\"question\":\"how do I mock a module?\"}", "Accept", "application/json");
        }

        assertThat(failures).isNotEmpty();
        Throwable failure = failures.getFirst();
        assertThat(failure.toString()).as("the provider's message, as LangChain4j hands it on").contains(KEY);
        assertThat(DocaskServer.logLine(failure)).doesNotContain(KEY).doesNotContain("Secret0123").contains("Bearer ***")
                .contains("Incorrect API key provided");
    }
}
