package io.meridian.loadtests.edge;

import java.io.ByteArrayOutputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A device's attach request, as {@code libcometa.c} writes it: {@code POST
 * /v1/applications/{app_key}/devices/{device_id} HTTP/1.1}, {@code Host}, {@code Content-Length},
 * and the device's info string as the body. Meridian's optional per-device secret goes in the query
 * ({@code ?secret=}) or in an {@code X-Device-Secret} header.
 */
public record AttachRequest(
    String host, String appKey, String deviceId, String info, String secret, SecretMode mode) {

  /** Where a device sends its secret. */
  public enum SecretMode {
    NONE,
    QUERY,
    HEADER;

    public static SecretMode parse(String name) {
      return switch (name.toLowerCase(Locale.ROOT)) {
        case "none" -> NONE;
        case "query" -> QUERY;
        case "header" -> HEADER;
        default ->
            throw new IllegalArgumentException(
                "secret mode must be none, query or header, not " + name);
      };
    }
  }

  /** The request's path, with the secret when it goes in the query. */
  public String path() {
    String path = "/v1/applications/" + segment(appKey) + "/devices/" + segment(deviceId);
    return sendsSecret() && mode == SecretMode.QUERY ? path + "?secret=" + segment(secret) : path;
  }

  /** The request's bytes. */
  public byte[] bytes() {
    byte[] body = info.getBytes(StandardCharsets.UTF_8);
    StringBuilder head = new StringBuilder(160);
    head.append("POST ").append(path()).append(" HTTP/1.1\r\n");
    head.append("Host: ").append(host).append("\r\n");
    head.append("Content-Length: ").append(body.length).append("\r\n");
    if (sendsSecret() && mode == SecretMode.HEADER) {
      head.append("X-Device-Secret: ").append(secret).append("\r\n");
    }
    head.append("\r\n");
    ByteArrayOutputStream out = new ByteArrayOutputStream(head.length() + body.length);
    out.writeBytes(head.toString().getBytes(StandardCharsets.UTF_8));
    out.writeBytes(body);
    return out.toByteArray();
  }

  private boolean sendsSecret() {
    return mode != SecretMode.NONE && secret != null && !secret.isEmpty();
  }

  private static String segment(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
