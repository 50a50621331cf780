/**
 * Shared state for docask serve replicas through Redis ({@code --redis}): the answer cache, the
 * per-client rate limits, the daily budget and the answer ids for feedback, each atomic in Redis.
 * Found by docask-server through {@link java.util.ServiceLoader}; nothing here is docask's API.
 */
@NullMarked
package dev.docask.redis;

import org.jspecify.annotations.NullMarked;
