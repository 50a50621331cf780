package dev.docask.answer.providers;

import dev.docask.answer.ChatModelProvider;
import dev.docask.answer.ModelSpec;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.ollama.OllamaStreamingChatModel;

import java.time.Duration;
import java.util.Map;

/**
 * {@code ollama:<name>}: Ollama's own API at {@code OLLAMA_BASE_URL}, else at {@code OLLAMA_HOST} read as
 * Ollama's own clients read it ({@code host}, {@code host:port} or a URL; no port: 11434, or 80/443 after
 * {@code http://}/{@code https://}), default {@value #DEFAULT_URL}.
 */
public final class OllamaModels implements ChatModelProvider {
    static final String DEFAULT_URL = "http://localhost:11434";

    @Override
    public String provider() {
        return "ollama";
    }

    @Override
    public StreamingChatModel create(ModelSpec spec, Map<String, String> env, Duration timeout) {
        return OllamaStreamingChatModel.builder()
                .baseUrl(baseUrl(env).orElse(DEFAULT_URL))
                .modelName(spec.name()).timeout(timeout)
                .httpClientBuilder(new CheckedStream(CheckedStream.Protocol.OLLAMA)) // unreadable, cut or error replies fail at once
                .build();
    }

    @Override
    public String endpoint(ModelSpec spec, Map<String, String> env) {
        return baseUrl(env).orElse("");
    }

    static java.util.Optional<String> baseUrl(Map<String, String> env) {
        return Env.url(env, "OLLAMA_BASE_URL")
                .or(() -> Env.find(env, "OLLAMA_HOST").map(h -> Env.checkedUrl("OLLAMA_HOST", h, hostUrl(h))));
    }

    /* Ollama's envconfig.Host(): scheme http unless given; a port after the host, else 11434 (80/443 with a scheme). */
    static String hostUrl(String ollamaHost) {
        String s = ollamaHost.strip();
        String scheme = "http";
        String defaultPort = "11434";
        int sep = s.indexOf("://");
        if (sep >= 0) {
            scheme = s.substring(0, sep);
            s = s.substring(sep + 3);
            defaultPort = scheme.equals("https") ? "443" : "80";
        }
        int slash = s.indexOf('/');
        String path = slash >= 0 ? s.substring(slash) : "";
        String hostPort = slash >= 0 ? s.substring(0, slash) : s;
        String host = hostPort;
        String port = defaultPort;
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(\\[[^]]*]|[^:]*):(\\d{1,5})$").matcher(hostPort);
        if (m.matches()) {
            host = m.group(1);
            port = m.group(2);
        }
        if (host.isEmpty()) {
            host = "127.0.0.1";
        }
        if (host.contains(":") && !host.startsWith("[")) {
            host = "[" + host + "]"; // a bare IPv6 address
        }
        return scheme + "://" + host + ":" + port + path;
    }
}
