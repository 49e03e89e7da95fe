package io.meridian.core.device;

import java.time.Clock;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The takeover rule across nodes: an attachment may take a device from wherever the cluster holds
 * it only with the same credential or a stronger one. The node that holds a device applies the rule
 * to attachments it receives ({@link DeviceHub#attach}); this applies it, at admission, to a device
 * that the registry says a live other node holds. An attachment with the strongest credential is
 * never refused, so only weaker ones (open attachment) read the registry.
 */
public final class DeviceTakeovers {
  private static final Logger LOG = LoggerFactory.getLogger(DeviceTakeovers.class);

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
    try {
      entities.takeover(
          app, device, DeviceEntities.Takeover.REFUSED, clock.instant(), remoteAddress, transport);
    } catch (RuntimeException e) {
      // Showing the attempt is the owner's news; the refusal stands without it.
      LOG.debug("Could not show a refused takeover of device {}: {}", device, e.toString());
    }
    return false;
  }
}
