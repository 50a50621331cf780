package dev.docask.spring;

import dev.docask.answer.internal.AskRequest;
import dev.docask.answer.internal.JsonBodies;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code docask.*} properties. Only {@code docask.index} is required; without it the starter configures nothing.
 *
 * <pre>{@code
 * docask.index=docs-index
 * docask.model=openai:gpt-4o-mini
 * docask.retrieval.topK=8
 * docask.web.enabled=true
 * }</pre>
 */
@ConfigurationProperties("docask")
public class DocaskProperties {
    /** The folder written by 'docask index'; new generations published into it are picked up without a restart. */
    private @Nullable Path index;
    /** How often the index folder is checked for a new generation. */
    private Duration reloadInterval = Duration.ofSeconds(2);
    /** The model answers are written with: extractive (quoted passages, offline), openai:NAME, anthropic:NAME or ollama:NAME. A StreamingChatModel bean wins over it. */
    private String model = "extractive";
    /** The site's name in answers and in the "I don't know" message (default: the index's). */
    private @Nullable String siteName;
    /** Retrieval options by name, as 'docask search --set' takes them: topK, candidates, minSimilarity, maxPerSource, gateMode … */
    private Map<String, String> retrieval = new LinkedHashMap<>();
    /** Metadata filter: only chunks whose metadata match every entry are searched (url and source match a prefix). */
    private Map<String, String> filter = new LinkedHashMap<>();
    /** How long to wait for the model's first token, and then for each next one. */
    private Duration firstTokenTimeout = Duration.ofSeconds(20);
    /** How long a whole answer may take. */
    private Duration totalTimeout = Duration.ofSeconds(90);
    private final Cache cache = new Cache();
    private final Web web = new Web();

    public @Nullable Path getIndex() {
        return index;
    }

    public void setIndex(@Nullable Path index) {
        this.index = index;
    }

    public Duration getReloadInterval() {
        return reloadInterval;
    }

    public void setReloadInterval(Duration reloadInterval) {
        this.reloadInterval = reloadInterval;
    }

    public String getModel() {
        return model;
    }

    public void setModel(String model) {
        this.model = model;
    }

    public @Nullable String getSiteName() {
        return siteName;
    }

    public void setSiteName(@Nullable String siteName) {
        this.siteName = siteName;
    }

    public Map<String, String> getRetrieval() {
        return retrieval;
    }

    public void setRetrieval(Map<String, String> retrieval) {
        this.retrieval = retrieval;
    }

    public Map<String, String> getFilter() {
        return filter;
    }

    public void setFilter(Map<String, String> filter) {
        this.filter = filter;
    }

    public Duration getFirstTokenTimeout() {
        return firstTokenTimeout;
    }

    public void setFirstTokenTimeout(Duration firstTokenTimeout) {
        this.firstTokenTimeout = firstTokenTimeout;
    }

    public Duration getTotalTimeout() {
        return totalTimeout;
    }

    public void setTotalTimeout(Duration totalTimeout) {
        this.totalTimeout = totalTimeout;
    }

    public Cache getCache() {
        return cache;
    }

    public Web getWeb() {
        return web;
    }

    /** {@code docask.cache.*}: identical questions on the same index are answered from memory. */
    public static class Cache {
        /** Whether answers are cached. */
        private boolean enabled = true;
        /** How many answers are kept. */
        private int maxAnswers = 10_000;
        /** How long an answer is kept. */
        private Duration ttl = Duration.ofHours(1);

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public int getMaxAnswers() {
            return maxAnswers;
        }

        public void setMaxAnswers(int maxAnswers) {
            this.maxAnswers = maxAnswers;
        }

        public Duration getTtl() {
            return ttl;
        }

        public void setTtl(Duration ttl) {
            this.ttl = ttl;
        }
    }

    /** {@code docask.web.*}: the HTTP endpoints, the same API and limits as 'docask serve'. */
    public static class Web {
        /** Whether POST {path}/ask and GET {path}/search are served (needs Spring MVC). */
        private boolean enabled = false;
        /** Where the endpoints are. */
        private String path = "/docask";
        /** Longest question, in characters (at most 8000). */
        private int maxQuestionChars = AskRequest.DEFAULT_MAX_QUESTION_CHARS;
        /** Largest request body, in bytes; larger ones get 413. */
        private int maxBodyBytes = JsonBodies.DEFAULT_MAX_BYTES;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public String getPath() {
            return path;
        }

        public void setPath(String path) {
            this.path = path;
        }

        public int getMaxQuestionChars() {
            return maxQuestionChars;
        }

        public void setMaxQuestionChars(int maxQuestionChars) {
            this.maxQuestionChars = maxQuestionChars;
        }

        public int getMaxBodyBytes() {
            return maxBodyBytes;
        }

        public void setMaxBodyBytes(int maxBodyBytes) {
            this.maxBodyBytes = maxBodyBytes;
        }
    }
}
