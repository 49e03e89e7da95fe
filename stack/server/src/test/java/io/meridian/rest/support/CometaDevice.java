package io.meridian.rest.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A device speaking Cometa's protocol over a plain socket, writing exactly the bytes Cometa's C SDK
 * writes ({@code libcometa.c}): its attach request, replies as {@code "%x\r\n%s\r\n"}, heartbeats
 * as {@code "1\r\n\x06\r\n"}, upstream messages as {@code "%x\r\n\x07%s\r\n"}; and, for the older
 * SDKs the server parses leniently, {@code "2\n\x06\n"} heartbeats and reply sizes that count the
 * CRLF.
 */
public final class CometaDevice implements AutoCloseable {
  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;
  private final int status;
  private final Map<String, String> headers;
  private final String greeting;
  private Thread server;

  private CometaDevice(Socket socket, int status, Map<String, String> headers, String greeting)
      throws IOException {
    this.socket = socket;
    this.in = socket.getInputStream();
    this.out = socket.getOutputStream();
    this.status = status;
    this.headers = headers;
    this.greeting = greeting;
  }

  /**
   * Attaches as the C SDK does, with the application key alone (which only an application that
   * allows open attachment accepts); the answer's status and first message are kept, whatever.
   */
  public static CometaDevice attach(int port, String appKey, String device, String info) {
    return attach(port, "/v1/applications/" + appKey + "/devices/" + device, info);
  }

  /** Attaches as the C SDK does, with the device's secret in Cometa's {@code ?secret=}. */
  public static CometaDevice attach(
      int port, String appKey, String device, String secret, String info) {
    return attach(
        port, "/v1/applications/" + appKey + "/devices/" + device + "?secret=" + secret, info);
  }

  /** Attaches at any path (a secret in the query string, a malformed path). */
  public static CometaDevice attach(int port, String path, String info) {
    return attachFrom("127.0.0.1", port, path, info);
  }

  /** Attaches from {@code source}, an address of 127.0.0.0/8: a device at another address. */
  public static CometaDevice attachFrom(String source, int port, String path, String info) {
    try {
      Socket socket = new Socket();
      socket.bind(new InetSocketAddress(source, 0));
      socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
      socket.setSoTimeout(10_000);
      socket.setTcpNoDelay(true);
      byte[] body = info.getBytes(StandardCharsets.UTF_8);
      String request =
          String.format(
              Locale.ROOT,
              "POST %s HTTP/1.1\r\nHost: api.cometa.io\r\nContent-Length: %d\r\n\r\n%s",
              path,
              body.length,
              info);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
      InputStream in = socket.getInputStream();
      String statusLine = line(in);
      int status = Integer.parseInt(statusLine.split(" ")[1]);
      Map<String, String> headers = new LinkedHashMap<>();
      for (String header = line(in); !header.isEmpty(); header = line(in)) {
        int colon = header.indexOf(':');
        headers.put(
            header.substring(0, colon).trim().toLowerCase(Locale.ROOT),
            header.substring(colon + 1).trim());
      }
      String first;
      if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
        first = new String(chunk(in), StandardCharsets.UTF_8);
      } else {
        first =
            new String(
                in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0"))),
                StandardCharsets.UTF_8);
      }
      return new CometaDevice(socket, status, headers, first);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public int status() {
    return status;
  }

  public String header(String name) {
    return headers.get(name.toLowerCase(Locale.ROOT));
  }

  /** The attach answer's body: the greeting, or the refusal. */
  public String greeting() {
    return greeting;
  }

  /** The next RPC request from the server. */
  public String nextRequest(Duration timeout) {
    try {
      socket.setSoTimeout((int) timeout.toMillis());
      return new String(chunk(in), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A reply as the C SDK writes it. */
  public void reply(String response) {
    write(String.format("%x\r\n%s\r\n", utf8Length(response), response));
  }

  /** The C SDK's reply without a callback: an empty line counted as two bytes. */
  public void emptyReply() {
    write(String.format("%x\r\n\r\n", 2));
  }

  /** A reply as the older SDK writes it: the size counts the CRLF. */
  public void oldReply(String response) {
    write(String.format("%x\r\n%s\r\n", utf8Length(response) + 2, response));
  }

  public void heartbeat() {
    write("1\r\n\u0006\r\n");
  }

  /** The older SDK's heartbeat, with its miscounted size and bare line feeds. */
  public void oldHeartbeat() {
    write("2\n\u0006\n");
  }

  /** An upstream message ({@code cometa_send}). */
  public void event(String message) {
    write(String.format("%x\r\n\u0007%s\r\n", utf8Length(message) + 1, message));
  }

  public void write(String raw) {
    writeRaw(raw.getBytes(StandardCharsets.UTF_8));
  }

  public void writeRaw(byte[] raw) {
    try {
      out.write(raw);
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Answers every request with what {@code answer} makes of it, on a thread of its own. */
  public CometaDevice serve(UnaryOperator<String> answer) {
    server =
        new Thread(
            () -> {
              try {
                socket.setSoTimeout(0);
                while (!socket.isClosed()) {
                  String request = new String(chunk(in), StandardCharsets.UTF_8);
                  reply(answer.apply(request));
                }
              } catch (IOException | UncheckedIOException e) {
                // the connection ended: so does serving
              }
            },
            "cometa-device");
    server.setDaemon(true);
    server.start();
    return this;
  }

  /** Whether the server closed the connection within the time (bytes before the end skipped). */
  public boolean closedWithin(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    try {
      while (System.nanoTime() < deadline) {
        socket.setSoTimeout((int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
        try {
          if (in.read() == -1) {
            return true;
          }
        } catch (SocketTimeoutException e) {
          return false;
        }
      }
      return false;
    } catch (IOException e) {
      return true; // reset by the server
    }
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException e) {
      // closing anyway
    }
  }

  private static int utf8Length(String text) {
    return text.getBytes(StandardCharsets.UTF_8).length;
  }

  /** One chunk as a strict HTTP/1.1 reader takes it. */
  private static byte[] chunk(InputStream in) throws IOException {
    String size = line(in);
    int length = Integer.parseInt(size.split(";")[0].trim(), 16);
    byte[] data = in.readNBytes(length);
    if (data.length < length) {
      throw new IOException("connection closed inside a chunk");
    }
    String end = line(in);
    if (!end.isEmpty()) {
      throw new IOException("no CRLF after a chunk");
    }
    return data;
  }

  private static String line(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    int b;
    while ((b = in.read()) != -1) {
      if (b == '\n') {
        byte[] bytes = line.toByteArray();
        int length =
            bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
      }
      line.write(b);
    }
    throw new IOException("connection closed");
  }
}
