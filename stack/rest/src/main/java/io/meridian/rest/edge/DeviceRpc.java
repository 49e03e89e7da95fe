package io.meridian.rest.edge;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.device.DeviceHub;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * An application's RPC to a device: the request as the caller sent it, read within the size limit,
 * the timeout the caller may ask within its bounds, and the wait for the device's reply.
 */
public final class DeviceRpc {
  private final DeviceHub hub;
  private final Duration defaultTimeout;
  private final Duration maxTimeout;
  private final int maxMessageBytes;

  DeviceRpc(DeviceHub hub, Duration defaultTimeout, Duration maxTimeout, int maxMessageBytes) {
    this.hub = hub;
    this.defaultTimeout = defaultTimeout;
    this.maxTimeout = maxTimeout;
    this.maxMessageBytes = maxMessageBytes;
  }

  /** A device id as the API accepts it; 400 otherwise. */
  static String device(String device) {
    if (device == null || !DeviceAdmission.DEVICE_ID.matcher(device).matches()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "A device id is 1 to 64 letters, digits, '.', '_', ':' or '-', starting with a letter"
              + " or digit");
    }
    return device;
  }

  /** The timeout a caller asked ({@code timeout} in milliseconds), or the default. */
  Duration timeout(String requested) {
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
  static boolean correlate(String requested) {
    if (requested == null || requested.isEmpty() || requested.equals("none")) {
      return false;
    }
    if (requested.equals("jsonrpc")) {
      return true;
    }
    throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "'correlate' is 'jsonrpc' or 'none'");
  }

  /** The request body, at most the largest message a device takes; 413 beyond. */
  byte[] body(InputStream body) {
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

  /** Sends the request to the device and waits for its reply (or the failure that ends it). */
  byte[] send(UUID app, String device, byte[] body, boolean correlate, Duration timeout) {
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
