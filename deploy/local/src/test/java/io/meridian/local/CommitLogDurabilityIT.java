package io.meridian.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import org.junit.jupiter.api.Test;

/** The property the commit log sync choice exists for: no acknowledged write lost to kill -9. */
class CommitLogDurabilityIT {

  private static final int ROWS = 2_000;
  private static final int CONCURRENCY = 32;

  @Test
  void acknowledged_writes_survive_kill_9_of_cassandra() throws InterruptedException {
    Endpoints endpoints = SharedServices.get();
    String keyspace = "durability_" + UUID.randomUUID().toString().replace("-", "");
    Set<Integer> acknowledged = ConcurrentHashMap.newKeySet();

    try (CqlSession session = session(endpoints)) {
      session.execute(
          slow(
              "CREATE KEYSPACE "
                  + keyspace
                  + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"));
      session.execute(slow("CREATE TABLE " + keyspace + ".t (id int PRIMARY KEY, v text)"));
      PreparedStatement insert =
          session.prepare("INSERT INTO " + keyspace + ".t (id, v) VALUES (?, ?)");
      Semaphore inFlight = new Semaphore(CONCURRENCY);
      CompletableFuture<?>[] writes = new CompletableFuture<?>[ROWS];
      for (int i = 0; i < ROWS; i++) {
        int id = i;
        inFlight.acquire();
        writes[i] =
            session
                .executeAsync(
                    insert.bind(id, "value " + id).setConsistencyLevel(ConsistencyLevel.ONE))
                .toCompletableFuture()
                .whenComplete(
                    (result, failure) -> {
                      inFlight.release();
                      if (failure == null) {
                        acknowledged.add(id);
                      }
                    });
      }
      CompletableFuture.allOf(writes).exceptionally(failure -> null).join();
    }

    SharedServices.services().killCassandra();
    SharedServices.services().startCassandra();

    Set<Integer> found = new HashSet<>();
    try (CqlSession session = session(endpoints)) {
      for (Row row : session.execute(slow("SELECT id FROM " + keyspace + ".t"))) {
        found.add(row.getInt("id"));
      }
      session.execute(slow("DROP KEYSPACE " + keyspace));
    }
    assertThat(acknowledged).hasSize(ROWS);
    assertThat(found).containsAll(acknowledged);
  }

  /** Schema changes and the first scan after a restart can exceed the driver's 2 s default. */
  static SimpleStatement slow(String cql) {
    return SimpleStatement.newInstance(cql).setTimeout(Duration.ofSeconds(30));
  }

  static CqlSession session(Endpoints endpoints) {
    return CqlSession.builder()
        .addContactPoint(
            new InetSocketAddress(endpoints.cassandraHost(), endpoints.cassandraPort()))
        .withLocalDatacenter(endpoints.localDatacenter())
        .build();
  }
}
