package io.meridian.core.device;

import io.meridian.core.common.ErrorCode;

/**
 * What happens at the device edge of this node, told to each part that keeps something of it:
 * presence and the device registry, statistics, upstream events. Called on the device's I/O thread
 * or the RPC caller's: implementations return quickly and never throw.
 */
public interface EdgeObserver {
  /** The device is attached here (a session of the same device before it was replaced). */
  default void attached(DeviceSession session, String info) {}

  default void heartbeat(DeviceSession session) {}

  /**
   * A heartbeat of {@code bytes} on the wire; by default told as {@link #heartbeat(DeviceSession)}.
   */
  default void heartbeat(DeviceSession session, int bytes) {
    heartbeat(session);
  }

  /** The device's connection ended: it closed, went silent, or was replaced. */
  default void detached(DeviceSession session, String reason) {}

  /**
   * A new attachment of the device ({@code by}) displaced the attached one ({@code displaced}),
   * with the same or a stronger credential; told after {@link #detached} of the displaced session.
   */
  default void displaced(DeviceSession displaced, DeviceSession by) {}

  /**
   * An attachment of the device ({@code refused}) was not made: this node holds the device ({@code
   * attached}) with a stronger credential, which the attempt lacked.
   */
  default void refused(DeviceSession refused, DeviceSession attached) {}

  /** An upstream event the device sent. */
  default void event(DeviceSession session, byte[] payload) {}

  /**
   * An RPC ended: answered ({@code error} null), timed out, failed with the device's detachment, or
   * refused because the device's queue was full.
   */
  default void rpc(DeviceSession session, Rpc rpc) {}

  /** A message from the device that answers no request: counted as an error and dropped. */
  default void unsolicited(DeviceSession session, int bytes) {}

  /** One RPC's outcome. {@code replyBytes} is 0 without a reply. */
  record Rpc(int requestBytes, int replyBytes, long nanos, ErrorCode error) {}
}
