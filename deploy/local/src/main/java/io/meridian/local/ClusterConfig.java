package io.meridian.local;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A local cluster on loopback: three Cassandra nodes on 127.0.0.1–3, two Elasticsearch nodes, up to
 * {@link #MAX_REST_NODES} Meridian REST nodes and HAProxy in front. All state lives under {@code
 * dataDir}; every port is a fixed base plus {@code portOffset}, so two clusters (a developer's and
 * the tests') can run side by side.
 *
 * @param jar the Meridian server jar; the cluster runs a copy of it, so a rebuild cannot break
 *     running nodes
 * @param javaHome the JDK that runs every JVM of the cluster (Cassandra 5.0 needs Java 17)
 * @param restCpus the CPU share of each REST node (cgroup quota); 0 for no limit
 * @param restArguments extra {@code --key=value} arguments for every REST node
 * @param restJvmOptions JVM options for every REST node, before the jar (none by default; tests
 *     whose nodes measure nothing pass {@link JvmOptions#SHORT_LIVED})
 */
public record ClusterConfig(
    Path dataDir,
    Path jar,
    Path javaHome,
    int portOffset,
    String cassandraHeap,
    String elasticsearchHeap,
    String restHeap,
    double restCpus,
    Duration startTimeout,
    List<String> restArguments,
    List<String> restJvmOptions) {

  public static final int CASSANDRA_NODES = 3;
  public static final int ELASTICSEARCH_NODES = 2;
  public static final int MAX_REST_NODES = 16;

  public ClusterConfig {
    Objects.requireNonNull(dataDir, "dataDir");
    Objects.requireNonNull(jar, "jar");
    Objects.requireNonNull(javaHome, "javaHome");
    dataDir = dataDir.toAbsolutePath().normalize();
    jar = jar.toAbsolutePath().normalize();
    javaHome = javaHome.toAbsolutePath().normalize();
    Sizes.parseBytes(cassandraHeap);
    Sizes.parseBytes(elasticsearchHeap);
    Sizes.parseBytes(restHeap);
    if (restCpus < 0 || restCpus > 64) {
      throw new IllegalArgumentException("restCpus must be between 0 and 64: " + restCpus);
    }
    if (portOffset < -20000 || portOffset > 30000) {
      throw new IllegalArgumentException("portOffset must be between -20000 and 30000");
    }
    restArguments = List.copyOf(restArguments);
    restJvmOptions = List.copyOf(restJvmOptions);
  }

  /**
   * Heaps that fit the whole cluster with three REST nodes in about 11 GB: Cassandra 1 GB, ES 768
   * MB, REST 1 GB; no CPU limit; this JVM's Java; a 300 s start timeout.
   */
  public static ClusterConfig defaults(Path dataDir, Path jar) {
    return new ClusterConfig(
        dataDir,
        jar,
        Path.of(System.getProperty("java.home")),
        0,
        "1g",
        "768m",
        "1g",
        0,
        Duration.ofSeconds(300),
        List.of(),
        List.of());
  }

  public ClusterConfig withPortOffset(int offset) {
    return new ClusterConfig(
        dataDir,
        jar,
        javaHome,
        offset,
        cassandraHeap,
        elasticsearchHeap,
        restHeap,
        restCpus,
        startTimeout,
        restArguments,
        restJvmOptions);
  }

  public ClusterConfig withHeaps(String cassandra, String elasticsearch, String rest) {
    return new ClusterConfig(
        dataDir,
        jar,
        javaHome,
        portOffset,
        cassandra,
        elasticsearch,
        rest,
        restCpus,
        startTimeout,
        restArguments,
        restJvmOptions);
  }

  public ClusterConfig withRestCpus(double cpus) {
    return new ClusterConfig(
        dataDir,
        jar,
        javaHome,
        portOffset,
        cassandraHeap,
        elasticsearchHeap,
        restHeap,
        cpus,
        startTimeout,
        restArguments,
        restJvmOptions);
  }

  public ClusterConfig withRestArguments(List<String> arguments) {
    return new ClusterConfig(
        dataDir,
        jar,
        javaHome,
        portOffset,
        cassandraHeap,
        elasticsearchHeap,
        restHeap,
        restCpus,
        startTimeout,
        arguments,
        restJvmOptions);
  }

  public ClusterConfig withRestJvmOptions(List<String> options) {
    return new ClusterConfig(
        dataDir,
        jar,
        javaHome,
        portOffset,
        cassandraHeap,
        elasticsearchHeap,
        restHeap,
        restCpus,
        startTimeout,
        restArguments,
        options);
  }

  public ClusterConfig withJavaHome(Path home) {
    return new ClusterConfig(
        dataDir,
        jar,
        home,
        portOffset,
        cassandraHeap,
        elasticsearchHeap,
        restHeap,
        restCpus,
        startTimeout,
        restArguments,
        restJvmOptions);
  }

  public ClusterConfig withStartTimeout(Duration timeout) {
    return new ClusterConfig(
        dataDir,
        jar,
        javaHome,
        portOffset,
        cassandraHeap,
        elasticsearchHeap,
        restHeap,
        restCpus,
        timeout,
        restArguments,
        restJvmOptions);
  }

  /** The load balancer's port: 28080 plus the offset. */
  public int loadBalancerPort() {
    return 28080 + portOffset;
  }

  /** HAProxy's statistics page (CSV at {@code /;csv}). */
  public int statsPort() {
    return 28079 + portOffset;
  }

  /** REST node {@code i} (from 1) listens on the load balancer's port plus {@code i}. */
  public int restPort(int i) {
    return loadBalancerPort() + i;
  }

  /**
   * HAProxy's device port: Cometa's protocol (HTTP chunks and its WebSocket form), 28400 plus the
   * offset. The device ranges sit where neither this cluster's other ports nor those of a cluster
   * 1000 ports away fall.
   */
  public int deviceLoadBalancerPort() {
    return 28400 + portOffset;
  }

  /**
   * REST node {@code i} (from 1) takes devices on the device load balancer's port plus {@code i}.
   */
  public int devicePort(int i) {
    return deviceLoadBalancerPort() + i;
  }

  /** HAProxy's MQTT port: 28883 plus the offset. */
  public int mqttLoadBalancerPort() {
    return 28883 + portOffset;
  }

  /** REST node {@code i} (from 1) takes MQTT on the MQTT load balancer's port plus {@code i}. */
  public int mqttPort(int i) {
    return mqttLoadBalancerPort() + i;
  }

  /** Every Cassandra node's CQL port, each on its own address. */
  public int cassandraPort() {
    return 29042 + portOffset;
  }

  public int cassandraStoragePort() {
    return 27000 + portOffset;
  }

  int cassandraJmxPort(int i) {
    return 27200 + portOffset + i;
  }

  /** Cassandra node {@code i} (from 1) is on 127.0.0.i. */
  public String cassandraHost(int i) {
    return "127.0.0." + i;
  }

  public int elasticsearchPort(int i) {
    return 29199 + portOffset + i;
  }

  int elasticsearchTransportPort(int i) {
    return 29299 + portOffset + i;
  }
}
