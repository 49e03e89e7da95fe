package io.meridian.local;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * Starts, stops and inspects a local single-node Cassandra and Elasticsearch whose state lives
 * under one data directory. Every operation is idempotent and safe to call from several JVMs at
 * once: a lock file serialises them, and pid files plus command-line checks identify the running
 * servers.
 */
public final class LocalServices {

  private final LocalServicesConfig config;
  private final Layout layout;
  private final CassandraService cassandra;
  private final ElasticsearchService elasticsearch;
  private final Watchdog watchdog;

  LocalServices(LocalServicesConfig config, ServerArtifacts artifacts) {
    this.config = config;
    this.layout = new Layout(config.dataDir());
    this.cassandra = new CassandraService(config, artifacts);
    this.elasticsearch = new ElasticsearchService(config, artifacts);
    this.watchdog = new Watchdog(layout, List.of(cassandra, elasticsearch));
  }

  public static LocalServices create(LocalServicesConfig config) {
    return new LocalServices(config, ServerArtifacts.fromClasspath());
  }

  public LocalServicesConfig config() {
    return config;
  }

  /** Starts both services in parallel, or reuses the running ones; returns once both are ready. */
  public Endpoints start() {
    return locked(
        () -> {
          preflight(List.of(cassandra, elasticsearch));
          List<String> failures = inParallel(List.of(cassandra::start, elasticsearch::start));
          if (!failures.isEmpty()) {
            throw new LocalServicesException(String.join("\n\n", failures));
          }
          return endpoints();
        });
  }

  /**
   * As {@link #start()}, and stops both services once process {@code ownerPid} is gone. The
   * watchdog starts first, so that it also covers a service left running by a failed start.
   */
  public Endpoints start(long ownerPid) {
    locked(
        () -> {
          watchdog.ensureWatching(ownerPid);
          return null;
        });
    return start();
  }

  /** Stops both services gracefully (SIGTERM, then SIGKILL after a grace period). Idempotent. */
  public void stop() {
    locked(
        () -> {
          watchdog.retire();
          List<String> failures = inParallel(List.of(cassandra::stop, elasticsearch::stop));
          if (!failures.isEmpty()) {
            throw new LocalServicesException(String.join("\n\n", failures));
          }
          return null;
        });
  }

  public ServicesStatus status() {
    return new ServicesStatus(cassandra.status(), elasticsearch.status());
  }

  public void startCassandra() {
    locked(
        () -> {
          preflight(List.of(cassandra));
          cassandra.start();
          return null;
        });
  }

  public void stopCassandra() {
    locked(
        () -> {
          cassandra.stop();
          return null;
        });
  }

  /** SIGKILL, as a crash would: for fault tests. */
  public void killCassandra() {
    locked(
        () -> {
          cassandra.kill();
          return null;
        });
  }

  public void startElasticsearch() {
    locked(
        () -> {
          preflight(List.of(elasticsearch));
          elasticsearch.start();
          return null;
        });
  }

  public void stopElasticsearch() {
    locked(
        () -> {
          elasticsearch.stop();
          return null;
        });
  }

  public Endpoints endpoints() {
    return new Endpoints(config.host(), config.cassandraPort(), "datacenter1", elasticsearch.url());
  }

  private void preflight(List<ManagedService> services) {
    List<ManagedService> toStart = services.stream().filter(s -> s.runningPid().isEmpty()).toList();
    if (toStart.isEmpty()) {
      return;
    }
    int java = Preflight.checkJava(config.javaHome(), 17);
    if (toStart.contains(cassandra) && java != 17) {
      throw new LocalServicesException(
          "Cassandra 5.0 runs on Java 17, but "
              + config.javaHome()
              + " is Java "
              + java
              + ". Pass --java-home <jdk-17-directory> (e.g. /usr/lib/jvm/java-17-openjdk-amd64).");
    }
    for (ManagedService service : toStart) {
      Preflight.checkPortsFree(config.host(), service.ports());
    }
    List<String> heaps = new ArrayList<>();
    if (toStart.contains(cassandra)) {
      heaps.add(config.cassandraHeap());
    }
    if (toStart.contains(elasticsearch)) {
      heaps.add(config.elasticsearchHeap());
    }
    String names = String.join(" and ", toStart.stream().map(ManagedService::name).toList());
    Preflight.checkMemory(names, heaps, Preflight.availableMemory());
    Preflight.checkDisk(config.dataDir(), Preflight.MIN_FREE_DISK);
  }

  private <T> T locked(Supplier<T> action) {
    return DirectoryLock.holding(layout.lockFile(), config.dataDir(), action);
  }

  /**
   * Runs the actions on threads of their own (the common pool has one thread on two cores) and
   * returns the failure messages.
   */
  static List<String> inParallel(List<Runnable> actions) {
    if (actions.isEmpty()) {
      return List.of();
    }
    ExecutorService executor = Executors.newFixedThreadPool(actions.size());
    try {
      List<CompletableFuture<Void>> futures =
          actions.stream().map(action -> CompletableFuture.runAsync(action, executor)).toList();
      List<String> failures = new ArrayList<>();
      for (CompletableFuture<Void> future : futures) {
        try {
          future.join();
        } catch (CompletionException failure) {
          failures.add(messageOf(failure.getCause()));
        }
      }
      return failures;
    } finally {
      executor.shutdown();
    }
  }

  private static String messageOf(Throwable failure) {
    return failure instanceof LocalServicesException ? failure.getMessage() : failure.toString();
  }
}
