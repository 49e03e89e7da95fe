package io.meridian.loadtests.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.loadtests.edge.AttachRequest.SecretMode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A fleet against a scripted edge in this test (plain sockets, no Meridian): each connection must
 * carry a libcometa attach, gets the edge's confirmation with a one-second heartbeat and one RPC,
 * and the test records every chunk the device writes back.
 */
class FleetTest {
  private final ExecutorService edge = Executors.newCachedThreadPool();
  private final List<String> attachLines = new CopyOnWriteArrayList<>();
  private final List<String> sourceAddresses = new CopyOnWriteArrayList<>();
  private final Map<String, List<String>> chunksByDevice = new ConcurrentHashMap<>();
  private final Map<String, Integer> connectionsByDevice = new ConcurrentHashMap<>();
  private volatile boolean closeFirstConnection;
  private ServerSocket server;

  @AfterEach
  void stop() throws IOException {
    edge.shutdownNow();
    if (server != null) {
      server.close();
    }
  }

  private int startEdge(String confirmation) throws IOException {
    server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    edge.submit(
        () -> {
          while (!server.isClosed()) {
            Socket socket = server.accept();
            edge.submit(() -> serve(socket, confirmation));
          }
          return null;
        });
    return server.getLocalPort();
  }

  private Void serve(Socket socket, String confirmation) throws IOException {
    socket.setSoTimeout(10_000);
    sourceAddresses.add(socket.getInetAddress().getHostAddress());
    InputStream in = socket.getInputStream();
    OutputStream out = socket.getOutputStream();
    String requestLine = line(in);
    attachLines.add(requestLine);
    int length = 0;
    for (String header = line(in); !header.isEmpty(); header = line(in)) {
      if (header.toLowerCase().startsWith("content-length:")) {
        length = Integer.parseInt(header.substring(15).trim());
      }
    }
    in.readNBytes(length);
    String device = requestLine.split(" ")[1].replaceAll(".*/devices/([^/?]+).*", "$1");
    if (connectionsByDevice.merge(device, 1, Integer::sum) == 1 && closeFirstConnection) {
      socket.close(); // as a node's attach timeout does
      return null;
    }
    out.write(
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
    out.write(Framing.chunk(confirmation.getBytes(StandardCharsets.UTF_8)));
    out.write(Framing.chunk(("{\"rpc\":\"" + device + "\"}").getBytes(StandardCharsets.UTF_8)));
    out.flush();
    List<String> chunks = chunksByDevice.computeIfAbsent(device, d -> new CopyOnWriteArrayList<>());
    while (true) {
      String size = line(in);
      if (size == null) {
        return null;
      }
      byte[] data = in.readNBytes(Integer.parseInt(size, 16));
      line(in);
      chunks.add(new String(data, StandardCharsets.UTF_8));
    }
  }

  /** A CRLF-terminated line, without it; null at the end of the stream. */
  private static String line(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b < 0) {
        return null;
      }
      if (b != '\r') {
        line.write(b);
      }
    }
    return line.toString(StandardCharsets.ISO_8859_1);
  }

  private static FleetOptions options(int port, int count, double eventRate, String secret) {
    return options(port, count, eventRate, secret, false);
  }

  private static FleetOptions options(
      int port, int count, double eventRate, String secret, boolean reattach) {
    return new FleetOptions(
        "127.0.0.1",
        port,
        "app-key-1",
        "t-",
        7,
        count,
        1_000,
        FleetOptions.addresses("127.0.1.1", 2),
        secret,
        secret.isEmpty() ? SecretMode.NONE : SecretMode.QUERY,
        Framing.LIBCOMETA,
        new Replier(Replier.Mode.ECHO, ""),
        eventRate,
        64,
        null,
        "unit test",
        reattach,
        Duration.ofSeconds(5),
        1);
  }

  @Test
  void
      devices_attach_from_their_source_addresses_answer_rpcs_and_heartbeat_at_the_announced_period()
          throws Exception {
    int port = startEdge("{\"msg\":\"200 OK\",\"heartbeat\":1,\"timestamp\":1}");
    try (Fleet fleet = new Fleet(options(port, 3, 0, "s%d"))) {
      fleet.start();
      assertThat(fleet.awaitAttached(Duration.ofSeconds(10))).isTrue();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (fleet.stats().snapshot().heartbeats() < 3 && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      FleetStats.Snapshot stats = fleet.stats().snapshot();
      assertThat(stats.attaches()).isEqualTo(3);
      assertThat(stats.attachFailures()).isZero();
      assertThat(stats.rpcs()).isEqualTo(3);
      assertThat(stats.heartbeats()).isGreaterThanOrEqualTo(3);
    }
    assertThat(attachLines)
        .containsExactlyInAnyOrder(
            "POST /v1/applications/app-key-1/devices/t-000007?secret=s7 HTTP/1.1",
            "POST /v1/applications/app-key-1/devices/t-000008?secret=s8 HTTP/1.1",
            "POST /v1/applications/app-key-1/devices/t-000009?secret=s9 HTTP/1.1");
    assertThat(sourceAddresses).containsOnly("127.0.1.1", "127.0.1.2");
    assertThat(chunksByDevice.get("t-000008"))
        .startsWith("{\"rpc\":\"t-000008\"}")
        .contains("\u0006");
  }

  @Test
  void devices_send_upstream_events_marked_0x07() throws Exception {
    int port = startEdge("{\"msg\":\"200 OK\",\"heartbeat\":60}");
    try (Fleet fleet = new Fleet(options(port, 2, 100, ""))) {
      fleet.start();
      assertThat(fleet.awaitAttached(Duration.ofSeconds(10))).isTrue();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (fleet.stats().snapshot().events() < 20 && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertThat(fleet.stats().snapshot().events()).isGreaterThanOrEqualTo(20);
    }
    List<String> events =
        chunksByDevice.values().stream()
            .flatMap(List::stream)
            .filter(c -> c.startsWith("\u0007"))
            .toList();
    assertThat(events).hasSizeGreaterThanOrEqualTo(20);
    assertThat(events.get(0)).hasSize(65).contains("\"sent_at\":").endsWith("\"}");
  }

  @Test
  void a_refused_attach_is_counted_by_its_reason() throws Exception {
    int port = startEdge("{\"msg\":\"403 Forbidden\"}");
    try (Fleet fleet = new Fleet(options(port, 2, 0, ""))) {
      fleet.start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!fleet.attachPhaseDone() && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      FleetStats.Snapshot stats = fleet.stats().snapshot();
      assertThat(stats.attaches()).isZero();
      assertThat(stats.failuresByReason()).containsEntry("refused 403 Forbidden", 2L);
    }
  }

  @Test
  void with_reattach_a_device_closed_before_its_confirmation_attaches_again() throws Exception {
    closeFirstConnection = true;
    int port = startEdge("{\"msg\":\"200 OK\",\"heartbeat\":60}");
    try (Fleet fleet = new Fleet(options(port, 3, 0, "", true))) {
      fleet.start();
      assertThat(fleet.awaitAttached(Duration.ofSeconds(15))).isTrue();
      assertThat(fleet.attachPhaseDone()).isTrue();
      FleetStats.Snapshot stats = fleet.stats().snapshot();
      assertThat(stats.attaches()).isEqualTo(3);
      assertThat(stats.failuresByReason()).containsEntry("closed before confirmation", 3L);
    }
    assertThat(connectionsByDevice).containsOnlyKeys("t-000007", "t-000008", "t-000009");
    assertThat(connectionsByDevice.values()).containsOnly(2);
  }
}
