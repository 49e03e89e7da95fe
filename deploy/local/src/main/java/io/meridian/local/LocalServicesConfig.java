package io.meridian.local;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Everything the launcher needs to know; all state lives under {@code dataDir}.
 *
 * @param javaHome the JDK that runs both services (Cassandra 5.0 needs Java 17)
 */
public record LocalServicesConfig(
    Path dataDir,
    String host,
    int cassandraPort,
    int cassandraStoragePort,
    int elasticsearchPort,
    int elasticsearchTransportPort,
    String cassandraHeap,
    String elasticsearchHeap,
    Duration startTimeout,
    CommitLogSync commitLogSync,
    Path javaHome) {

  public LocalServicesConfig {
    Objects.requireNonNull(dataDir, "dataDir");
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(startTimeout, "startTimeout");
    Objects.requireNonNull(commitLogSync, "commitLogSync");
    Objects.requireNonNull(javaHome, "javaHome");
    dataDir = dataDir.toAbsolutePath().normalize();
    javaHome = javaHome.toAbsolutePath().normalize();
    Sizes.parseBytes(cassandraHeap);
    Sizes.parseBytes(elasticsearchHeap);
  }

  /** 127.0.0.1, the standard ports, 1g heaps, 180 s start timeout, BATCH sync, this JVM's Java. */
  public static LocalServicesConfig defaults(Path dataDir) {
    return new LocalServicesConfig(
        dataDir,
        "127.0.0.1",
        9042,
        7000,
        9200,
        9300,
        "1g",
        "1g",
        Duration.ofSeconds(180),
        CommitLogSync.BATCH,
        Path.of(System.getProperty("java.home")));
  }

  public LocalServicesConfig withDataDir(Path newDataDir) {
    return new LocalServicesConfig(
        newDataDir,
        host,
        cassandraPort,
        cassandraStoragePort,
        elasticsearchPort,
        elasticsearchTransportPort,
        cassandraHeap,
        elasticsearchHeap,
        startTimeout,
        commitLogSync,
        javaHome);
  }

  public LocalServicesConfig withHost(String newHost) {
    return new LocalServicesConfig(
        dataDir,
        newHost,
        cassandraPort,
        cassandraStoragePort,
        elasticsearchPort,
        elasticsearchTransportPort,
        cassandraHeap,
        elasticsearchHeap,
        startTimeout,
        commitLogSync,
        javaHome);
  }

  public LocalServicesConfig withPorts(
      int newCassandraPort,
      int newCassandraStoragePort,
      int newElasticsearchPort,
      int newElasticsearchTransportPort) {
    return new LocalServicesConfig(
        dataDir,
        host,
        newCassandraPort,
        newCassandraStoragePort,
        newElasticsearchPort,
        newElasticsearchTransportPort,
        cassandraHeap,
        elasticsearchHeap,
        startTimeout,
        commitLogSync,
        javaHome);
  }

  public LocalServicesConfig withHeaps(String newCassandraHeap, String newElasticsearchHeap) {
    return new LocalServicesConfig(
        dataDir,
        host,
        cassandraPort,
        cassandraStoragePort,
        elasticsearchPort,
        elasticsearchTransportPort,
        newCassandraHeap,
        newElasticsearchHeap,
        startTimeout,
        commitLogSync,
        javaHome);
  }

  public LocalServicesConfig withStartTimeout(Duration newStartTimeout) {
    return new LocalServicesConfig(
        dataDir,
        host,
        cassandraPort,
        cassandraStoragePort,
        elasticsearchPort,
        elasticsearchTransportPort,
        cassandraHeap,
        elasticsearchHeap,
        newStartTimeout,
        commitLogSync,
        javaHome);
  }

  public LocalServicesConfig withCommitLogSync(CommitLogSync newCommitLogSync) {
    return new LocalServicesConfig(
        dataDir,
        host,
        cassandraPort,
        cassandraStoragePort,
        elasticsearchPort,
        elasticsearchTransportPort,
        cassandraHeap,
        elasticsearchHeap,
        startTimeout,
        newCommitLogSync,
        javaHome);
  }

  public LocalServicesConfig withJavaHome(Path newJavaHome) {
    return new LocalServicesConfig(
        dataDir,
        host,
        cassandraPort,
        cassandraStoragePort,
        elasticsearchPort,
        elasticsearchTransportPort,
        cassandraHeap,
        elasticsearchHeap,
        startTimeout,
        commitLogSync,
        newJavaHome);
  }

  /** Cassandra's JMX port, derived so that instances with distinct storage ports never collide. */
  int cassandraJmxPort() {
    return cassandraStoragePort + 199;
  }
}
