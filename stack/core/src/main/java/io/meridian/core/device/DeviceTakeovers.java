package io.meridian.core.device;

import java.time.Clock;
import java.util.Optional;
import java.util.UUID;

/**
 * The takeover rule across nodes: an attachment may take a device from wherever the cluster holds
 * it only with the same credential or a stronger one. The node that holds a device applies the rule
 * to attachments it receives ({@link DeviceHub#attach}); this applies it, at admission, to a device
 * that the registry says a live other node holds. An attachment with the strongest credential is
 * never refused, so only weaker ones (open attachment) read the registry.
 */
public final class DeviceTakeovers {
  private final DeviceRegistry registry;
  private final EdgeNodes nodes;
  private final String node;
  private final DeviceEntities entities;
  private final Clock clock;

  /**
   * @param node this node's id: its own attachments are the hub's to judge
   */
  public DeviceTakeovers(
      DeviceRegistry registry, EdgeNodes nodes, String node, DeviceEntities entities, Clock clock) {
    this.registry = registry;
    this.nodes = nodes;
    this.node = node;
    this.entities = entities;
    this.clock = clock;
  }

  /**
   * Whether an attachment of the device with {@code credential}, from {@code remoteAddress} over
   * {@code transport}, may take it from the node that holds it; if not, the device's owner is shown
   * the attempt ({@link DeviceEntities.Takeover#REFUSED}).
   */
  public boolean mayTake(
      UUID app,
      String device,
      DeviceCredential credential,
      String remoteAddress,
      String transport) {
    if (credential == DeviceCredential.DEVICE_SECRET) {
      return true;
    }
    Optional<DeviceRegistry.Entry> stronger =
        registry
            .find(app, device)
            .filter(entry -> !entry.node().equals(node))
            .filter(entry -> !credential.displaces(entry.credential()))
            .filter(entry -> nodes.liveAddress(entry.node()).isPresent());
    if (stronger.isEmpty()) {
      return true;
    }
    entities.takeover(
        app, device, DeviceEntities.Takeover.REFUSED, clock.instant(), remoteAddress, transport);
    return false;
  }
}
