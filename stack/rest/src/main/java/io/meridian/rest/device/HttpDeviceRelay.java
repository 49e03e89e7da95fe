package io.meridian.rest.device;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.device.DeviceRpc;
import io.meridian.core.device.RpcRelay;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Forwards an application's RPC to the node that holds the device: the same path, query and body,
 * with the caller's own credentials, so the other node authorises the caller as if it had called it
 * (no trust between nodes beyond what any client has). The forwarded request is marked, and a
 * marked request is never forwarded again, so a stale registry cannot make nodes bounce a request.
 * Connections are kept alive between nodes.
 */
public final class HttpDeviceRelay implements RpcRelay {
  /** The mark of a forwarded request. */
  public static final String RELAYED = "X-Meridian-Relayed";

  private final HttpClient client;
  private final Duration margin;

  /**
   * @param margin how long beyond the RPC's timeout the other node may take to answer (it answers
   *     {@code 504} itself at the timeout)
   */
  public HttpDeviceRelay(Duration connectTimeout, Duration margin) {
    this.client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(connectTimeout)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    this.margin = margin;
  }

  @Override
  public DeviceRpc.Answer forward(
      String address, DeviceRpc.Origin origin, byte[] body, Duration timeout, String device) {
    String target =
        address + "/" + origin.path() + (origin.query() == null ? "" : "?" + origin.query());
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(target))
            .timeout(timeout.plus(margin))
            .header(RELAYED, "1")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    if (origin.authorization() != null) {
      request.header("Authorization", origin.authorization());
    }
    if (origin.contentType() != null) {
      request.header("Content-Type", origin.contentType());
    }
    HttpResponse<byte[]> response;
    try {
      response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new MeridianException(
          ErrorCode.DEVICE_DETACHED,
          "The node holding device "
              + device
              + " could not be reached or failed before it replied");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MeridianException(ErrorCode.DEVICE_DETACHED, "The relayed RPC was interrupted");
    }
    return new DeviceRpc.Answer(
        response.statusCode(),
        response.headers().firstValue("Content-Type").orElse(null),
        response.body());
  }
}
