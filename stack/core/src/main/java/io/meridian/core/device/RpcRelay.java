package io.meridian.core.device;

import java.time.Duration;

/**
 * Reaches the node that holds a device, for an RPC that came in on another node: the protocol
 * repeats the caller's request there, with the caller's own credentials, so the other node
 * authorises the caller as if it had called it.
 */
@FunctionalInterface
public interface RpcRelay {
  /**
   * The other node's answer, whatever its status (its errors are already the API's error JSON).
   *
   * @param address the base URL of the node holding the device
   * @throws io.meridian.core.common.MeridianException with {@code DEVICE_DETACHED} when the node
   *     cannot be reached or fails before answering
   */
  DeviceRpc.Answer forward(
      String address, DeviceRpc.Origin origin, byte[] body, Duration timeout, String device);
}
