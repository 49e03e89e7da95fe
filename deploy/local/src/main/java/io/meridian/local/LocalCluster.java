package io.meridian.local;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Meridian cluster on one machine: three Cassandra nodes (RF 3, quorum), two Elasticsearch nodes
 * (one replica), N REST nodes and HAProxy, all over loopback and all under one data directory.
 * Every operation is idempotent: {@link #up} starts whatever is missing, so it also brings back a
 * killed node. A lock file serialises operations from several processes. This class runs the parts'
 * lifecycle; {@link ClusterNodes} lays them out, {@link ClusterProbe} reports on them.
 */
public final class LocalCluster {

  private static final Logger log = LoggerFactory.getLogger(LocalCluster.class);

  private final ClusterConfig config;
  private final Layout layout;
  private final ClusterCredentials credentials;
  private final ClusterNodes nodes;
  private final List<CassandraService> cassandra;
  private final List<ElasticsearchService> elasticsearch;
  private final LoadBalancerService loadBalancer;
  private final ClusterProbe probe;

  LocalCluster(ClusterConfig config, ServerArtifacts artifacts) {
    this.config = config;
    this.layout = new Layout(config.dataDir());
    this.credentials = new ClusterCredentials(layout.run());
    this.nodes = new ClusterNodes(config, artifacts, layout.run(), credentials);
    this.cassandra = nodes.cassandra;
    this.elasticsearch = nodes.elasticsearch;
    this.loadBalancer = nodes.loadBalancer;
    this.probe = new ClusterProbe(nodes, loadBalancerUrl(), deviceEndpoint(), mqttEndpoint());
  }

  public static LocalCluster create(ClusterConfig config) {
    return new LocalCluster(config, ServerArtifacts.fromClasspath());
  }

  public ClusterConfig config() {
    return config;
  }

  public URI loadBalancerUrl() {
    return URI.create("http://127.0.0.1:" + config.loadBalancerPort());
  }

  /** Where devices attach with Cometa's protocol (HTTP chunks or WebSocket): HAProxy, as TCP. */
  public URI deviceEndpoint() {
    return URI.create("http://127.0.0.1:" + config.deviceLoadBalancerPort());
  }

  /** Where MQTT devices connect: HAProxy, as TCP. */
  public URI mqttEndpoint() {
    return URI.create("mqtt://127.0.0.1:" + config.mqttLoadBalancerPort());
  }

  /** REST node {@code i} (from 1), directly, bypassing the load balancer. */
  public URI restUrl(int i) {
    return URI.create("http://127.0.0.1:" + config.restPort(i));
  }

  /** The superuser's password, generated at the first {@link #up} and kept under run/. */
  public String superuserPassword() {
    return credentials.superuserPassword();
  }

  /**
   * Starts every missing part and scales the REST tier to {@code restNodes}: Cassandra's seed first
   * and the two others after it, the Elasticsearch nodes together (they elect a master between
   * them), then REST node 1 (which creates the schema), the other REST nodes, and HAProxy.
   */
  public ClusterStatus up(int restNodes) {
    checkRestNodes(restNodes);
    return locked(
        () -> {
          preflight();
          credentials.ensure();
          List<String> failures =
              inParallel(
                  List.of(
                      () -> {
                        cassandra.get(0).start();
                        failOn(
                            inParallel(
                                cassandra.subList(1, cassandra.size()).stream()
                                    .<Runnable>map(node -> node::start)
                                    .toList()));
                      },
                      () ->
                          failOn(
                              inParallel(
                                  elasticsearch.stream()
                                      .<Runnable>map(node -> node::start)
                                      .toList()))));
          failOn(failures);
          scaleLocked(restNodes);
          return probe.now();
        });
  }

  /** {@link #up} with the REST node count of the last up or scale (3 at first). */
  public ClusterStatus up() {
    return up(nodes.desiredRestNodes());
  }

  /**
   * Starts or stops REST nodes until {@code restNodes} run, and points HAProxy at them. Nodes leave
   * the load balancer before they stop, so no request is sent to a stopping node.
   */
  public ClusterStatus scale(int restNodes) {
    checkRestNodes(restNodes);
    return locked(
        () -> {
          scaleLocked(restNodes);
          return probe.now();
        });
  }

  /** SIGKILL one part, as a crash would: {@code rest-N}, {@code cassandra-N}, {@code es-N}, lb. */
  public void kill(String node) {
    locked(
        () -> {
          nodes.named(node).kill();
          return null;
        });
  }

  /** Stops one part gracefully (SIGTERM, then SIGKILL after its grace period). */
  public void stop(String node) {
    locked(
        () -> {
          nodes.named(node).stop();
          return null;
        });
  }

  /** Starts one part (see {@link #up} to start everything that is missing). */
  public void start(String node) {
    locked(
        () -> {
          ManagedService service = nodes.named(node);
          if (service instanceof RestNodeService) {
            ensureJar();
          }
          service.start();
          return null;
        });
  }

  /** Stops everything: the load balancer and REST nodes first, then the stores. Idempotent. */
  public void down() {
    locked(
        () -> {
          watchdog().retire();
          loadBalancer.stop();
          failOn(
              inParallel(
                  nodes.restNodes(nodes.maxRestNode()).stream()
                      .<Runnable>map(n -> n::stop)
                      .toList()));
          List<Runnable> stores = new ArrayList<>();
          cassandra.forEach(node -> stores.add(node::stop));
          elasticsearch.forEach(node -> stores.add(node::stop));
          failOn(inParallel(stores));
          return null;
        });
  }

  /** Stops the whole cluster once process {@code ownerPid} is gone (for tests). */
  public void stopWhenGone(long ownerPid) {
    locked(
        () -> {
          watchdog().ensureWatching(ownerPid);
          return null;
        });
  }

  public ClusterStatus status() {
    return probe.now();
  }

  private void scaleLocked(int restNodes) {
    ensureJar();
    List<RestNodeService> wanted = nodes.restNodes(restNodes);
    List<RestNodeService> surplus =
        nodes.restNodes(nodes.maxRestNode()).stream().skip(restNodes).toList();
    // Node 1 first: it creates the keyspace and tables, which concurrent creators would race.
    wanted.get(0).start();
    failOn(inParallel(wanted.stream().skip(1).<Runnable>map(n -> n::start).toList()));
    loadBalancer.backends(wanted);
    if (loadBalancer.runningPid().isPresent()) {
      loadBalancer.reload();
    } else {
      loadBalancer.start();
    }
    probe.awaitBackendsUp(wanted);
    failOn(inParallel(surplus.stream().<Runnable>map(n -> n::stop).toList()));
    nodes.writeDesiredRestNodes(restNodes);
  }

  private Watchdog watchdog() {
    List<ManagedService> all = new ArrayList<>();
    all.addAll(nodes.restNodes(ClusterConfig.MAX_REST_NODES));
    all.add(loadBalancer);
    all.addAll(cassandra);
    all.addAll(elasticsearch);
    return new Watchdog(layout, all);
  }

  private void preflight() {
    int java = Preflight.checkJava(config.javaHome(), 17);
    if (java != 17) {
      throw new LocalServicesException(
          "Cassandra 5.0 runs on Java 17, but "
              + config.javaHome()
              + " is Java "
              + java
              + ". Pass --java-home <jdk-17-directory>.");
    }
    Haproxy.ensureInstalled();
    if (!Files.isRegularFile(config.jar()) && !Files.isRegularFile(nodes.jarCopy())) {
      throw new LocalServicesException(
          "The server jar " + config.jar() + " does not exist. Build it: ./meridian build");
    }
    List<String> heaps = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (CassandraService node : cassandra) {
      if (node.runningPid().isEmpty()) {
        heaps.add(config.cassandraHeap());
        names.add(node.name());
      }
    }
    for (ElasticsearchService node : elasticsearch) {
      if (node.runningPid().isEmpty()) {
        heaps.add(config.elasticsearchHeap());
        names.add(node.name());
      }
    }
    if (!heaps.isEmpty()) {
      Preflight.checkMemory(String.join(", ", names), heaps, Preflight.availableMemory());
    }
    Preflight.checkDisk(config.dataDir(), Preflight.MIN_FREE_DISK);
  }

  /** Copies the server jar unless a REST node runs from the current copy. */
  private void ensureJar() {
    boolean anyRunning =
        nodes.restNodes(ClusterConfig.MAX_REST_NODES).stream()
            .anyMatch(n -> n.runningPid().isPresent());
    try {
      Files.createDirectories(layout.run());
      if (!anyRunning && Files.isRegularFile(config.jar())) {
        Path partial = nodes.jarCopy().resolveSibling("meridian.jar.partial");
        Files.copy(config.jar(), partial, StandardCopyOption.REPLACE_EXISTING);
        Files.move(partial, nodes.jarCopy(), StandardCopyOption.REPLACE_EXISTING);
      } else if (anyRunning) {
        log.info("REST nodes are running: new nodes run the same jar copy as they do");
      }
    } catch (IOException e) {
      throw new LocalServicesException("Cannot copy " + config.jar() + ": " + e.getMessage(), e);
    }
  }

  private static void checkRestNodes(int restNodes) {
    if (restNodes < 1 || restNodes > ClusterConfig.MAX_REST_NODES) {
      throw new LocalServicesException(
          "The number of REST nodes must be between 1 and "
              + ClusterConfig.MAX_REST_NODES
              + ": "
              + restNodes);
    }
  }

  private static void failOn(List<String> failures) {
    if (!failures.isEmpty()) {
      throw new LocalServicesException(String.join("\n\n", failures));
    }
  }

  private <T> T locked(Supplier<T> action) {
    return DirectoryLock.holding(layout.run().resolve("cluster.lock"), config.dataDir(), action);
  }

  static List<String> inParallel(List<Runnable> actions) {
    return LocalServices.inParallel(actions);
  }
}
