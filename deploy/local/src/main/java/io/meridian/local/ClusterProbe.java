package io.meridian.local;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * What a {@link LocalCluster} is doing now: which parts run and answer, and which REST nodes
 * HAProxy's health checks find up; {@code api}, {@code devices} and {@code mqtt} are the load
 * balancer's endpoints, which the status names.
 */
record ClusterProbe(ClusterNodes parts, URI api, URI devices, URI mqtt) {
  /**
   * Waits until HAProxy's own health checks have found every wanted node up, for the API and for
   * the device port. (A node's device port opens before its API answers, so a ready node has both.)
   */
  void awaitBackendsUp(List<RestNodeService> wanted) {
    long deadline = System.nanoTime() + java.time.Duration.ofSeconds(30).toNanos();
    while (true) {
      Map<String, Map<String, String>> states = parts.loadBalancer.stats();
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
                + parts.loadBalancer.logFiles().get(0));
      }
      ManagedService.sleep(java.time.Duration.ofMillis(200));
    }
  }

  /** Each part's process, readiness and memory, and what HAProxy sees of the REST nodes. */
  ClusterStatus now() {
    List<ManagedService> all = new ArrayList<>();
    all.addAll(parts.cassandra);
    all.addAll(parts.elasticsearch);
    all.addAll(parts.restNodes(Math.max(parts.desiredRestNodes(), parts.maxRestNode())));
    all.add(parts.loadBalancer);
    List<ClusterStatus.Node> nodes = new ArrayList<>();
    for (ManagedService service : all) {
      OptionalLong pid = service.runningPid();
      boolean ready = pid.isPresent() && service.isReady();
      nodes.add(
          new ClusterStatus.Node(
              service.name(),
              parts.address(service),
              pid,
              ready,
              pid.isPresent() ? Processes.residentBytes(pid.getAsLong()) : 0));
    }
    Map<String, Map<String, String>> backends =
        parts.loadBalancer.runningPid().isPresent() ? parts.loadBalancer.stats() : null;
    return new ClusterStatus(
        nodes,
        backends == null ? Map.of() : backends.get(LoadBalancerService.API),
        backends == null ? Map.of() : backends.get(LoadBalancerService.DEVICES),
        backends == null ? Map.of() : backends.get(LoadBalancerService.MQTT),
        api,
        devices,
        mqtt,
        parts.desiredRestNodes());
  }
}
