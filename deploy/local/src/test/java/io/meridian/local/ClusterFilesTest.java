package io.meridian.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
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
    assertThat(shifted.deviceLoadBalancerPort()).isEqualTo(29400);
    assertThat(shifted.devicePort(2)).isEqualTo(29402);
    assertThat(shifted.mqttLoadBalancerPort()).isEqualTo(29883);
    assertThat(shifted.mqttPort(2)).isEqualTo(29885);
    assertThat(shifted.cassandraPort()).isEqualTo(30042);
    assertThat(shifted.elasticsearchPort(2)).isEqualTo(30201);
    assertThat(ports(config)).doesNotHaveDuplicates();
  }

  @Test
  void a_cluster_1000_ports_away_shares_no_port_with_the_default_one() {
    List<Integer> both = new ArrayList<>(ports(config));
    both.addAll(ports(config.withPortOffset(1000)));
    assertThat(both).doesNotHaveDuplicates();
  }

  private static List<Integer> ports(ClusterConfig config) {
    List<Integer> ports = new ArrayList<>();
    ports.add(config.loadBalancerPort());
    ports.add(config.statsPort());
    ports.add(config.deviceLoadBalancerPort());
    ports.add(config.mqttLoadBalancerPort());
    for (int i = 1; i <= ClusterConfig.MAX_REST_NODES; i++) {
      ports.add(config.restPort(i));
      ports.add(config.devicePort(i));
      ports.add(config.mqttPort(i));
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
    return ports;
  }

  @Test
  void a_rest_node_listens_for_devices_on_its_own_ports_and_advertises_its_own_api(
      @TempDir Path dir) {
    RestNodeService node = restNode(config.withPortOffset(1000), 2, dir);

    assertThat(node.serverArguments())
        .startsWith(
            "--server.port=29082",
            "--meridian.edge.bind-address=127.0.0.1",
            "--meridian.edge.port=29402",
            "--meridian.edge.mqtt-port=29885",
            "--meridian.edge.advertised-address=http://127.0.0.1:29082")
        .endsWith("--meridian.identity.bcrypt-strength=4");
    assertThat(node.ports())
        .extracting(Preflight.PortUse::port)
        .containsExactly(29082, 29402, 29885);
    assertThat(node.ports()).extracting(Preflight.PortUse::option).containsOnly("--port-offset");
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
  void haproxy_accepts_the_generated_configuration_without_a_warning(@TempDir Path dir)
      throws Exception {
    List<RestNodeService> nodes = List.of(restNode(config, 1, dir), restNode(config, 2, dir));
    String text = HaproxyConfig.text(config, nodes, 20_000);
    assertThat(text)
        .contains("server rest-1 127.0.0.1:28081")
        .contains("server rest-2 127.0.0.1:28082")
        .contains("uri /lb-status")
        .contains("del-header X-Forwarded-For");
    Path file = dir.resolve("haproxy.cfg");
    Files.writeString(file, text);
    Processes.Result check = Processes.run(Haproxy.ensureInstalled(), "-c", "-f", file.toString());
    assertThat(check.exitCode()).as(check.output()).isZero();
    assertThat(check.output()).doesNotContain("WARNING").doesNotContain("ALERT");
  }

  @Test
  void devices_reach_the_nodes_device_ports_through_tcp_frontends_with_long_timeouts(
      @TempDir Path dir) {
    List<RestNodeService> nodes = List.of(restNode(config, 1, dir), restNode(config, 2, dir));
    String text = HaproxyConfig.text(config, nodes, 20_000);

    String devices = section(text, "frontend devices");
    assertThat(devices).contains("bind 127.0.0.1:28400\n").contains("maxconn 60000\n");
    assertThat(section(text, "backend device_ports"))
        .contains("server rest-1 127.0.0.1:28401\n")
        .contains("server rest-2 127.0.0.1:28402\n");
    assertThat(section(text, "frontend mqtt"))
        .contains("bind 127.0.0.1:28883\n")
        .contains("maxconn 60000\n");
    assertThat(section(text, "backend mqtt_ports"))
        .contains("server rest-1 127.0.0.1:28884\n")
        .contains("server rest-2 127.0.0.1:28885\n");
    // The defaults the device proxies take: the last defaults section before them.
    String tcp = text.substring(text.lastIndexOf("\ndefaults\n"), text.indexOf("frontend devices"));
    assertThat(tcp)
        .contains("mode tcp\n")
        .contains("balance leastconn\n")
        .contains("timeout client 5m\n")
        .contains("timeout server 5m\n")
        .contains("timeout tunnel 5m\n")
        .contains("default-server check inter 2s fall 3 rise 2 observe layer4")
        .contains("on-marked-down shutdown-sessions");
    assertThat(section(text, "frontend meridian")).contains("maxconn 8000\n");
  }

  @Test
  void haproxy_holds_as_many_connections_as_two_descriptors_each_allow() {
    assertThat(HaproxyConfig.maxConnections(20_000)).isEqualTo(9_900);
    assertThat(HaproxyConfig.maxConnections(1_048_576)).isEqualTo(68_000);
    assertThat(HaproxyConfig.maxConnections(Long.MAX_VALUE)).isEqualTo(68_000);
    assertThat(HaproxyConfig.maxConnections(-1)).isEqualTo(68_000);
    assertThat(HaproxyConfig.text(config, List.of(), 20_000))
        .contains("a hard limit of 20000 open files")
        .contains("  maxconn 9900\n");
  }

  @Test
  void reads_the_hard_open_files_limit() {
    String limits =
        """
        Limit                     Soft Limit           Hard Limit           Units
        Max processes             unlimited            unlimited            processes
        Max open files            1024                 20000                files
        Max locked memory         8388608              8388608              bytes
        """;
    assertThat(Haproxy.openFilesLimit(limits)).isEqualTo(20_000);
    assertThat(Haproxy.openFilesLimit(limits.replace("20000 ", "unlimited")))
        .isEqualTo(Long.MAX_VALUE);
    assertThat(Haproxy.openFilesLimit("Max processes 1 1 processes")).isEqualTo(-1);
    assertThat(Haproxy.openFilesLimit()).isGreaterThan(0);
  }

  @Test
  void reads_each_backends_view_of_the_nodes_from_the_statistics() {
    String csv =
        """
        # pxname,svname,qcur,status,weight
        meridian,FRONTEND,,OPEN,
        rest,rest-1,0,UP,1
        rest,rest-2,0,DOWN,1
        rest,BACKEND,0,UP,1
        device_ports,rest-1,0,UP,1
        device_ports,rest-2,0,DOWN,1
        mqtt_ports,rest-1,0,UP 1/2,1
        stats,FRONTEND,,OPEN,
        """;
    Map<String, Map<String, String>> states = LoadBalancerService.states(csv);
    assertThat(states.get(LoadBalancerService.API))
        .containsExactly(Map.entry("rest-1", "UP"), Map.entry("rest-2", "DOWN"));
    assertThat(states.get(LoadBalancerService.DEVICES))
        .containsExactly(Map.entry("rest-1", "UP"), Map.entry("rest-2", "DOWN"));
    assertThat(states.get(LoadBalancerService.MQTT)).containsExactly(Map.entry("rest-1", "UP 1/2"));
  }

  @Test
  void a_cluster_is_healthy_only_when_haproxy_sees_every_node_up_for_devices_too() {
    List<ClusterStatus.Node> nodes =
        List.of(new ClusterStatus.Node("rest-1", "127.0.0.1:28081", OptionalLong.of(7), true, 0));
    Map<String, String> up = Map.of("rest-1", "UP");
    URI lb = URI.create("http://127.0.0.1:28080");
    URI devices = URI.create("http://127.0.0.1:28400");
    URI mqtt = URI.create("mqtt://127.0.0.1:28883");

    assertThat(new ClusterStatus(nodes, up, up, Map.of(), lb, devices, mqtt, 1).healthy()).isTrue();
    ClusterStatus deviceDown =
        new ClusterStatus(nodes, up, Map.of("rest-1", "DOWN"), up, lb, devices, mqtt, 1);
    assertThat(deviceDown.healthy()).isFalse();
    assertThat(deviceDown.toString())
        .contains("Devices: http://127.0.0.1:28400 (Cometa's HTTP chunks and WebSocket)")
        .contains("mqtt://127.0.0.1:28883 (MQTT)");
  }

  /** From a line starting with {@code header} to the next blank line. */
  private static String section(String text, String header) {
    int start = text.indexOf("\n" + header + "\n");
    assertThat(start).as(header).isNotNegative();
    int end = text.indexOf("\n\n", start + 1);
    return text.substring(start, end < 0 ? text.length() : end + 1);
  }

  private static RestNodeService restNode(ClusterConfig config, int i, Path dir) {
    return new RestNodeService(
        "rest-" + i,
        LocalServicesConfig.defaults(dir),
        new RestNodeService.Ports(config.restPort(i), config.devicePort(i), config.mqttPort(i)),
        dir,
        "1g",
        List.of(),
        List.of("--meridian.identity.bcrypt-strength=4"),
        Map.of(),
        null);
  }
}
