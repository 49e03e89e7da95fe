package io.meridian.core.common;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/** Cassandra's health: a read of {@code system.local}, and the driver's view of its nodes. */
public final class CassandraHealth implements StorageHealth {
  private final CqlSession session;

  public CassandraHealth(CqlSession session) {
    this.session = session;
  }

  @Override
  public CompletionStage<Boolean> probe(Duration timeout) {
    return session
        .executeAsync(
            SimpleStatement.newInstance("SELECT release_version FROM system.local")
                .setTimeout(timeout))
        .toCompletableFuture()
        .handle((result, error) -> error == null && result.one() != null)
        .completeOnTimeout(false, timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** A node is up and the driver holds a connection to it. */
  @Override
  public boolean connected() {
    return session.getMetadata().getNodes().values().stream()
        .anyMatch(node -> node.getState() == NodeState.UP && node.getOpenConnections() > 0);
  }
}
