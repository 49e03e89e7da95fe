package io.meridian.rest.support;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Requests sent from a loopback address of the test's own rather than 127.0.0.1: HTTP/1.1 written
 * by hand over a socket bound to that source address ({@code java.net.http} cannot choose one in
 * Java 17). The server throttles failed sign-ins per client address, and every other test signs in
 * from 127.0.0.1, so a test that fails sign-ins on purpose does it from here and never locks the
 * others out.
 */
public final class LoopbackClient {
  private static final int TIMEOUT_MILLIS = 30_000;

  private final String host;
  private final int port;
  private final String source;
  private final Map<String, String> headers;

  private LoopbackClient(String host, int port, String source, Map<String, String> headers) {
    this.host = host;
    this.port = port;
    this.source = source;
    this.headers = headers;
  }

  /**
   * A client of the same server as {@code api}, from {@code source} (an address of 127.0.0.0/8);
   * {@code 127.255.0.0/16} is the test server's trusted proxies and never chosen by {@link
   * #from(ApiClient)}.
   */
  public static LoopbackClient from(ApiClient api, String source) {
    URI base = URI.create(api.base());
    return new LoopbackClient(base.getHost(), base.getPort(), source, Map.of());
  }

  /** The same client, sending {@code name: value} with every request as well. */
  public LoopbackClient withHeader(String name, String value) {
    Map<String, String> more = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    more.putAll(headers);
    more.put(name, value);
    return new LoopbackClient(host, port, source, more);
  }

  /** A client of the same server as {@code api}, from a random address of 127.0.0.0/8. */
  public static LoopbackClient from(ApiClient api) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    String source =
        "127."
            + random.nextInt(1, 255)
            + "."
            + random.nextInt(0, 256)
            + "."
            + random.nextInt(1, 255);
    return from(api, source);
  }

  /** The address requests come from. */
  public String source() {
    return source;
  }

  public ApiClient.Reply get(String path) {
    return send("GET", path, null, null);
  }

  public ApiClient.Reply post(String path, String json) {
    return send("POST", path, json, "application/json");
  }

  public ApiClient.Reply send(String method, String path, String body, String contentType) {
    byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    StringBuilder head = new StringBuilder();
    head.append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
    head.append("Host: ").append(host).append(':').append(port).append("\r\n");
    head.append("Accept: application/json\r\n");
    head.append("Connection: close\r\n");
    headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
    if (contentType != null) {
      head.append("Content-Type: ").append(contentType).append("\r\n");
    }
    if (body != null) {
      head.append("Content-Length: ").append(content.length).append("\r\n");
    }
    head.append("\r\n");
    try (Socket socket = new Socket()) {
      socket.setSoTimeout(TIMEOUT_MILLIS);
      socket.bind(new InetSocketAddress(source, 0));
      socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
      OutputStream out = socket.getOutputStream();
      out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
      out.write(content);
      out.flush();
      return parse(socket.getInputStream().readAllBytes());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ApiClient.Reply parse(byte[] response) throws IOException {
    int end = indexOf(response, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
    if (end < 0) {
      throw new IOException("No complete response head in " + response.length + " bytes");
    }
    String[] lines = new String(response, 0, end, StandardCharsets.ISO_8859_1).split("\r\n");
    int status = Integer.parseInt(lines[0].split(" ")[1]);
    Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      headers
          .computeIfAbsent(lines[i].substring(0, colon).trim(), name -> new ArrayList<>())
          .add(lines[i].substring(colon + 1).trim());
    }
    byte[] rest = Arrays.copyOfRange(response, end + 4, response.length);
    List<String> encoding = headers.getOrDefault("Transfer-Encoding", List.of());
    byte[] body =
        encoding.stream().anyMatch(value -> value.toLowerCase(Locale.ROOT).contains("chunked"))
            ? unchunk(rest)
            : rest;
    List<String> contentType = headers.getOrDefault("Content-Type", List.of());
    return new ApiClient.Reply(
        status,
        new String(body, StandardCharsets.UTF_8),
        contentType.isEmpty() ? null : contentType.get(0),
        headers);
  }

  /** The body of a {@code Transfer-Encoding: chunked} response. */
  private static byte[] unchunk(byte[] chunked) throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    InputStream in = new ByteArrayInputStream(chunked);
    while (true) {
      String sizeLine = line(in);
      int size = Integer.parseInt(sizeLine.split(";")[0].trim(), 16);
      if (size == 0) {
        return body.toByteArray();
      }
      body.write(in.readNBytes(size));
      line(in);
    }
  }

  private static String line(InputStream in) throws IOException {
    StringBuilder line = new StringBuilder();
    int c;
    while ((c = in.read()) != -1 && c != '\n') {
      if (c != '\r') {
        line.append((char) c);
      }
    }
    if (c == -1 && line.length() == 0) {
      throw new IOException("The chunked body ends early");
    }
    return line.toString();
  }

  private static int indexOf(byte[] data, byte[] pattern) {
    for (int i = 0; i + pattern.length <= data.length; i++) {
      if (Arrays.equals(data, i, i + pattern.length, pattern, 0, pattern.length)) {
        return i;
      }
    }
    return -1;
  }
}
