package io.meridian.loadtests.edge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Where the upstream events of simulated devices end up, counted: real-time subscribers ({@code
 * --socket}: WebSockets to {@code /{org}/{app}/_realtime}, each subscribed to the {@code devices}
 * collection, counting {@code device_event} messages) and a webhook receiver ({@code
 * --webhook-port}: answers every POST with 200 and counts it). The latency of each event is taken
 * from the {@code sent_at} the simulator writes in it (epoch milliseconds, same machine). Prints a
 * line a second and a JSON summary at the end ({@code SUMMARY }, and {@code --summary-file}).
 */
@Command(
    name = "event-sink",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = "Count the devices' upstream events at real-time subscribers and a webhook.")
public final class EventSink implements Callable<Integer> {
  private static final Pattern SENT_AT = Pattern.compile("sent_at\\\\?\"\\s*:\\s*(\\d{10,})");
  private static final int MAX_MS = 60_000;

  @Option(
      names = "--socket",
      description = "Real-time socket URL, ws://host:port/{org}/{app}/_realtime?access_token=...")
  URI socket;

  @Option(names = "--subscribers", defaultValue = "1", description = "Sockets (${DEFAULT-VALUE}).")
  int subscribers;

  @Option(
      names = "--subscribe",
      defaultValue = "{\"op\":\"subscribe\",\"id\":\"s\",\"collection\":\"devices\"}",
      description = "The subscription message (${DEFAULT-VALUE}).")
  String subscribe;

  @Option(
      names = "--event-marker",
      defaultValue = "\"device_event\"",
      description = "A socket message counts when it contains this (${DEFAULT-VALUE}).")
  String marker;

  @Option(
      names = "--show",
      defaultValue = "3",
      description = "Socket messages printed as they come, the first ones (${DEFAULT-VALUE}).")
  int show;

  @Option(
      names = "--webhook-port",
      description = "Receive webhook POSTs on 127.0.0.1 at this port.")
  Integer webhookPort;

  @Option(names = "--duration", defaultValue = "60", description = "Seconds (${DEFAULT-VALUE}).")
  long duration;

  @Option(names = "--summary-file", description = "Where the JSON summary is written.")
  Path summaryFile;

  private final PrintStream out;
  private final Tally socketEvents = new Tally();
  private final Tally webhookEvents = new Tally();
  private final AtomicInteger shown = new AtomicInteger();

  EventSink(PrintStream out) {
    this.out = out;
  }

  public static void main(String[] args) {
    System.exit(new CommandLine(new EventSink(System.out)).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    List<WebSocket> sockets = new ArrayList<>();
    HttpServer webhook = null;
    if (webhookPort != null) {
      webhook =
          HttpServer.create(
              new InetSocketAddress(InetAddress.getLoopbackAddress(), webhookPort), 512);
      webhook.setExecutor(Executors.newFixedThreadPool(4));
      webhook.createContext(
          "/",
          exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
              webhookEvents.record(new String(body.readAllBytes(), StandardCharsets.UTF_8));
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
          });
      webhook.start();
      out.printf("Webhook receiver on http://127.0.0.1:%d/%n", webhookPort);
    }
    if (socket != null) {
      HttpClient client = HttpClient.newHttpClient();
      for (int i = 0; i < subscribers; i++) {
        WebSocket webSocket =
            client
                .newWebSocketBuilder()
                .connectTimeout(Duration.ofSeconds(10))
                .buildAsync(socket, new Listener())
                .get(30, TimeUnit.SECONDS);
        webSocket.sendText(subscribe, true).get(10, TimeUnit.SECONDS);
        sockets.add(webSocket);
      }
      out.printf("%d subscriber(s) on %s%n", subscribers, socket.getPath());
    }
    long previousSocket = 0;
    long previousWebhook = 0;
    for (long second = 1; second <= duration; second++) {
      Thread.sleep(1000);
      long socketNow = socketEvents.count.sum();
      long webhookNow = webhookEvents.count.sum();
      out.printf(
          Locale.ROOT,
          "[%4ds] socket %,d (+%,d/s) webhook %,d (+%,d/s)%n",
          second,
          socketNow,
          socketNow - previousSocket,
          webhookNow,
          webhookNow - previousWebhook);
      socketEvents.second(socketNow - previousSocket);
      webhookEvents.second(webhookNow - previousWebhook);
      previousSocket = socketNow;
      previousWebhook = webhookNow;
    }
    for (WebSocket webSocket : sockets) {
      webSocket.sendClose(WebSocket.NORMAL_CLOSURE, "done");
    }
    if (webhook != null) {
      webhook.stop(0);
    }
    ObjectNode summary = FleetStats.JSON.createObjectNode();
    summary.put("seconds", duration);
    summary.put("subscribers", socket == null ? 0 : subscribers);
    summary.set("socket", socketEvents.json());
    summary.set("webhook", webhookEvents.json());
    out.println("SUMMARY " + summary);
    if (summaryFile != null) {
      Files.writeString(summaryFile, summary.toPrettyString() + "\n");
    }
    return 0;
  }

  /** One socket's messages, whole. */
  private final class Listener implements WebSocket.Listener {
    private final StringBuilder partial = new StringBuilder();

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
      partial.append(data);
      if (last) {
        String message = partial.toString();
        partial.setLength(0);
        if (shown.getAndIncrement() < show) {
          out.println(
              "socket: " + (message.length() > 300 ? message.substring(0, 300) + "..." : message));
        }
        if (message.contains(marker)) {
          socketEvents.record(message);
        }
      }
      webSocket.request(1);
      return CompletableFuture.completedFuture(null);
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
      out.println("socket error: " + error);
    }
  }

  /** Events counted, their latency from {@code sent_at} by millisecond, the best second. */
  static final class Tally {
    final LongAdder count = new LongAdder();
    final LongAdder withoutSentAt = new LongAdder();
    final AtomicLongArray latencies = new AtomicLongArray(MAX_MS + 1);
    long bestSecond;

    void record(String message) {
      count.increment();
      Matcher sentAt = SENT_AT.matcher(message);
      if (!sentAt.find()) {
        withoutSentAt.increment();
        return;
      }
      long latency = System.currentTimeMillis() - Long.parseLong(sentAt.group(1));
      latencies.incrementAndGet((int) Math.max(0, Math.min(MAX_MS, latency)));
    }

    void second(long events) {
      bestSecond = Math.max(bestSecond, events);
    }

    long percentile(double percent) {
      long total = 0;
      for (int ms = 0; ms <= MAX_MS; ms++) {
        total += latencies.get(ms);
      }
      if (total == 0) {
        return -1;
      }
      long rank = Math.max(1, (long) Math.ceil(percent / 100 * total));
      long seen = 0;
      for (int ms = 0; ms <= MAX_MS; ms++) {
        seen += latencies.get(ms);
        if (seen >= rank) {
          return ms;
        }
      }
      return MAX_MS;
    }

    ObjectNode json() {
      ObjectNode node = FleetStats.JSON.createObjectNode();
      node.put("events", count.sum());
      node.put("bestSecond", bestSecond);
      node.put("withoutSentAt", withoutSentAt.sum());
      ObjectNode latency = node.putObject("latencyMs");
      latency.put("p50", percentile(50));
      latency.put("p99", percentile(99));
      latency.put("max", percentile(100));
      return node;
    }
  }
}
