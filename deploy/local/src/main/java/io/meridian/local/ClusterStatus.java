package io.meridian.local;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * What runs in a {@link LocalCluster}: every node with its pid, readiness and memory, and the load
 * balancer's view of the REST nodes.
 *
 * @param backends HAProxy's state of each REST node's API ("UP", "DOWN", ...); empty if it is not
 *     running
 * @param devices HAProxy's state of each REST node's device port (Cometa's protocol)
 * @param mqtt HAProxy's state of each REST node's MQTT port
 * @param deviceEndpoint where devices attach with Cometa's protocol, through HAProxy
 * @param mqttEndpoint where MQTT devices connect, through HAProxy
 * @param restNodes the REST node count of the last up or scale
 */
public record ClusterStatus(
    List<Node> nodes,
    Map<String, String> backends,
    Map<String, String> devices,
    Map<String, String> mqtt,
    URI loadBalancer,
    URI deviceEndpoint,
    URI mqttEndpoint,
    int restNodes) {

  public ClusterStatus {
    nodes = List.copyOf(nodes);
    backends = Map.copyOf(backends);
    devices = Map.copyOf(devices);
    mqtt = Map.copyOf(mqtt);
  }

  /** One process of the cluster; {@code residentBytes} is 0 when it does not run. */
  public record Node(
      String name, String address, OptionalLong pid, boolean ready, long residentBytes) {
    public boolean running() {
      return pid.isPresent();
    }
  }

  public Node node(String name) {
    return nodes.stream()
        .filter(node -> node.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("No node " + name));
  }

  /**
   * True when every node that should run is ready and HAProxy sees every REST node UP, for the API
   * and for devices. (MQTT is shown, not required: a node may run with {@code mqtt-port=-1}.)
   */
  public boolean healthy() {
    for (Node node : nodes) {
      boolean expected = !node.name().startsWith("rest-") || restIndex(node) <= restNodes;
      if (expected && !node.ready()) {
        return false;
      }
    }
    return up(backends) == restNodes && up(devices) == restNodes;
  }

  private static long up(Map<String, String> states) {
    return states.values().stream().filter(state -> state.startsWith("UP")).count();
  }

  public long residentBytes() {
    return nodes.stream().mapToLong(Node::residentBytes).sum();
  }

  private static int restIndex(Node node) {
    return Integer.parseInt(node.name().substring("rest-".length()));
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    text.append(
        String.format(
            "%-12s %-18s %-8s %-10s %9s  %-8s %-8s %s%n",
            "NODE", "ADDRESS", "PID", "STATE", "RSS", "LB", "DEVICES", "MQTT"));
    for (Node node : nodes) {
      if (node.name().startsWith("rest-") && restIndex(node) > restNodes && !node.running()) {
        continue;
      }
      String state = node.ready() ? "ready" : node.running() ? "not ready" : "down";
      text.append(
          String.format(
              "%-12s %-18s %-8s %-10s %6d MB  %-8s %-8s %s%n",
              node.name(),
              node.address(),
              node.pid().isPresent() ? Long.toString(node.pid().getAsLong()) : "-",
              state,
              node.residentBytes() >> 20,
              backends.getOrDefault(node.name(), ""),
              devices.getOrDefault(node.name(), ""),
              mqtt.getOrDefault(node.name(), "")));
    }
    text.append(
        String.format(
            "Total resident memory %d MB; load balancer %s; %d REST node(s) wanted; %s%n",
            residentBytes() >> 20, loadBalancer, restNodes, healthy() ? "healthy" : "NOT healthy"));
    text.append(
        String.format(
            "Devices: %s (Cometa's HTTP chunks and WebSocket), %s (MQTT)%n",
            deviceEndpoint, mqttEndpoint));
    return text.toString();
  }
}
