package io.meridian.local;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;

/**
 * Measures what each commit log sync mode costs: N single-row inserts at consistency ONE with 32 in
 * flight against a fresh local Cassandra, reporting writes/s and latency percentiles. Run by hand
 * (see docs/local-services.md); args: rows (default 100000), then modes (default all).
 */
final class CommitLogSyncBenchmark {

  private static final int CONCURRENCY = 32;

  public static void main(String[] args) throws Exception {
    int rows = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
    CommitLogSync[] modes =
        args.length > 1
            ? Arrays.stream(args, 1, args.length)
                .map(CommitLogSync::valueOf)
                .toArray(CommitLogSync[]::new)
            : CommitLogSync.values();
    for (CommitLogSync mode : modes) {
      Path dataDir =
          Files.createTempDirectory("meridian-bench-" + mode.name().toLowerCase(Locale.ROOT));
      LocalServicesConfig config =
          LocalServicesConfig.defaults(dataDir)
              .withPorts(29042, 27000, 29200, 29300)
              .withCommitLogSync(mode);
      LocalServices services = LocalServices.create(config);
      services.startCassandra();
      try (CqlSession session = CommitLogDurabilityIT.session(services.endpoints())) {
        session.execute(
            CommitLogDurabilityIT.slow(
                "CREATE KEYSPACE bench WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"));
        session.execute(
            CommitLogDurabilityIT.slow("CREATE TABLE bench.t (id int PRIMARY KEY, v text)"));
        PreparedStatement insert = session.prepare("INSERT INTO bench.t (id, v) VALUES (?, ?)");
        run(session, insert, 0, 10_000, null);
        long[] latencies = new long[rows];
        long start = System.nanoTime();
        run(session, insert, 10_000, rows, latencies);
        double seconds = (System.nanoTime() - start) / 1e9;
        Arrays.sort(latencies);
        System.out.printf(
            Locale.ROOT,
            "%-8s %,d writes in %.1f s: %,.0f writes/s, p50 %.2f ms, p99 %.2f ms%n",
            mode,
            rows,
            seconds,
            rows / seconds,
            latencies[rows / 2] / 1e6,
            latencies[(int) (rows * 0.99)] / 1e6);
      } finally {
        services.stopCassandra();
        ElasticsearchFiles.deleteRecursively(dataDir);
      }
    }
  }

  private static void run(
      CqlSession session, PreparedStatement insert, int offset, int count, long[] latencies)
      throws InterruptedException {
    Semaphore inFlight = new Semaphore(CONCURRENCY);
    CompletableFuture<?>[] writes = new CompletableFuture<?>[count];
    for (int i = 0; i < count; i++) {
      int index = i;
      long sent = System.nanoTime();
      inFlight.acquire();
      writes[i] =
          session
              .executeAsync(
                  insert.bind(offset + i, "value " + i).setConsistencyLevel(ConsistencyLevel.ONE))
              .toCompletableFuture()
              .whenComplete(
                  (result, failure) -> {
                    if (latencies != null) {
                      latencies[index] = System.nanoTime() - sent;
                    }
                    inFlight.release();
                  });
    }
    CompletableFuture.allOf(writes).join();
  }
}
