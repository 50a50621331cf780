package dev.docask.server;

import dev.docask.answer.internal.AnswerEnding;

/*
 * The seam between the ask and feedback routes and where the question log is kept: JSON Lines files
 * in a folder today (JsonLinesQuestionLog), a store shared by replicas later. A log hashes the client
 * key itself, because the salt belongs to the place the log is kept.
 */
/** Keeps one record per question that got an answer id, and the feedback on it (docs/design.md#question-log). */
interface QuestionLog {
    /**
     * Records how one question ended; never throws: a question log that cannot be written is logged,
     * and the reader still gets the answer.
     *
     * @param clientKey the rate-limit key of the client (its address); only a salted hash of it is kept
     */
    void question(AnswerEnding ending, String clientKey);

    /** Records a reader's rating of an answer, joined to the question by its answer id when reported. */
    void feedback(Feedback feedback);
}
