import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * What one point read costs Cassandra, at a given request rate: reads random entities of an
 * application through the driver (32 in flight, Meridian's consistency), paced to {@code -Drate}
 * per second (0: as fast as it goes), and prints Cassandra's CPU per read from {@code
 * /proc/<pid>/stat} (issue 17). Each statement runs twice; read the second round. Run with the
 * source launcher and the jars of the server's fat jar:
 *
 * <pre>
 * unzip -q -o stack/server/target/meridian.jar 'BOOT-INF/lib/*' -d /tmp/meridian-lib
 * java -Drate=6000 -cp "$(ls /tmp/meridian-lib/BOOT-INF/lib/*.jar | tr '\n' :)" \
 *   stack/loadtests/cassandra/ReadCost.java HOST:PORT KEYSPACE APP_ID PATHS_FILE SECONDS \
 *   CASSANDRA_PID "SELECT body FROM entities WHERE app_id = ? AND uuid = ?" ...
 * </pre>
 *
 * PATHS_FILE holds entity paths ending in their uuid, one a line (random-path.lua's input).
 */
public class ReadCost {
  public static void main(String[] args) throws Exception {
    String[] hostPort = args[0].split(":");
    String keyspace = args[1];
    UUID application = UUID.fromString(args[2]);
    List<UUID> ids = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of(args[3]))) {
      if (!line.isBlank()) {
        ids.add(UUID.fromString(line.substring(line.lastIndexOf('/') + 1)));
      }
    }
    int seconds = Integer.parseInt(args[4]);
    long cassandra = Long.parseLong(args[5]);
    long rate = Long.getLong("rate", 0);
    DriverConfigLoader config =
        DriverConfigLoader.programmaticBuilder()
            .withString(DefaultDriverOption.REQUEST_CONSISTENCY, "LOCAL_QUORUM")
            .withBoolean(DefaultDriverOption.REQUEST_DEFAULT_IDEMPOTENCE, true)
            .build();
    try (CqlSession session =
        CqlSession.builder()
            .withConfigLoader(config)
            .addContactPoint(new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1])))
            .withLocalDatacenter("datacenter1")
            .withKeyspace(keyspace)
            .build()) {
      for (int i = 6; i < args.length; i++) {
        PreparedStatement select = session.prepare(args[i]);
        for (int round = 1; round <= 2; round++) {
          long ticks = ticks(cassandra);
          long started = System.nanoTime();
          long reads = run(session, select, application, ids, seconds, rate);
          double elapsed = (System.nanoTime() - started) / 1e9;
          double micros = (ticks(cassandra) - ticks) * 10_000.0 / reads; // 100 ticks a second
          System.out.printf(
              "%s%n  round %d: %d reads, %.0f/s, Cassandra %.1f us of CPU per read%n",
              args[i], round, reads, reads / elapsed, micros);
        }
      }
    }
  }

  private static long run(
      CqlSession session,
      PreparedStatement select,
      UUID application,
      List<UUID> ids,
      int seconds,
      long rate)
      throws InterruptedException {
    long started = System.nanoTime();
    long end = started + seconds * 1_000_000_000L;
    Semaphore inFlight = new Semaphore(32);
    AtomicLong done = new AtomicLong();
    for (long sent = 0; System.nanoTime() < end; sent++) {
      inFlight.acquire();
      if (rate > 0) {
        long due = started + sent * 1_000_000_000L / rate;
        for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
          LockSupport.parkNanos(wait);
        }
      }
      UUID id = ids.get(ThreadLocalRandom.current().nextInt(ids.size()));
      session
          .executeAsync(select.bind(application, id))
          .whenComplete(
              (rows, failure) -> {
                if (failure == null && rows.one() != null) {
                  done.incrementAndGet();
                }
                inFlight.release();
              });
    }
    inFlight.acquire(32);
    return done.get();
  }

  private static long ticks(long pid) throws java.io.IOException {
    String[] fields = Files.readString(Path.of("/proc/" + pid + "/stat")).split(" ");
    return Long.parseLong(fields[13]) + Long.parseLong(fields[14]);
  }
}
