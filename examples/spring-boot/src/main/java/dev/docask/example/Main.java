package dev.docask.example;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.answer.Answer;
import dev.docask.index.IndexBuilder;
import dev.docask.ingest.IngestOptions;
import dev.docask.ingest.SiteReader;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.spring.DocaskIndex;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A Spring Boot application with docask-spring-boot-starter: application.properties sets
 * {@code docask.index} and {@code docask.web.enabled}; the starter opens the index (the local bge-small
 * embedder, the extractive answer: no key, no network), serves {@code POST /docask/ask} and adds a
 * {@code docask} health indicator. This program starts it on a free port, asks once through the injected
 * {@link DocaskIndex} and once over HTTP as a front end would, prints both answers and the health, and
 * exits 1 unless both are cited answers.
 *
 * <pre>Main [docs folder (samples)] [index folder (target/samples-index)]</pre>
 */
@SpringBootApplication
public class Main {
    public static void main(String[] args) throws Exception {
        Path folder = Path.of(args.length > 0 ? args[0] : "samples");
        Path indexDir = Path.of(args.length > 1 ? args[1] : "target/samples-index");
        if (!Files.exists(indexDir.resolve("CURRENT"))) { // what 'docask index' does in the docs team's CI
            IndexBuilder.build(SiteReader.read(folder, IngestOptions.defaults("https://docs.quayside.dev")),
                    IndexBuilder.Settings.defaults("bge-small"), indexDir); // named "Quayside" by its base URL
            HybridRetriever.calibrateAndRecordGate(indexDir); // the gate measured on this site, as 'docask index' does
        }
        boolean ok;
        try (ConfigurableApplicationContext app = SpringApplication.run(Main.class, "--docask.index=" + indexDir)) {
            String question = "How do I change the retry limit?";
            Answer a = app.getBean(DocaskIndex.class).ask(question);
            System.out.println("Q: " + question);
            System.out.println(a.text());
            a.sources().forEach(s -> System.out.println("  [" + s.n() + "] " + s.url()));

            String base = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
            HttpClient http = HttpClient.newHttpClient();
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + "/docask/ask"))
                    .header("Content-Type", "application/json").header("Accept", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"question\": \"How do I replay many events?\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            JsonNode body = new ObjectMapper().readTree(r.body());
            System.out.println("POST /docask/ask -> " + r.statusCode() + ": " + body.get("answer").asText());
            body.get("sources").forEach(s -> System.out.println("  [" + s.get("n").asInt() + "] " + s.get("url").asText()));
            HttpResponse<String> health = http.send(HttpRequest.newBuilder(URI.create(base + "/actuator/health/docask")).build(),
                    HttpResponse.BodyHandlers.ofString());
            System.out.println("GET /actuator/health/docask -> " + health.body());
            ok = !a.refused() && a.text().contains("[1]") && r.statusCode() == 200 && !body.get("refused").asBoolean()
                    && health.statusCode() == 200;
        }
        System.exit(ok ? 0 : 1);
    }
}
