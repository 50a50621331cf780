package dev.docask.cli;

import dev.docask.answer.AskException;
import dev.docask.index.IndexException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FailuresTest {

    @Test
    void describe_answerThatFailedOnItsIndex_saysWhatTheIndexSaid_notTheServersSentenceForClients() {
        IndexException solr = new IndexException("Solr at solr://127.0.0.1:8983/solr/docs did not answer (a BM25 search): "
                + "Connection refused; is it running and reachable?");

        assertThat(Failures.describe(new AskException("The documentation's index cannot be read right now.", solr)))
                .isEqualTo(solr.getMessage());
    }

    @Test
    void describe_answerThatFailedOnItsModel_keepsItsOwnSentence() {
        AskException model = new AskException("The model did not answer within 60 s.", new RuntimeException("timeout"));

        assertThat(Failures.describe(model)).isEqualTo("The model did not answer within 60 s.");
    }

    @Test
    void describe_solrPublishThatWaitedItsTurnInVain_namesTheFlagThatSetsTheWait() {
        IndexException busy = new IndexException("site 'vitest' is being published by host ci-7 (pid 4242) since …; waited 10 s",
                "wait", null);

        assertThat(Failures.describe(busy)).isEqualTo(busy.getMessage() + " (--lock-timeout)");
    }
}
