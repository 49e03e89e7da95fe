package io.meridian.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterFilesTest {

  private final ClusterConfig config =
      ClusterConfig.defaults(Path.of("/srv/cluster"), Path.of("/srv/meridian.jar"));

  @Test
  void ports_follow_the_offset_and_never_overlap() {
    ClusterConfig shifted = config.withPortOffset(1000);
    assertThat(shifted.loadBalancerPort()).isEqualTo(29080);
    assertThat(shifted.restPort(2)).isEqualTo(29082);
    assertThat(shifted.cassandraPort()).isEqualTo(30042);
    assertThat(shifted.elasticsearchPort(2)).isEqualTo(30201);
    List<Integer> ports = new java.util.ArrayList<>();
    ports.add(config.loadBalancerPort());
    ports.add(config.statsPort());
    for (int i = 1; i <= ClusterConfig.MAX_REST_NODES; i++) {
      ports.add(config.restPort(i));
    }
    ports.add(config.cassandraPort());
    ports.add(config.cassandraStoragePort());
    for (int i = 1; i <= ClusterConfig.CASSANDRA_NODES; i++) {
      ports.add(config.cassandraJmxPort(i));
    }
    for (int i = 1; i <= ClusterConfig.ELASTICSEARCH_NODES; i++) {
      ports.add(config.elasticsearchPort(i));
      ports.add(config.elasticsearchTransportPort(i));
    }
    assertThat(ports).doesNotHaveDuplicates();
  }

  @Test
  void bad_settings_are_refused() {
    assertThatThrownBy(() -> config.withRestCpus(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> config.withHeaps("1g", "lots", "1g"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void cassandra_nodes_share_the_seed_and_have_jmx_ports_of_their_own() {
    LocalServicesConfig node =
        LocalServicesConfig.defaults(Path.of("/srv/cluster/cassandra-2")).withHost("127.0.0.2");
    Peers peers = new Peers("127.0.0.1:27000", 27202, "64MiB", "", List.of(), List.of());
    Layout layout = new Layout(node.dataDir());
    assertThat(CassandraFiles.yaml(node, layout, peers))
        .contains("seeds: '127.0.0.1:27000'")
        .contains("listen_address: 127.0.0.2\n")
        .contains("row_cache_size: 64MiB\n");
    assertThat(CassandraFiles.jvmArguments(node, layout, peers))
        .contains("-Dcassandra.jmx.local.port=27202");
  }

  @Test
  void elasticsearch_nodes_discover_each_other_instead_of_running_alone() {
    LocalServicesConfig node = LocalServicesConfig.defaults(Path.of("/srv/cluster/es-2"));
    Peers peers =
        new Peers(
            "",
            0,
            "",
            "es-2",
            List.of("127.0.0.1:29300", "127.0.0.1:29301"),
            List.of("es-1", "es-2"));
    assertThat(ElasticsearchFiles.yaml(node, new Layout(node.dataDir()), peers))
        .contains("node.name: es-2\n")
        .contains("discovery.seed_hosts: ['127.0.0.1:29300', '127.0.0.1:29301']\n")
        .contains("cluster.initial_master_nodes: ['es-1', 'es-2']\n")
        .doesNotContain("single-node");
  }

  @Test
  void haproxy_accepts_the_generated_configuration(@TempDir Path dir) throws Exception {
    LocalServicesConfig nodeConfig = LocalServicesConfig.defaults(dir);
    List<RestNodeService> nodes =
        List.of(
            new RestNodeService(
                "rest-1", nodeConfig, config.restPort(1), dir, "1g", List.of(), Map.of(), null),
            new RestNodeService(
                "rest-2", nodeConfig, config.restPort(2), dir, "1g", List.of(), Map.of(), null));
    String text = LoadBalancerService.config(config, nodes);
    assertThat(text)
        .contains("server rest-1 127.0.0.1:28081")
        .contains("server rest-2 127.0.0.1:28082")
        .contains("uri /lb-status")
        .contains("del-header X-Forwarded-For");
    Path file = dir.resolve("haproxy.cfg");
    Files.writeString(file, text);
    Processes.Result check = Processes.run(Haproxy.ensureInstalled(), "-c", "-f", file.toString());
    assertThat(check.exitCode()).as(check.output()).isZero();
  }
}
