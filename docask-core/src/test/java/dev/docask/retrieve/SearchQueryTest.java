package dev.docask.retrieve;

import dev.docask.embed.Embedder;
import dev.docask.embed.Embedders;
import dev.docask.testsupport.TestIndexes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static dev.docask.testsupport.TestIndexes.chunk;
import static org.assertj.core.api.Assertions.assertThat;

class SearchQueryTest {
    @RegisterExtension
    static final TestIndexes.Shared INDEX = TestIndexes.shared("mock", List.of(
            chunk("https://x.dev/config/retry", "Retry", "", "The retry option sets how many times a failing test is run again."),
            chunk("https://x.dev/guide/cli#watch", "Command line", "Command line › Watch",
                    "Run the runner with --watch to rerun tests when files change.")));

    /** The mock embedder, counting its calls. */
    private static class Counting implements Embedder {
        final Embedder inner = Embedders.fromSpec("mock").orElseThrow();
        final List<List<String>> calls = new ArrayList<>();

        @Override
        public String id() {
            return inner.id();
        }

        @Override
        public int dimensions() {
            return inner.dimensions();
        }

        @Override
        public List<float[]> embedAll(List<String> texts) {
            return inner.embedAll(texts);
        }

        @Override
        public float[] embedQuery(String question) {
            return embedQueries(List.of(question)).get(0);
        }

        @Override
        public List<float[]> embedQueries(List<String> questions) {
            calls.add(questions);
            return questions.stream().map(inner::embedQuery).toList();
        }
    }

    @Test
    void pairs_eachTermWithTheNext_andThePartsOfAWordJoinedByAMark() {
        dev.docask.index.internal.QueryTerms t = dev.docask.index.internal.IndexEngine.of(INDEX.index())
                .queryTerms("client:only warns about a missing retry", true);

        List<List<String>> pairs = SearchQuery.pairs("client:only warns about a missing retry", t);

        assertThat(pairs).as("the question's stop words drop 'only'; the pages keep it, right after 'client'")
                .contains(List.of("client", "warn"), List.of("warn", "miss"), List.of("miss", "retri"), List.of("client", "onli"));
        assertThat(SearchQuery.pairs("retry", dev.docask.index.internal.IndexEngine.of(INDEX.index()).queryTerms("retry", true)))
                .isEmpty();
    }

    @Test
    void subject_isTheOpeningWhereItIsSearched_elseTheQuestion() {
        String asked = "Retry a failing test? We ran Jenkins for this before.";
        assertThat(SearchQuery.of(asked, INDEX.index(), Optional.empty(), RetrievalOptions.defaults(), e -> { }).subject())
                .isEqualTo("Retry a failing test?");
        assertThat(SearchQuery.of(asked, INDEX.index(), Optional.empty(), RetrievalOptions.parse("searchOpening=false"), e -> { })
                .subject()).as("the opening not searched").isEqualTo(asked);
        assertThat(SearchQuery.of("Retry a failing test", INDEX.index(), Optional.empty(), RetrievalOptions.defaults(), e -> { })
                .subject()).as("one sentence").isEqualTo("Retry a failing test");
    }

    @Test
    void questionAndOpening_areEmbeddedInOneCall() {
        Counting embedder = new Counting();
        SearchQuery q = SearchQuery.of("Retry a failing test? The nightly job flakes.", INDEX.index(),
                Optional.of(embedder), RetrievalOptions.defaults(), e -> { });
        assertThat(q.opening()).isEqualTo("Retry a failing test?");
        assertThat(embedder.calls).containsExactly(List.of("Retry a failing test? The nightly job flakes.", "Retry a failing test?"));
    }

    @Test
    void openingWithFewerThanTwoSearchableWords_isNotSearched() {
        Counting embedder = new Counting();
        SearchQuery q = SearchQuery.of("Hi! How do I retry a failing test?", INDEX.index(), Optional.of(embedder),
                RetrievalOptions.defaults(), e -> { });
        assertThat(q.opening()).isEmpty();
        assertThat(embedder.calls).containsExactly(List.of("Hi! How do I retry a failing test?"));
    }

    @Test
    void theGateSeesTheBetterOfTheTwoTexts() {
        String question = "Retry a failing test? Our quarterly budget spreadsheets and meetings are a mess.";
        int[] retry = {0};
        SearchQuery both = SearchQuery.of(question, INDEX.index(), Optional.empty(), RetrievalOptions.defaults(), e -> { });
        SearchQuery whole = SearchQuery.of(question, INDEX.index(), Optional.empty(),
                RetrievalOptions.builder().searchOpening(false).build(), e -> { });
        assertThat(both.coverages(retry)[0]).isEqualTo(1f).isGreaterThan(whole.coverages(retry)[0]);
        assertThat(both.hasVector()).isFalse();
        assertThat(both.similarities(retry)[0]).isNaN();
    }

    @Test
    void serves_theSameQuestion_unlessTheOptionsChangeWhatIsSearched() {
        RetrievalOptions o = RetrievalOptions.defaults();
        SearchQuery q = SearchQuery.of("Retry a failing test? It flakes.", INDEX.index(), Optional.empty(), o, e -> { });
        assertThat(q.serves("Retry a failing test? It flakes.", o.toBuilder().topK(20).withoutGate().build())).isTrue();
        assertThat(q.serves("Retry a failing test? It flakes.", o.toBuilder().searchOpening(false).build())).isFalse();
        assertThat(q.serves("Retry a failing test? It flakes.", o.toBuilder().retrievers(RetrievalOptions.Retrievers.BM25).build())).isFalse();
        assertThat(q.serves("Another question.", o)).isFalse();
        assertThat(q.serves(null, o)).isFalse();
    }

    @Test
    void embedderFailure_isReported_andTheQueryHasNoVector() {
        List<Throwable> errors = new ArrayList<>();
        Embedder broken = new Counting() {
            @Override
            public List<float[]> embedQueries(List<String> questions) {
                throw new IllegalStateException("model down");
            }
        };
        SearchQuery q = SearchQuery.of("Retry a failing test? It flakes.", INDEX.index(), Optional.of(broken),
                RetrievalOptions.defaults(), errors::add);
        assertThat(q.hasVector()).isFalse();
        assertThat(q.opening()).isEqualTo("Retry a failing test?");
        assertThat(errors).singleElement().satisfies(e -> assertThat(e).hasMessageContaining("model down"));
    }
}
