package dev.docask.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.PrintWriter;

/** Prints values as JSON for the {@code --json} flags. */
final class JsonPrinter {
    static final ObjectMapper MAPPER = new ObjectMapper().configure(SerializationFeature.INDENT_OUTPUT, true);
    private static final ObjectMapper LINES = new ObjectMapper();

    private JsonPrinter() {
    }

    static void print(PrintWriter out, Object value) {
        try {
            out.println(MAPPER.writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not write JSON: " + e.getMessage(), e);
        }
    }

    /** One compact JSON object per line. */
    static void printLine(PrintWriter out, Object value) {
        try {
            out.println(LINES.writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not write JSON: " + e.getMessage(), e);
        }
    }
}
