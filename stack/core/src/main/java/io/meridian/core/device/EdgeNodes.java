package io.meridian.core.device;

import io.meridian.core.common.DaemonThreads;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The nodes of the edge as this node sees them. Every node beat, this node says it is alive, reads
 * every node's last beat, and sweeps the dead ones (silent for the node timeout): each device a
 * dead node held is marked disconnected if its entity still shows that node's attachment, and its
 * registry rows are deleted as of their write, so a device that already attached elsewhere keeps
 * its rows. Then the dead node's row goes, as of its last beat.
 *
 * <p>Every survivor sweeps: the writes are conditional or timestamped, so two sweeping the same
 * node at once write the same outcome. Beats and sweeps run on one thread of their own, one at a
 * time.
 */
public final class EdgeNodes implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(EdgeNodes.class);

  private final DeviceRegistry registry;
  private final DeviceEntities entities;
  private final String self;
  private final Supplier<String> address;
  private final Clock clock;
  private final Duration beat;
  private final Duration timeout;
  private volatile Map<String, DeviceRegistry.Node> nodes = Map.of();
  private ScheduledExecutorService scheduler;

  public EdgeNodes(
      DeviceRegistry registry,
      DeviceEntities entities,
      String self,
      Supplier<String> address,
      Clock clock,
      Duration beat,
      Duration timeout) {
    this.registry = registry;
    this.entities = entities;
    this.self = self;
    this.address = address;
    this.clock = clock;
    this.beat = beat;
    this.timeout = timeout;
  }

  /** Starts beating (once this node's address is known: other nodes relay to it from then). */
  public synchronized void start() {
    if (scheduler != null) {
      return;
    }
    scheduler = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("edge-nodes"));
    scheduler.scheduleWithFixedDelay(
        this::beatAndSweepQuietly, 0, beat.toMillis(), TimeUnit.MILLISECONDS);
  }

  /**
   * The address of a live node, if {@code node} is one. A node this node has not read yet (it
   * started less than a beat ago) is looked up at once.
   */
  public Optional<String> liveAddress(String node) {
    DeviceRegistry.Node known = nodes.get(node);
    if (known == null) {
      known = read(registry.nodes()).get(node);
    }
    if (known == null || dead(known, clock.instant())) {
      return Optional.empty();
    }
    return Optional.ofNullable(known.address());
  }

  private void beatAndSweepQuietly() {
    try {
      beatAndSweep();
    } catch (RuntimeException e) {
      log.warn("Edge node beat or sweep failed: {}", e.toString());
    }
  }

  /** One beat: this node is alive; the nodes are read; the dead ones are swept. */
  public void beatAndSweep() {
    Instant now = clock.instant();
    registry.beat(self, address.get(), now);
    for (DeviceRegistry.Node node : read(registry.nodes()).values()) {
      if (!node.node().equals(self) && dead(node, now)) {
        sweep(node, now);
      }
    }
  }

  private Map<String, DeviceRegistry.Node> read(List<DeviceRegistry.Node> all) {
    Map<String, DeviceRegistry.Node> byId = new HashMap<>();
    all.forEach(node -> byId.put(node.node(), node));
    nodes = Map.copyOf(byId);
    return nodes;
  }

  private boolean dead(DeviceRegistry.Node node, Instant now) {
    return node.seen().plus(timeout).isBefore(now);
  }

  /** Marks a dead node's devices disconnected and forgets them, then the node. */
  private void sweep(DeviceRegistry.Node dead, Instant now) {
    List<DeviceRegistry.NodeDevice> devices = registry.devices(dead.node());
    log.info(
        "Edge node {} silent since {}: marking its {} devices disconnected",
        dead.node(),
        dead.seen(),
        devices.size());
    int failures = 0;
    for (DeviceRegistry.NodeDevice device : devices) {
      try {
        forget(dead, device, now);
      } catch (RuntimeException e) {
        failures++;
        log.debug("Could not forget device {} of node {}: {}", device.device(), dead.node(), e);
      }
    }
    if (failures > 0) {
      log.warn("{} devices of dead node {} are left for the next sweep", failures, dead.node());
      return;
    }
    registry.forget(dead);
  }

  /**
   * The entity first, then the registry rows: a sweep that stops in between leaves the rows, and
   * the next sweep does both again.
   */
  private void forget(DeviceRegistry.Node dead, DeviceRegistry.NodeDevice device, Instant now) {
    UUID app = device.app();
    entities.disconnected(app, device.device(), dead.node(), device.attached(), now);
    long written =
        registry
            .find(app, device.device())
            .filter(entry -> entry.node().equals(dead.node()))
            .map(entry -> Math.max(entry.writeMicros(), device.writeMicros()))
            .orElse(device.writeMicros());
    registry.detached(app, device.device(), dead.node(), written);
  }

  @Override
  public synchronized void close() {
    if (scheduler != null) {
      scheduler.shutdownNow();
    }
  }
}
