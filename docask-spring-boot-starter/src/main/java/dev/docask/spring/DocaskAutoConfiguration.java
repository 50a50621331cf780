package dev.docask.spring;

import dev.docask.answer.internal.SecretMask;

import dev.docask.answer.AnswerCache;
import dev.docask.answer.AskHandler;
import dev.docask.answer.ModelSpec;
import dev.docask.embed.Embedder;
import dev.docask.embed.EmbedderSpec;
import dev.docask.embed.Embedders;
import dev.docask.index.IndexException;
import dev.docask.retrieve.HybridRetriever;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.spring.internal.InvalidPropertyException;
import dev.langchain4j.model.chat.StreamingChatModel;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import dev.docask.answer.internal.AnswerMeters;
import dev.docask.answer.internal.MicrometerMeters;
import io.micrometer.core.instrument.MeterRegistry;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import static dev.docask.spring.internal.InvalidPropertyException.check;
import static dev.docask.spring.internal.InvalidPropertyException.require;

/*
 * Configures nothing until docask.index is set, so adding the starter never breaks an application
 * that has no index yet. Every bean backs off when the application defines one of its type; the two
 * factories are where a user changes what each index generation is built with (docs/design.md#server).
 * A property docask refuses is thrown as an InvalidPropertyException naming it, which PropertyFailureAnalyzer
 * reports in Boot's short "APPLICATION FAILED TO START" block instead of a stack trace blaming another bean.
 */
/**
 * Auto-configures {@link DocaskIndex} from {@code docask.*} properties ({@link DocaskProperties}), with an
 * {@link AnswerCache} and the factories for each generation's retriever and ask handler; each backs off
 * when the application defines a bean of its type.
 */
@AutoConfiguration
@ConditionalOnProperty(prefix = "docask", name = "index")
@EnableConfigurationProperties(DocaskProperties.class)
public class DocaskAutoConfiguration {
    private static final Logger LOG = LoggerFactory.getLogger(DocaskAutoConfiguration.class);
    /**
     * Failures already logged: a retrieval failure during an answer reaches both the retriever's receiver and the
     * handler's, and is one event (by identity; weak, so a failure is forgotten once nothing holds it).
     */
    private static final java.util.Set<Throwable> LOGGED =
            java.util.Collections.synchronizedSet(java.util.Collections.newSetFromMap(new java.util.WeakHashMap<>()));

    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnBooleanProperty(name = "docask.cache.enabled", matchIfMissing = true)
    AnswerCache docaskAnswerCache(DocaskProperties props) {
        DocaskProperties.Cache c = props.getCache();
        require(c.getMaxAnswers() >= 1, "docask.cache.max-answers", c.getMaxAnswers(), "must be at least 1");
        requirePositive("docask.cache.ttl", c.getTtl());
        return AnswerCache.create(c.getMaxAnswers(), c.getTtl());
    }

    @Bean
    @ConditionalOnMissingBean
    DocaskRetrieverFactory docaskRetrieverFactory(ObjectProvider<Embedder> embedderBean, DocaskProperties props) {
        Map<EmbedderSpec, Optional<Embedder>> made = new ConcurrentHashMap<>(); // one per spec, reused across reloads
        RetrievalOptions options = retrievalOptions(props);
        return index -> {
            Embedder own = embedderBean.getIfAvailable();
            Optional<Embedder> embedder = own != null ? Optional.of(own)
                    : made.computeIfAbsent(index.manifest().embedderSpec(), Embedders::create);
            HybridRetriever retriever = HybridRetriever.builder(index).embedder(embedder)
                    .onError(e -> {
                        if (LOGGED.add(e)) {
                            LOG.warn("docask retrieval: {}", e.toString());
                        }
                    }).build();
            // a mistyped docask.filter would make every answer "I don't know": say so once per generation
            retriever.filterProblems(options.filter()).forEach(p -> LOG.warn("docask index {}: {}", index.directory(), p));
            return retriever;
        };
    }

    @Bean
    @ConditionalOnMissingBean
    DocaskAnswerFactory docaskAnswerFactory(DocaskProperties props, ObjectProvider<StreamingChatModel> modelBean,
                                            ObjectProvider<AnswerCache> cache) {
        RetrievalOptions options = retrievalOptions(props);
        requirePositive("docask.first-token-timeout", props.getFirstTokenTimeout());
        requirePositive("docask.total-timeout", props.getTotalTimeout());
        if (modelBean.getIfAvailable() == null) { // a typo or a missing key is said now, naming the property
            check("docask.model", props.getModel(),
                    () -> ModelSpec.parse(props.getModel()).create(System.getenv(), props.getTotalTimeout()));
        }
        AnswerCache c = cache.getIfAvailable(); // now, so a bad docask.cache.* is reported as itself, not as the index's
        return retriever -> {
            AskHandler.Builder b = AskHandler.builder().retriever(retriever).retrieval(options)
                    .timeouts(props.getFirstTokenTimeout(), props.getTotalTimeout())
                    .onError(e -> {
                        if (LOGGED.add(e)) { // not a retrieval failure the retriever's receiver logged already
                            LOG.warn("docask answer: {}", SecretMask.of(System.getenv()).describe(e));
                        }
                    });
            StreamingChatModel model = modelBean.getIfAvailable();
            b = model != null ? b.model(model, "spring:" + model.getClass().getSimpleName()) : b.model(props.getModel());
            if (c != null) {
                b = b.answerCache(c);
            }
            String site = props.getSiteName();
            return (site == null ? b : b.siteName(site)).build();
        };
    }

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    DocaskIndex docaskIndex(DocaskProperties props, DocaskRetrieverFactory retrievers, DocaskAnswerFactory answers,
                            ObjectProvider<AnswerMeters> meters) {
        Path dir = requireIndex(props.getIndex());
        Duration interval = props.getReloadInterval();
        require(!interval.isNegative(), "docask.reload-interval", interval, "must not be negative");
        RetrievalOptions options = retrievalOptions(props);
        try {
            return new DocaskIndex(dir, retrievers, answers, options, interval, meters.getIfAvailable(() -> AnswerMeters.NONE));
        } catch (InvalidPropertyException e) {
            throw e;
        } catch (IndexException | IllegalArgumentException | IllegalStateException e) {
            throw new InvalidPropertyException("docask.index", dir, "cannot be served: " + e.getMessage(), INDEX_ACTION, e);
        }
    }

    private static final String INDEX_ACTION = "Set docask.index to a folder written by 'docask index' (or IndexBuilder.build)"
            + " that this application can read.";

    private static Path requireIndex(@Nullable Path dir) {
        if (dir == null || dir.toString().isBlank()) {
            throw new InvalidPropertyException("docask.index", "", "is empty", INDEX_ACTION, null);
        }
        return dir.toAbsolutePath().normalize();
    }

    private static void requirePositive(String property, Duration d) {
        require(d.isPositive(), property, d, "must be positive");
    }

    /* Spring's relaxed binding may hand the key over as top-k or topk (from DOCASK_RETRIEVAL_TOPK): match docask's own name. */
    private static String optionName(String key) {
        String k = key.replace("-", "").replace("_", "");
        return RetrievalOptions.SETTING_NAMES.stream().filter(n -> n.equalsIgnoreCase(k)).findFirst().orElse(key);
    }

    /** {@code docask.retrieval.*} and {@code docask.filter.*} as options; a bad one is named as the property it came from. */
    static RetrievalOptions retrievalOptions(DocaskProperties props) {
        RetrievalOptions.Builder b = RetrievalOptions.builder();
        props.getRetrieval().forEach((key, value) ->
                check("docask.retrieval." + key, value, () -> b.parse(optionName(key) + "=" + value)));
        if (!props.getFilter().isEmpty()) {
            b.filter(Map.copyOf(props.getFilter()));
        }
        return check("docask.retrieval", props.getRetrieval(), b::build);
    }

    /** The {@code docask} health indicator, when Actuator's health support is on the class path. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(HealthIndicator.class)
    static class Health {
        @Bean
        @ConditionalOnMissingBean(name = "docaskHealthIndicator")
        HealthIndicator docaskHealthIndicator(DocaskIndex index) {
            return new DocaskHealthIndicator(index);
        }
    }

    /** docask's meters on the application's Micrometer registry, when it has one. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(MeterRegistry.class)
    static class Metrics {
        @Bean
        @ConditionalOnMissingBean
        AnswerMeters docaskMeters(ObjectProvider<MeterRegistry> registry) {
            MeterRegistry r = registry.getIfAvailable();
            return r == null ? AnswerMeters.NONE : new MicrometerMeters(r);
        }
    }

    /** {@code POST /docask/ask} and {@code GET /docask/search}, with {@code docask.web.enabled=true} in a Spring MVC application. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    @ConditionalOnClass(name = "org.springframework.web.servlet.DispatcherServlet")
    @ConditionalOnBooleanProperty("docask.web.enabled")
    static class Web {
        @Bean
        DocaskEndpoints docaskEndpoints(DocaskIndex index, DocaskProperties props, ObjectProvider<AnswerMeters> meters) {
            int max = props.getWeb().getMaxQuestionChars();
            require(max >= 1 && max <= HybridRetriever.MAX_QUESTION_CHARS, "docask.web.max-question-chars", max,
                    "must be between 1 and " + HybridRetriever.MAX_QUESTION_CHARS);
            int maxBody = props.getWeb().getMaxBodyBytes();
            require(maxBody >= 1, "docask.web.max-body-bytes", maxBody, "must be at least 1");
            return new DocaskEndpoints(index, retrievalOptions(props), meters.getIfAvailable(() -> AnswerMeters.NONE), max,
                    maxBody);
        }
    }
}
