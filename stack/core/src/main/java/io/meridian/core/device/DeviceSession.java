package io.meridian.core.device;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * One attached device as its transport (Cometa's HTTP chunks, a WebSocket, MQTT) holds it. The hub
 * calls {@link #deliver} from any thread; a transport writes without blocking the caller.
 */
public interface DeviceSession {
  /** The application the device attached to. */
  UUID app();

  /** The device's id, as it attached: Cometa's {@code device_id}, MQTT's client id. */
  String device();

  /** {@code http}, {@code websocket} or {@code mqtt}. */
  String transport();

  /** What the device proved at attach: a later attachment needs as much to displace it. */
  DeviceCredential credential();

  /**
   * The generation of the device's secret it attached with ({@link DeviceSecrets.Proof}): a
   * rotation detaches a device attached with an older one.
   */
  long secretGeneration();

  /** The device's address as this node sees it. */
  String remoteAddress();

  Instant attachedAt();

  /** How often the device promised to beat; it is detached after 1.5 times this in silence. */
  Duration heartbeat();

  /** Sends one RPC request (a message from the application) to the device. */
  void deliver(byte[] message);

  /** Closes the device's connection; the transport then calls {@link DeviceHub#detach}. */
  void close();
}
