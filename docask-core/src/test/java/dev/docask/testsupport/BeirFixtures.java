package dev.docask.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A four-document BEIR collection in a temp folder, small enough to score by hand. */
public final class BeirFixtures {
    private BeirFixtures() {
    }

    public static void writeMiniBeir(Path beir) throws IOException {
        Files.createDirectories(beir.resolve("qrels"));
        Files.write(beir.resolve("corpus.jsonl"), List.of(
                "{\"_id\": \"d1\", \"title\": \"Vitamin D and bones\", \"text\": \"Vitamin D supplements strengthen bones in elderly people.\"}",
                "{\"_id\": \"d2\", \"title\": \"Coffee\", \"text\": \"Coffee consumption and heart rhythm in adults.\"}",
                "{\"_id\": \"d3\", \"title\": \"Sleep\", \"text\": \"Short sleep raises the risk of obesity in children.\"}",
                "{\"_id\": \"d4\", \"title\": \"Only a title\", \"text\": \"\"}"));
        Files.write(beir.resolve("queries.jsonl"), List.of("{\"_id\": \"q1\", \"text\": \"vitamin d bones\"}",
                "{\"_id\": \"q2\", \"text\": \"sleep obesity children\"}", "{\"_id\": \"q3\", \"text\": \"coffee heart\"}"));
        Files.writeString(beir.resolve("qrels/test.tsv"),
                "query-id\tcorpus-id\tscore\nq1\td1\t2\nq2\td3\t1\nq3\td2\t1\nq3\td1\t1\n");
    }
}
