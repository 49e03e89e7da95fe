package io.meridian.core.device;

import io.meridian.core.common.ConnectionQuota;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.common.RetryLaterException;
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
 * While it waits, an RPC holds a place among the RPCs its caller and its application may have
 * waiting on this node (each holds a request thread): beyond, {@code 429 too_many_requests}.
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
  private final ConnectionQuota waiting;

  /** A refused caller tries again once some RPCs have been answered or have timed out. */
  private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

  /**
   * @param waiting the RPCs each caller and application may have waiting on this node
   */
  public DeviceRpc(
      DeviceHub hub,
      DeviceRegistry registry,
      EdgeNodes nodes,
      EdgeNode node,
      RpcRelay relay,
      Duration defaultTimeout,
      Duration maxTimeout,
      int maxMessageBytes,
      ConnectionQuota waiting) {
    this.hub = hub;
    this.registry = registry;
    this.nodes = nodes;
    this.node = node;
    this.relay = relay;
    this.defaultTimeout = defaultTimeout;
    this.maxTimeout = maxTimeout;
    this.maxMessageBytes = maxMessageBytes;
    this.waiting = waiting;
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
   *
   * @param caller the authenticated caller (its subject), or null for a guest (then only the
   *     application's bound applies)
   */
  public Answer send(
      UUID caller,
      UUID app,
      String device,
      byte[] body,
      boolean correlate,
      Duration timeout,
      Origin origin) {
    ConnectionQuota.Permit place;
    try {
      place = waiting.acquire(null, caller, app);
    } catch (ConnectionQuota.Exceeded e) {
      throw new RetryLaterException(ErrorCode.TOO_MANY_REQUESTS, e.getMessage(), RETRY_AFTER);
    }
    try {
      if (!origin.relayed() && hub.session(app, device) == null) {
        Optional<String> holder = holder(app, device);
        if (holder.isPresent()) {
          return relay.forward(holder.get(), origin, body, timeout, device);
        }
      }
      byte[] reply = send(app, device, body, correlate, timeout);
      return new Answer(200, DeviceReplies.type(reply), reply);
    } finally {
      place.release();
    }
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
