package io.meridian.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * The parts of a {@link LocalCluster} as its configuration lays them out: which Cassandra,
 * Elasticsearch and REST nodes there are, their names, hosts, ports, directories and arguments. It
 * starts nothing; a part's service does.
 */
final class ClusterNodes {
  private static final int DEFAULT_REST_NODES = 3;

  final List<CassandraService> cassandra;
  final List<ElasticsearchService> elasticsearch;
  final LoadBalancerService loadBalancer;
  private final ClusterConfig config;
  private final ServerArtifacts artifacts;
  private final Path run;
  private final ClusterCredentials credentials;

  ClusterNodes(
      ClusterConfig config, ServerArtifacts artifacts, Path run, ClusterCredentials credentials) {
    this.config = config;
    this.artifacts = artifacts;
    this.run = run;
    this.credentials = credentials;
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

  /** Where REST nodes run the server jar from: a copy, so that a rebuild does not change it. */
  Path jarCopy() {
    return run.resolve("meridian.jar");
  }

  /** The REST node count of the last up or scale (3 at first). */
  int desiredRestNodes() {
    try {
      return Integer.parseInt(Files.readString(run.resolve("rest-nodes")).trim());
    } catch (IOException | NumberFormatException e) {
      return DEFAULT_REST_NODES;
    }
  }

  void writeDesiredRestNodes(int restNodes) {
    try {
      Files.writeString(run.resolve("rest-nodes"), restNodes + "\n");
    } catch (IOException e) {
      throw new LocalServicesException("Cannot write under " + run + ": " + e.getMessage(), e);
    }
  }

  /** The part named {@code rest-N}, {@code cassandra-N}, {@code es-N} or {@code lb}. */
  ManagedService named(String node) {
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

  /** Where the part listens, as host:port. */
  String address(ManagedService service) {
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

  /** The highest-numbered REST node with a directory, i.e. that ever ran. */
  int maxRestNode() {
    int max = 0;
    for (int i = 1; i <= ClusterConfig.MAX_REST_NODES; i++) {
      if (Files.isDirectory(config.dataDir().resolve("rest-" + i))) {
        max = i;
      }
    }
    return max;
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

  List<RestNodeService> restNodes(int count) {
    return IntStream.rangeClosed(1, count).mapToObj(this::restNode).toList();
  }

  RestNodeService restNode(int i) {
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
        Map.of("MERIDIAN_IDENTITY_SUPERUSERPASSWORD", credentials.superuserPasswordOrEmpty());
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
        config.restJvmOptions(),
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
}
