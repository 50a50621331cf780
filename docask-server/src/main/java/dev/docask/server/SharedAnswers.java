package dev.docask.server;

import dev.docask.server.internal.SharedState;
import dev.docask.server.internal.SharedState.Given;
import dev.docask.server.internal.SharedStateUnavailable;
import dev.docask.answer.internal.ApiException;

import java.util.Optional;

/*
 * Answer ids every replica knows: feedback posted to B on an answer A gave is taken, and the one
 * rating per answer holds across replicas (the claim is one SET NX in the store). While the store
 * is lost, an answer is not remembered (feedback on it will be a 404) and feedback is a 503.
 */
final class SharedAnswers implements GivenAnswers {
    private final SharedState state;

    SharedAnswers(SharedState state) {
        this.state = state;
    }

    @Override
    public void remember(String id, String question, String text) {
        try {
            state.remember(id, new Given(question, text), KEPT);
        } catch (SharedStateUnavailable e) {
            // the store logs its outage; the answer itself was sent
        }
    }

    @Override
    public Optional<Given> find(String id) {
        try {
            return state.find(id);
        } catch (SharedStateUnavailable e) {
            throw unavailable();
        }
    }

    @Override
    public boolean claimFeedback(String id) {
        try {
            return state.claim(id, KEPT);
        } catch (SharedStateUnavailable e) {
            throw unavailable();
        }
    }

    @Override
    public void releaseFeedback(String id) {
        try {
            state.unclaim(id);
        } catch (SharedStateUnavailable e) {
            // the claim expires with the answer
        }
    }

    private static ApiException.Unavailable unavailable() {
        return new ApiException.Unavailable("Feedback cannot be taken right now; please try again in a few seconds.",
                SharedBudget.RETRY_SECONDS);
    }
}
