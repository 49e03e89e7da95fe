package io.meridian.local;

import java.util.List;

/**
 * How a service node finds the others: alone (the embedded default, {@link #alone}) or as one node
 * of a {@link LocalCluster}.
 *
 * @param cassandraSeeds {@code host:port} of the seed nodes, comma-separated
 * @param cassandraJmxPort local-only JMX; JMX binds to 127.0.0.1 whatever the node's address, so
 *     nodes of one machine need ports of their own
 * @param rowCache off-heap row cache of each Cassandra node
 * @param elasticsearchNodeName {@code node.name}
 * @param elasticsearchSeedHosts transport addresses of all nodes; empty for a single node
 * @param elasticsearchInitialMasters node names that bootstrap a new cluster's first election
 */
record Peers(
    String cassandraSeeds,
    int cassandraJmxPort,
    String rowCache,
    String elasticsearchNodeName,
    List<String> elasticsearchSeedHosts,
    List<String> elasticsearchInitialMasters) {

  Peers {
    elasticsearchSeedHosts = List.copyOf(elasticsearchSeedHosts);
    elasticsearchInitialMasters = List.copyOf(elasticsearchInitialMasters);
  }

  static Peers alone(LocalServicesConfig config) {
    return new Peers(
        config.host() + ":" + config.cassandraStoragePort(),
        config.cassandraJmxPort(),
        "256MiB",
        "meridian-local",
        List.of(),
        List.of());
  }

  boolean elasticsearchAlone() {
    return elasticsearchSeedHosts.isEmpty();
  }
}
