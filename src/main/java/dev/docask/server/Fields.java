package dev.docask.server;

import com.fasterxml.jackson.databind.JsonNode;

/** Reads fields of a JSON request body, turning every kind of wrong input into a 400 that names the field. */
final class Fields {
    private Fields() {
    }

    static String requireString(JsonNode body, String name, int maxChars) {
        JsonNode v = body.get(name);
        if (v == null || v.isNull()) {
            throw new ApiException.BadRequest("'" + name + "' is missing.");
        }
        String s = string(v, name, maxChars);
        if (s.isBlank()) {
            throw new ApiException.BadRequest("'" + name + "' is empty.");
        }
        return s;
    }

    static String optionalString(JsonNode body, String name, int maxChars) {
        JsonNode v = body.get(name);
        return v == null || v.isNull() ? "" : string(v, name, maxChars);
    }

    private static String string(JsonNode v, String name, int maxChars) {
        if (!v.isTextual()) {
            throw new ApiException.BadRequest("'" + name + "' must be a string, not " + kind(v) + ".");
        }
        String s = v.asText().strip();
        if (s.codePointCount(0, s.length()) > maxChars) {
            throw new ApiException.BadRequest("'" + name + "' is longer than " + maxChars + " characters.");
        }
        return s;
    }

    static String kind(JsonNode v) {
        return switch (v.getNodeType()) {
            case ARRAY -> "an array";
            case OBJECT, POJO -> "an object";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
            case NULL, MISSING -> "null";
            default -> "a " + v.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
        };
    }
}
