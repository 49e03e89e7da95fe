package io.meridian.local;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Meridian cluster on one machine: three Cassandra nodes (RF 3, quorum), two Elasticsearch nodes
 * (one replica), N REST nodes and HAProxy, all over loopback and all under one data directory.
 * Every operation is idempotent: {@link #up} starts whatever is missing, so it also brings back a
 * killed node. A lock file serialises operations from several processes.
 */
public final class LocalCluster {

  private static final Logger log = LoggerFactory.getLogger(LocalCluster.class);
  private static final int DEFAULT_REST_NODES = 3;

  private final ClusterConfig config;
  private final ServerArtifacts artifacts;
  private final Layout layout;
  private final List<CassandraService> cassandra;
  private final List<ElasticsearchService> elasticsearch;
  private final LoadBalancerService loadBalancer;

  LocalCluster(ClusterConfig config, ServerArtifacts artifacts) {
    this.config = config;
    this.artifacts = artifacts;
    this.layout = new Layout(config.dataDir());
    this.cassandra =
        IntStream.rangeClosed(1, ClusterConfig.CASSANDRA_NODES)
            .mapToObj(this::cassandraNode)
            .toList();
    this.elasticsearch =
        IntStream.rangeClosed(1, ClusterConfig.ELASTICSEARCH_NODES)
            .mapToObj(this::elasticsearchNode)
            .toList();
    this.loadBalancer = new LoadBalancerService(nodeConfig("lb", "127.0.0.1"), config);
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
    return credentials().getProperty("superuser-password");
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
          ensureCredentials();
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
          return statusNow();
        });
  }

  /** {@link #up} with the REST node count of the last up or scale (3 at first). */
  public ClusterStatus up() {
    return up(desiredRestNodes());
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
          return statusNow();
        });
  }

  /** SIGKILL one part, as a crash would: {@code rest-N}, {@code cassandra-N}, {@code es-N}, lb. */
  public void kill(String node) {
    locked(
        () -> {
          service(node).kill();
          return null;
        });
  }

  /** Stops one part gracefully (SIGTERM, then SIGKILL after its grace period). */
  public void stop(String node) {
    locked(
        () -> {
          service(node).stop();
          return null;
        });
  }

  /** Starts one part (see {@link #up} to start everything that is missing). */
  public void start(String node) {
    locked(
        () -> {
          ManagedService service = service(node);
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
              inParallel(restNodes(maxRestNode()).stream().<Runnable>map(n -> n::stop).toList()));
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
    return statusNow();
  }

  private void scaleLocked(int restNodes) {
    ensureJar();
    List<RestNodeService> wanted = restNodes(restNodes);
    List<RestNodeService> surplus = restNodes(maxRestNode()).stream().skip(restNodes).toList();
    // Node 1 first: it creates the keyspace and tables, which concurrent creators would race.
    wanted.get(0).start();
    failOn(inParallel(wanted.stream().skip(1).<Runnable>map(n -> n::start).toList()));
    loadBalancer.backends(wanted);
    if (loadBalancer.runningPid().isPresent()) {
      loadBalancer.reload();
    } else {
      loadBalancer.start();
    }
    awaitBackendsUp(wanted);
    failOn(inParallel(surplus.stream().<Runnable>map(n -> n::stop).toList()));
    writeDesiredRestNodes(restNodes);
  }

  /**
   * Waits until HAProxy's own health checks have found every wanted node up, for the API and for
   * the device port. (A node's device port opens before its API answers, so a ready node has both.)
   */
  private void awaitBackendsUp(List<RestNodeService> wanted) {
    long deadline = System.nanoTime() + java.time.Duration.ofSeconds(30).toNanos();
    while (true) {
      Map<String, Map<String, String>> states = loadBalancer.stats();
      if (states != null
          && List.of(LoadBalancerService.API, LoadBalancerService.DEVICES).stream()
              .map(states::get)
              .allMatch(
                  backend ->
                      wanted.stream()
                          .allMatch(
                              node -> backend.getOrDefault(node.name(), "").startsWith("UP")))) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new LocalServicesException(
            "HAProxy does not see every REST node up after 30 s: "
                + states
                + "; see "
                + loadBalancer.logFiles().get(0));
      }
      ManagedService.sleep(java.time.Duration.ofMillis(200));
    }
  }

  private ClusterStatus statusNow() {
    List<ManagedService> all = new ArrayList<>();
    all.addAll(cassandra);
    all.addAll(elasticsearch);
    all.addAll(restNodes(Math.max(desiredRestNodes(), maxRestNode())));
    all.add(loadBalancer);
    List<ClusterStatus.Node> nodes = new ArrayList<>();
    for (ManagedService service : all) {
      OptionalLong pid = service.runningPid();
      boolean ready = pid.isPresent() && service.isReady();
      nodes.add(
          new ClusterStatus.Node(
              service.name(),
              address(service),
              pid,
              ready,
              pid.isPresent() ? Processes.residentBytes(pid.getAsLong()) : 0));
    }
    Map<String, Map<String, String>> backends =
        loadBalancer.runningPid().isPresent() ? loadBalancer.stats() : null;
    return new ClusterStatus(
        nodes,
        backends == null ? Map.of() : backends.get(LoadBalancerService.API),
        backends == null ? Map.of() : backends.get(LoadBalancerService.DEVICES),
        backends == null ? Map.of() : backends.get(LoadBalancerService.MQTT),
        loadBalancerUrl(),
        deviceEndpoint(),
        mqttEndpoint(),
        desiredRestNodes());
  }

  private String address(ManagedService service) {
    if (service instanceof RestNodeService rest) {
      return rest.url().getAuthority();
    }
    if (service instanceof LoadBalancerService) {
      return "127.0.0.1:" + config.loadBalancerPort();
    }
    if (service instanceof ElasticsearchService es) {
      return es.url().substring("http://".length());
    }
    return service.config.host() + ":" + config.cassandraPort();
  }

  private ManagedService service(String node) {
    String[] parts = node.split("-", 2);
    if (node.equals("lb")) {
      return loadBalancer;
    }
    int index;
    try {
      index = parts.length == 2 ? Integer.parseInt(parts[1]) : -1;
    } catch (NumberFormatException e) {
      index = -1;
    }
    Optional<ManagedService> service =
        switch (parts[0]) {
          case "cassandra" ->
              index >= 1 && index <= cassandra.size()
                  ? Optional.of(cassandra.get(index - 1))
                  : Optional.empty();
          case "es" ->
              index >= 1 && index <= elasticsearch.size()
                  ? Optional.of(elasticsearch.get(index - 1))
                  : Optional.empty();
          case "rest" ->
              index >= 1 && index <= ClusterConfig.MAX_REST_NODES
                  ? Optional.of(restNode(index))
                  : Optional.empty();
          default -> Optional.empty();
        };
    return service.orElseThrow(
        () ->
            new LocalServicesException(
                "Unknown node '"
                    + node
                    + "'. Nodes: cassandra-1..3, es-1..2, rest-1.."
                    + ClusterConfig.MAX_REST_NODES
                    + ", lb"));
  }

  private CassandraService cassandraNode(int i) {
    LocalServicesConfig node =
        nodeConfig("cassandra-" + i, config.cassandraHost(i))
            .withPorts(
                config.cassandraPort(),
                config.cassandraStoragePort(),
                config.elasticsearchPort(1),
                config.elasticsearchTransportPort(1));
    Peers peers =
        new Peers(
            config.cassandraHost(1) + ":" + config.cassandraStoragePort(),
            config.cassandraJmxPort(i),
            "64MiB",
            "",
            List.of(),
            List.of());
    return new CassandraService(node, artifacts, peers) {
      @Override
      String name() {
        return "cassandra-" + i;
      }
    };
  }

  private ElasticsearchService elasticsearchNode(int i) {
    LocalServicesConfig node =
        nodeConfig("es-" + i, "127.0.0.1")
            .withPorts(
                config.cassandraPort(),
                config.cassandraStoragePort(),
                config.elasticsearchPort(i),
                config.elasticsearchTransportPort(i));
    List<String> names = new ArrayList<>();
    List<String> seeds = new ArrayList<>();
    for (int n = 1; n <= ClusterConfig.ELASTICSEARCH_NODES; n++) {
      names.add("es-" + n);
      seeds.add("127.0.0.1:" + config.elasticsearchTransportPort(n));
    }
    Peers peers = new Peers("", 0, "", "es-" + i, seeds, names);
    return new ElasticsearchService(node, artifacts, peers) {
      @Override
      String name() {
        return "es-" + i;
      }
    };
  }

  private List<RestNodeService> restNodes(int count) {
    return IntStream.rangeClosed(1, count).mapToObj(this::restNode).toList();
  }

  private RestNodeService restNode(int i) {
    String name = "rest-" + i;
    List<String> contactPoints = new ArrayList<>();
    for (int n = 1; n <= ClusterConfig.CASSANDRA_NODES; n++) {
      contactPoints.add(config.cassandraHost(n) + ":" + config.cassandraPort());
    }
    List<String> esUrls = new ArrayList<>();
    for (int n = 1; n <= ClusterConfig.ELASTICSEARCH_NODES; n++) {
      esUrls.add("http://127.0.0.1:" + config.elasticsearchPort(n));
    }
    List<String> arguments = new ArrayList<>();
    arguments.add("--meridian.embedded.enabled=false");
    arguments.add("--meridian.cassandra.contact-points=" + String.join(",", contactPoints));
    arguments.add(
        "--meridian.cassandra.replication={'class': 'NetworkTopologyStrategy', 'datacenter1': 3}");
    arguments.add("--meridian.cassandra.consistency=LOCAL_QUORUM");
    arguments.add("--meridian.elasticsearch.urls=" + String.join(",", esUrls));
    arguments.add("--meridian.elasticsearch.replicas=1");
    // Behind HAProxy: the client's address comes from X-Forwarded-For (trusted from loopback).
    arguments.add("--meridian.api.trusted-proxies=127.0.0.0/8");
    arguments.addAll(config.restArguments());
    Map<String, String> environment =
        Map.of("MERIDIAN_IDENTITY_SUPERUSERPASSWORD", superuserPasswordOrEmpty());
    CpuLimit cpu =
        config.restCpus() > 0
            ? CpuLimit.of("p" + config.loadBalancerPort() + "-" + name, config.restCpus())
            : null;
    return new RestNodeService(
        name,
        nodeConfig(name, "127.0.0.1"),
        new RestNodeService.Ports(config.restPort(i), config.devicePort(i), config.mqttPort(i)),
        jarCopy(),
        config.restHeap(),
        arguments,
        environment,
        cpu);
  }

  private LocalServicesConfig nodeConfig(String directory, String host) {
    return LocalServicesConfig.defaults(config.dataDir().resolve(directory))
        .withHost(host)
        .withHeaps(config.cassandraHeap(), config.elasticsearchHeap())
        .withStartTimeout(config.startTimeout())
        .withJavaHome(config.javaHome());
  }

  private Watchdog watchdog() {
    List<ManagedService> all = new ArrayList<>();
    all.addAll(restNodes(ClusterConfig.MAX_REST_NODES));
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
    if (!Files.isRegularFile(config.jar()) && !Files.isRegularFile(jarCopy())) {
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

  private Path jarCopy() {
    return layout.run().resolve("meridian.jar");
  }

  /** Copies the server jar unless a REST node runs from the current copy. */
  private void ensureJar() {
    boolean anyRunning =
        restNodes(ClusterConfig.MAX_REST_NODES).stream().anyMatch(n -> n.runningPid().isPresent());
    try {
      Files.createDirectories(layout.run());
      if (!anyRunning && Files.isRegularFile(config.jar())) {
        Path partial = jarCopy().resolveSibling("meridian.jar.partial");
        Files.copy(config.jar(), partial, StandardCopyOption.REPLACE_EXISTING);
        Files.move(partial, jarCopy(), StandardCopyOption.REPLACE_EXISTING);
      } else if (anyRunning) {
        log.info("REST nodes are running: new nodes run the same jar copy as they do");
      }
    } catch (IOException e) {
      throw new LocalServicesException("Cannot copy " + config.jar() + ": " + e.getMessage(), e);
    }
  }

  private Path credentialsFile() {
    return layout.run().resolve("credentials.properties");
  }

  private Properties credentials() {
    Properties properties = new Properties();
    try (var in = Files.newInputStream(credentialsFile())) {
      properties.load(in);
    } catch (IOException e) {
      // Not generated yet.
    }
    return properties;
  }

  private String superuserPasswordOrEmpty() {
    String password = superuserPassword();
    return password == null ? "" : password;
  }

  private void ensureCredentials() {
    if (superuserPassword() != null) {
      return;
    }
    byte[] random = new byte[18];
    new SecureRandom().nextBytes(random);
    Properties properties = new Properties();
    properties.setProperty("superuser-username", "superuser");
    properties.setProperty(
        "superuser-password", Base64.getUrlEncoder().withoutPadding().encodeToString(random));
    try {
      Files.createDirectories(layout.run());
      Path file = credentialsFile();
      Files.deleteIfExists(file);
      Files.createFile(
          file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      try (var out = Files.newOutputStream(file)) {
        properties.store(out, "Generated by the Meridian cluster launcher");
      }
    } catch (IOException e) {
      throw new LocalServicesException(
          "Cannot write " + credentialsFile() + ": " + e.getMessage(), e);
    }
  }

  private int desiredRestNodes() {
    try {
      return Integer.parseInt(Files.readString(layout.run().resolve("rest-nodes")).trim());
    } catch (IOException | NumberFormatException e) {
      return DEFAULT_REST_NODES;
    }
  }

  private void writeDesiredRestNodes(int restNodes) {
    try {
      Files.writeString(layout.run().resolve("rest-nodes"), restNodes + "\n");
    } catch (IOException e) {
      throw new LocalServicesException(
          "Cannot write under " + layout.run() + ": " + e.getMessage(), e);
    }
  }

  /** The highest-numbered REST node with a directory, i.e. that ever ran. */
  private int maxRestNode() {
    int max = 0;
    for (int i = 1; i <= ClusterConfig.MAX_REST_NODES; i++) {
      if (Files.isDirectory(config.dataDir().resolve("rest-" + i))) {
        max = i;
      }
    }
    return max;
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
