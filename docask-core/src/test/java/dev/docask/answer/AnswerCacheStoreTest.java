package dev.docask.answer;

import dev.docask.retrieve.RetrievalOptions;
import dev.docask.testsupport.AskFixture;
import dev.docask.testsupport.TestIndexes;
import dev.docask.testsupport.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A cache kept in a store that several processes share (docask serve --redis): answers go through it as text. */
class AnswerCacheStoreTest {
    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", TestSites.VITEST);
    @RegisterExtension
    final AskFixture fixture = AskFixture.over(INDEX);

    /** A store as Redis is one: text under keys; the time to live is Redis's to honour. */
    private final Map<String, String> texts = new ConcurrentHashMap<>();
    private final AnswerCache.Store store = new AnswerCache.Store() {
        @Override
        public Optional<String> get(String key) {
            return Optional.ofNullable(texts.get(key));
        }

        @Override
        public void put(String key, String value, Duration timeToLive) {
            texts.put(key, value);
        }
    };

    @Test
    void shared_answerFromOneHandler_isReplayedByAnotherWithTheSameTextAndSources() {
        AnswerCache cache = AnswerCache.shared(store, Duration.ofMinutes(5), 1_000_000);
        Answer first = fixture.build(fixture.handler().siteName("Vitest").answerCache(cache)).ask("mock a module with vi.mock");
        Answer second = fixture.build(fixture.handler().siteName("Vitest").answerCache(cache)).ask("Mock a module with vi.mock?");

        assertThat(texts).hasSize(1);
        assertThat(second.cached()).isTrue();
        assertThat(second.text()).isEqualTo(first.text());
        assertThat(second.sources()).isEqualTo(first.sources());
        assertThat(second.citations()).isEqualTo(first.citations());
    }

    @Test
    void shared_answerLongerThanTheEntryLimit_isNotStored() {
        AnswerCache cache = AnswerCache.shared(store, Duration.ofMinutes(5), 100);
        fixture.build(fixture.handler().answerCache(cache)).ask("mock a module with vi.mock");
        assertThat(texts).isEmpty();
    }

    @Test
    void shared_unreadableText_isAMiss() {
        AnswerCache cache = AnswerCache.shared(store, Duration.ofMinutes(5), 1_000_000);
        fixture.build(fixture.handler().answerCache(cache)).ask("mock a module with vi.mock");
        texts.replaceAll((k, v) -> "{\"v\":1,\"sources\":[{\"n\":0}]}");
        Answer again = fixture.build(fixture.handler().answerCache(cache)).ask("mock a module with vi.mock");
        assertThat(again.cached()).isFalse();
    }

    @Test
    void digest_sameIndexAndSettingsInAnotherProcess_isTheSameKey() {
        RetrievalOptions options = RetrievalOptions.defaults();
        AskSettings.Fingerprint here = new AskSettings.Fingerprint(1, "hash-1 mock", options, "extractive", "Vitest", "i", "n", true, 800);
        AskSettings.Fingerprint there = new AskSettings.Fingerprint(7, "hash-1 mock", options, "extractive", "Vitest", "i", "n", true, 800);
        AskSettings.Fingerprint otherIndex = new AskSettings.Fingerprint(1, "hash-2 mock", options, "extractive", "Vitest", "i", "n", true, 800);

        assertThat(AnswerCache.Key.of("q", List.of(), here).digest()).isEqualTo(AnswerCache.Key.of("q", List.of(), there).digest());
        assertThat(AnswerCache.Key.of("q", List.of(), here).digest()).isNotEqualTo(AnswerCache.Key.of("q", List.of(), otherIndex).digest());
    }

    @Test
    void shared_badTtlOrLimit_namesTheOption() {
        assertThatThrownBy(() -> AnswerCache.shared(store, Duration.ZERO, 10)).hasMessageContaining("timeToLive");
        assertThatThrownBy(() -> AnswerCache.shared(store, Duration.ofMinutes(1), 0)).hasMessageContaining("maxEntryChars");
    }
}
