package io.meridian.core.identity.login;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Failed logins shared by every REST node, so that attempts spread over the nodes are counted
 * together. Keys are opaque to the store; {@link LoginThrottle} namespaces them.
 */
public interface LoginFailureStore {

  /**
   * The failures recorded under {@code key} at or after {@code since}, newest first, at most {@code
   * limit} of them. Asynchronous so that one check can read a user's and an address's history at
   * the same time.
   */
  CompletionStage<List<Instant>> recent(String key, Instant since, int limit);

  /** Records a failure at {@code at} that is forgotten by itself once {@code ttl} has passed. */
  void record(String key, Instant at, Duration ttl);

  /** Forgets every failure recorded under {@code key}. */
  void clear(String key);
}
