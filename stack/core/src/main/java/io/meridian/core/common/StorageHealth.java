package io.meridian.core.common;

import java.time.Duration;
import java.util.concurrent.CompletionStage;

/** Whether the store of truth answers, as health checks and load balancers ask. */
public interface StorageHealth {
  /** Completes with whether the store answered a trivial read within {@code timeout}. */
  CompletionStage<Boolean> probe(Duration timeout);

  /** Whether this node holds a live connection to the store now; cheap, never blocks. */
  boolean connected();
}
