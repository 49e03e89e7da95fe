package io.meridian.core.device;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Which node holds each attached device, and which nodes are alive: what lets any node reach any
 * device. Rows carry write timestamps chosen by the writer ({@code writeMicros}): a device's rows
 * are written with its attachment's time and deleted with the same time, so that a later attachment
 * of the device on another node, written with a later time, is never erased by the earlier one's
 * detach, without a lightweight transaction on the attach path.
 */
public interface DeviceRegistry {
  /**
   * The node that holds a device, the address it relays at, when the device attached, and what it
   * proved (rows written before credentials were registered show the weakest).
   */
  record Entry(
      String node,
      String address,
      Instant attached,
      DeviceCredential credential,
      long writeMicros) {}

  /** A node of the edge and when it last said it was alive. */
  record Node(String node, String address, Instant seen, long writeMicros) {}

  /** A device a node holds. */
  record NodeDevice(UUID app, String device, Instant attached, long writeMicros) {}

  /** The device is held by {@code node}: its registry row and its row under the node. */
  void attached(
      UUID app,
      String device,
      String node,
      String address,
      Instant attached,
      DeviceCredential credential,
      long writeMicros);

  /** Deletes both rows as of {@code writeMicros}: a row written later survives. */
  void detached(UUID app, String device, String node, long writeMicros);

  Optional<Entry> find(UUID app, String device);

  /** The node is alive at {@code seen}. */
  void beat(String node, String address, Instant seen);

  /** Every node that beat and was not forgotten. */
  List<Node> nodes();

  /** The devices a node holds, as it registered them. */
  List<NodeDevice> devices(String node);

  /** Deletes a dead node's row as of its last beat: a beat after it (the node was alive) stays. */
  void forget(Node node);
}
