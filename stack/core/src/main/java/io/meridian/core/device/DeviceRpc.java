package io.meridian.core.device;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * An application's RPC to a device: the request as the caller sent it, read within the size limit,
 * the timeout the caller may ask within its bounds, and the wait for the device's reply. Where it
 * is served is decided here: a device attached to this node is sent the request at once; one the
 * registry places on another live node is reached through that node ({@link RpcRelay}); a request
 * that was already relayed is never relayed again, so a stale registry cannot make nodes bounce it.
 */
public final class DeviceRpc {
  private final DeviceHub hub;
  private final DeviceRegistry registry;
  private final EdgeNodes nodes;
  private final EdgeNode node;
  private final RpcRelay relay;
  private final Duration defaultTimeout;
  private final Duration maxTimeout;
  private final int maxMessageBytes;

  public DeviceRpc(
      DeviceHub hub,
      DeviceRegistry registry,
      EdgeNodes nodes,
      EdgeNode node,
      RpcRelay relay,
      Duration defaultTimeout,
      Duration maxTimeout,
      int maxMessageBytes) {
    this.hub = hub;
    this.registry = registry;
    this.nodes = nodes;
    this.node = node;
    this.relay = relay;
    this.defaultTimeout = defaultTimeout;
    this.maxTimeout = maxTimeout;
    this.maxMessageBytes = maxMessageBytes;
  }

  /** The timeout a caller asked ({@code timeout} in milliseconds), or the default. */
  public Duration timeout(String requested) {
    if (requested == null || requested.isEmpty()) {
      return defaultTimeout;
    }
    long millis;
    try {
      millis = Long.parseLong(requested);
    } catch (NumberFormatException e) {
      millis = -1;
    }
    if (millis < 1 || millis > maxTimeout.toMillis()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "'timeout' is a number of milliseconds from 1 to " + maxTimeout.toMillis());
    }
    return Duration.ofMillis(millis);
  }

  /** Whether the caller asked for JSON-RPC correlation ({@code correlate=jsonrpc}). */
  public static boolean correlate(String requested) {
    if (requested == null || requested.isEmpty() || requested.equals("none")) {
      return false;
    }
    if (requested.equals("jsonrpc")) {
      return true;
    }
    throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "'correlate' is 'jsonrpc' or 'none'");
  }

  /** The request body, at most the largest message a device takes; 413 beyond. */
  public byte[] body(InputStream body) {
    byte[] bytes;
    try {
      bytes = body.readNBytes(maxMessageBytes + 1);
    } catch (IOException e) {
      throw new MeridianException(ErrorCode.BAD_REQUEST, "The request body could not be read");
    }
    if (bytes.length > maxMessageBytes) {
      throw new MeridianException(
          ErrorCode.REQUEST_ENTITY_TOO_LARGE,
          "A message to a device is at most " + maxMessageBytes + " bytes");
    }
    return bytes;
  }

  /**
   * Where an RPC came in, as a relay repeats it to the node holding the device.
   *
   * @param path the request's path below the API's root, as sent (not decoded)
   * @param query the raw query string, or null
   * @param authorization the caller's {@code Authorization} header, or null
   * @param relayed whether another node forwarded this request (it is never forwarded again)
   */
  public record Origin(
      String path, String query, String authorization, String contentType, boolean relayed) {}

  /** The answer to the caller: the device's reply, or what the node holding it answered. */
  public record Answer(int status, String type, byte[] body) {}

  /**
   * Sends the request to the device, here or through the node that holds it, and waits for its
   * reply (or the failure that ends it).
   */
  public Answer send(
      UUID app, String device, byte[] body, boolean correlate, Duration timeout, Origin origin) {
    if (!origin.relayed() && hub.session(app, device) == null) {
      Optional<String> holder = holder(app, device);
      if (holder.isPresent()) {
        return relay.forward(holder.get(), origin, body, timeout, device);
      }
    }
    byte[] reply = send(app, device, body, correlate, timeout);
    return new Answer(200, DeviceReplies.type(reply), reply);
  }

  /** The address of the live node other than this one that the registry says holds the device. */
  private Optional<String> holder(UUID app, String device) {
    return registry
        .find(app, device)
        .map(DeviceRegistry.Entry::node)
        .filter(holder -> !holder.equals(node.id()))
        .flatMap(nodes::liveAddress);
  }

  /** Sends the request to the device and waits for its reply (or the failure that ends it). */
  private byte[] send(UUID app, String device, byte[] body, boolean correlate, Duration timeout) {
    try {
      return hub.send(app, device, body, correlate, timeout).get();
    } catch (ExecutionException | CompletionException e) {
      if (e.getCause() instanceof MeridianException failure) {
        throw failure;
      }
      throw new MeridianException(ErrorCode.INTERNAL_ERROR, "The RPC failed", e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MeridianException(ErrorCode.DEVICE_TIMEOUT, "The RPC was interrupted");
    }
  }
}
