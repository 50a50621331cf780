package dev.docask.spring;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.retrieve.RetrievalOptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** What an IDE shows for docask.*: every property's type and default, the retrieval options' names, the model specs. */
class DocaskPropertiesMetadataTest {
    private static JsonNode metadata() throws IOException {
        try (InputStream in = DocaskProperties.class.getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertThat(in).as("the configuration processor's output").isNotNull();
            return new ObjectMapper().readTree(in);
        }
    }

    private static JsonNode property(JsonNode metadata, String name) {
        for (JsonNode p : metadata.get("properties")) {
            if (p.get("name").asText().equals(name)) {
                return p;
            }
        }
        throw new AssertionError("no metadata for " + name);
    }

    @Test
    void metadata_everyPropertyWithADefault_saysIt() throws IOException {
        JsonNode m = metadata();
        DocaskProperties defaults = new DocaskProperties();
        assertThat(property(m, "docask.web.max-question-chars").path("defaultValue").asInt())
                .isEqualTo(defaults.getWeb().getMaxQuestionChars());
        assertThat(property(m, "docask.web.max-body-bytes").path("defaultValue").asInt())
                .isEqualTo(defaults.getWeb().getMaxBodyBytes());
        List<String> withoutDefault = new ArrayList<>();
        m.get("properties").forEach(p -> {
            if (!p.has("defaultValue") || !p.has("type") || !p.has("description")) {
                withoutDefault.add(p.get("name").asText());
            }
        });
        // the index has none; site-name's is the index's; retrieval and filter are maps
        assertThat(withoutDefault).containsExactlyInAnyOrder("docask.index", "docask.site-name", "docask.retrieval", "docask.filter");
    }

    @Test
    void metadata_retrievalKeys_areTheOptionNamesDocaskParses() throws IOException {
        List<String> keys = new ArrayList<>();
        for (JsonNode hint : metadata().get("hints")) {
            if (hint.get("name").asText().equals("docask.retrieval.keys")) {
                hint.get("values").forEach(v -> {
                    keys.add(v.get("value").asText());
                    assertThat(v.path("description").asText()).isNotBlank();
                });
            }
        }
        assertThat(keys).containsExactlyElementsOf(RetrievalOptions.SETTING_NAMES);
    }
}
