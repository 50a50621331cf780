package dev.docask.embed;

import dev.docask.embed.internal.Vectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/*
 * Any server that speaks OpenAI's POST /embeddings: OpenAI, Ollama (/v1), vLLM, LiteLLM, Workers
 * AI's OpenAI endpoint. A plain JDK HTTP client rather than LangChain4j's OpenAiEmbeddingModel so
 * that retries, batching and error messages are ours: a user mistake (wrong key, wrong URL, a
 * server that is not an embeddings server) becomes one sentence that names the server and the
 * status, never the key.
 *
 * 96 texts per request keeps requests well under OpenAI's 2048-input and 300k-token limits for
 * 1200-char chunks. 429 and 5xx are retried twice (0.5 s, then 1 s, or the server's Retry-After up
 * to 10 s); other statuses fail at once. Vectors are normalised here because not every server does.
 */
final class OpenAiEmbedder implements Embedder {
    static final int BATCH_SIZE = 96;
    private static final Map<String, Integer> KNOWN_DIMENSIONS = Map.of(
            "text-embedding-3-small", 1536, "text-embedding-3-large", 3072, "text-embedding-ada-002", 1536);
    private static final ObjectMapper JSON = new ObjectMapper();

    /*
     * A question (with its opening sentence and respelt form, at most a few texts) waits QUESTION_TIMEOUT once: the
     * answer then goes on by keywords (docs/retrieval.md §10) instead of keeping a reader waiting minutes on a server
     * that hangs. A batch of passages at indexing may take long on a slow server, and one timeout is retried.
     */
    private static final int QUESTION_TEXTS = 4;
    private static final Duration QUESTION_TIMEOUT = Duration.ofSeconds(15);
    private static final Duration BATCH_TIMEOUT = Duration.ofSeconds(120);

    private final String model;
    private final URI endpoint;
    private final String apiKey;
    private final int maxRetries;
    private final Duration backoff;
    private final Duration questionTimeout;
    private final HttpClient http;
    private volatile int dimensions;

    /**
     * @param baseUrl    e.g. {@code https://api.openai.com/v1} or {@code http://localhost:11434/v1}
     * @param apiKey     sent as a bearer token; empty for servers that need none (Ollama)
     * @param maxRetries how often a 429 or 5xx is retried
     * @param backoff    wait before the first retry; doubled for each further one
     */
    OpenAiEmbedder(String model, String baseUrl, String apiKey, int maxRetries, Duration backoff) {
        this(model, baseUrl, apiKey, maxRetries, backoff, QUESTION_TIMEOUT);
    }

    /** @param questionTimeout how long a question's request waits for the server, once */
    OpenAiEmbedder(String model, String baseUrl, String apiKey, int maxRetries, Duration backoff, Duration questionTimeout) {
        if (model == null || model.isBlank()) {
            throw new IllegalArgumentException("openai embedder needs a model name, e.g. openai:text-embedding-3-small");
        }
        this.model = model;
        this.endpoint = endpoint(baseUrl);
        this.apiKey = apiKey == null ? "" : apiKey.trim();
        if (this.apiKey.isEmpty() && endpoint.getHost().endsWith("api.openai.com")) {
            // the spec is fine, the environment lacks a key: IllegalStateException (exit 1, not a usage error)
            throw new IllegalStateException("openai:" + model + " needs an API key for " + baseUrl
                    + ": set OPENAI_API_KEY (or OPENAI_BASE_URL for a local server such as Ollama)");
        }
        this.maxRetries = maxRetries;
        this.backoff = backoff;
        this.questionTimeout = questionTimeout;
        this.dimensions = KNOWN_DIMENSIONS.getOrDefault(model, 0);
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    }

    @Override
    public String id() {
        return idFor(model);
    }

    static String idFor(String model) {
        return "openai:" + model;
    }

    /** Known for OpenAI's models; for others, learnt from the first response (one probe call if asked first). */
    @Override
    public int dimensions() {
        if (dimensions == 0) {
            embedQuery("dimensions");
        }
        return dimensions;
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
        List<float[]> out = new ArrayList<>(texts.size());
        for (int from = 0; from < texts.size(); from += BATCH_SIZE) {
            out.addAll(request(texts.subList(from, Math.min(texts.size(), from + BATCH_SIZE))));
        }
        return out;
    }

    @Override
    public float[] embedQuery(String question) {
        return request(List.of(question)).get(0);
    }

    /** Questions and passages are embedded alike here, so several questions are one batched request. */
    @Override
    public List<float[]> embedQueries(List<String> questions) {
        return embedAll(questions);
    }

    private List<float[]> request(List<String> texts) {
        ObjectNode body = JSON.createObjectNode().put("model", model);
        ArrayNode input = body.putArray("input");
        texts.forEach(input::add);
        boolean asking = texts.size() <= QUESTION_TEXTS;
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint)
                .timeout(asking ? questionTimeout : BATCH_TIMEOUT)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        if (!apiKey.isEmpty()) {
            request.header("Authorization", "Bearer " + apiKey);
        }
        HttpResponse<String> response = send(request.build(), asking ? 0 : 1);
        return parse(response.body(), texts.size());
    }

    /** @param timeoutRetries how often a request that timed out is sent again (a server that hangs rarely answers the next) */
    private HttpResponse<String> send(HttpRequest request, int timeoutRetries) {
        int timeouts = 0;
        for (int attempt = 0; ; attempt++) {
            HttpResponse<String> response;
            try {
                response = http.send(request, HttpResponse.BodyHandlers.ofString());
            } catch (java.net.http.HttpTimeoutException e) {
                if (attempt < maxRetries && timeouts++ < timeoutRetries) {
                    continue;
                }
                throw new EmbeddingException("the embedding server at " + endpoint + " did not answer within "
                        + request.timeout().map(Duration::toSeconds).orElse(0L) + " s");
            } catch (IOException e) {
                if (attempt < maxRetries) {
                    pause(backoff.multipliedBy(1L << attempt));
                    continue;
                }
                throw new EmbeddingException("cannot reach the embedding server at " + endpoint + ": " + e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new EmbeddingException("interrupted while calling the embedding server at " + endpoint);
            }
            int status = response.statusCode();
            if (status / 100 == 2) {
                return response;
            }
            boolean retryable = status == 429 || status >= 500;
            if (retryable && attempt < maxRetries) {
                pause(retryAfter(response).orElse(backoff.multipliedBy(1L << attempt)));
                continue;
            }
            throw new EmbeddingException(failure(status, response.body()));
        }
    }

    private String failure(int status, String body) {
        String what = switch (status) {
            case 401, 403 -> "refused the API key (check OPENAI_API_KEY)";
            case 404 -> "has no /embeddings endpoint or no model '" + model + "' (check the base URL and model)";
            case 429 -> "kept rate-limiting the requests";
            default -> "failed";
        };
        return "embedding server at " + endpoint + " " + what + " (HTTP " + status + ")" + excerpt(body);
    }

    private List<float[]> parse(String body, int expected) {
        JsonNode data;
        try {
            data = JSON.readTree(body).path("data");
        } catch (IOException e) {
            data = null;
        }
        if (data == null || !data.isArray() || data.size() != expected) {
            throw new EmbeddingException("embedding server at " + endpoint + " did not return " + expected
                    + " embeddings" + excerpt(body));
        }
        float[][] vectors = new float[expected][];
        for (int i = 0; i < expected; i++) {
            JsonNode item = data.get(i);
            int index = item.path("index").asInt(i);
            JsonNode embedding = item.path("embedding");
            if (index < 0 || index >= expected || !embedding.isArray() || embedding.isEmpty()) {
                throw new EmbeddingException("embedding server at " + endpoint + " returned a malformed embedding" + excerpt(body));
            }
            float[] v = new float[embedding.size()];
            boolean allZero = true;
            for (int d = 0; d < v.length; d++) {
                // asDouble() reads a string, null or object as 0: such a vector would be stored as if real
                JsonNode x = embedding.get(d);
                v[d] = (float) x.asDouble();
                if (!x.isNumber() || !Float.isFinite(v[d])) {
                    throw new EmbeddingException("embedding server at " + endpoint + " returned a malformed embedding (position "
                            + d + ": " + (x.isNumber() ? "a number too large for a float"
                            : x.getNodeType().name().toLowerCase(java.util.Locale.ROOT) + ", not a number") + ")" + excerpt(body));
                }
                allZero &= v[d] == 0;
            }
            if (allZero) { // no direction: its cosine to everything is 0, and the text could never be found
                throw new EmbeddingException("embedding server at " + endpoint + " returned an embedding of zeros"
                        + excerpt(body));
            }
            vectors[index] = checkDimensions(Vectors.normalize(v));
        }
        for (float[] v : vectors) {
            if (v == null) {
                throw new EmbeddingException("embedding server at " + endpoint + " returned duplicate indexes" + excerpt(body));
            }
        }
        return List.of(vectors);
    }

    private float[] checkDimensions(float[] v) {
        if (dimensions == 0) {
            dimensions = v.length;
        } else if (v.length != dimensions) {
            throw new EmbeddingException("embedding server at " + endpoint + " returned " + v.length
                    + " dimensions for " + model + ", expected " + dimensions);
        }
        return v;
    }

    /**
     * The start of a response body for an error message, with the key blanked should a server echo it.
     * Control and format characters (a NUL, an escape sequence, bytes that were not UTF-8) become '?':
     * raw, they garble a terminal and make line tools treat the message as binary.
     */
    private String excerpt(String body) {
        if (body == null || body.isBlank()) {
            return "";
        }
        String text = body.strip().replaceAll("\\s+", " ").replaceAll("[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\x{FFFD}]+", "?");
        if (!apiKey.isEmpty()) {
            text = text.replace(apiKey, "***");
        }
        if (text.codePointCount(0, text.length()) > 200) {
            text = text.substring(0, text.offsetByCodePoints(0, 200)) + "…";
        }
        return ": " + text;
    }

    private static java.util.Optional<Duration> retryAfter(HttpResponse<?> response) {
        return response.headers().firstValue("Retry-After").flatMap(v -> {
            try {
                return java.util.Optional.of(Duration.ofSeconds(Math.min(10, Long.parseLong(v.trim()))));
            } catch (NumberFormatException e) {
                return java.util.Optional.empty();
            }
        });
    }

    private static void pause(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EmbeddingException("interrupted while waiting to retry the embedding server");
        }
    }

    private static URI endpoint(String baseUrl) {
        String base = baseUrl == null ? "" : baseUrl.trim();
        try {
            URI uri = URI.create(base.endsWith("/") ? base + "embeddings" : base + "/embeddings");
            if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
                throw new IllegalArgumentException();
            }
            return uri;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad embedding base URL '" + baseUrl
                    + "': expected http(s)://host[:port]/path, e.g. https://api.openai.com/v1");
        }
    }
}
