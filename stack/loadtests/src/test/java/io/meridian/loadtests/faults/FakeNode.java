package io.meridian.loadtests.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.meridian.loadtests.load.MeridianClient;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stand-in for a Meridian node in unit tests, in this JVM: it stores the entities POSTed to any
 * collection, answers every {@code failEvery}th POST with 503 {@code storage_unavailable} (storing
 * nothing), reads by uuid, and answers a query with the stored names it asks for ({@code name =
 * '...'} terms; every stored name without any) as a server answers {@code select name}: entities
 * holding their names, 2 per page.
 */
final class FakeNode implements AutoCloseable {
  private static final Pattern NAME_TERM = Pattern.compile("name = '([^']*)'");

  final Map<UUID, String> stored = new ConcurrentHashMap<>();
  private final AtomicLong posts = new AtomicLong();
  private final int failEvery;
  private final HttpServer server;

  FakeNode(int failEvery) throws IOException {
    this.failEvery = failEvery;
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::handle);
    server.start();
  }

  URI url() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  @Override
  public void close() {
    server.stop(0);
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String[] segments = exchange.getRequestURI().getPath().split("/");
      String method = exchange.getRequestMethod();
      if (method.equals("POST") && segments.length == 4) {
        JsonNode body = MeridianClient.JSON.readTree(exchange.getRequestBody());
        if (posts.incrementAndGet() % failEvery == 0) {
          reply(exchange, 503, "{\"error\":\"storage_unavailable\"}");
          return;
        }
        UUID uuid = UUID.randomUUID();
        String name = body.path("name").asText();
        stored.put(uuid, name);
        reply(exchange, 200, envelope(uuid, name).toString());
      } else if (method.equals("GET") && segments.length == 5) {
        UUID uuid = UUID.fromString(segments[4]);
        String name = stored.get(uuid);
        if (name == null) {
          reply(exchange, 404, "{\"error\":\"entity_not_found\"}");
        } else {
          reply(exchange, 200, envelope(uuid, name).toString());
        }
      } else if (method.equals("GET") && segments.length == 4) {
        reply(exchange, 200, page(exchange.getRequestURI().getQuery()).toString());
      } else {
        reply(exchange, 405, "{\"error\":\"method_not_allowed\"}");
      }
    }
  }

  private static ObjectNode envelope(UUID uuid, String name) {
    ObjectNode answer = MeridianClient.JSON.createObjectNode();
    answer.putArray("entities").addObject().put("uuid", uuid.toString()).put("name", name);
    return answer;
  }

  /** Two names per page; the cursor is the index of the next name. */
  private ObjectNode page(String query) {
    int from = 0;
    Set<String> asked = new HashSet<>();
    for (String parameter : query.split("&")) {
      if (parameter.startsWith("cursor=")) {
        from = Integer.parseInt(parameter.substring("cursor=".length()));
      } else if (parameter.startsWith("ql=")) {
        Matcher term =
            NAME_TERM.matcher(
                URLDecoder.decode(parameter.substring("ql=".length()), StandardCharsets.UTF_8));
        while (term.find()) {
          asked.add(term.group(1));
        }
      }
    }
    Object[] names =
        stored.values().stream()
            .filter(name -> asked.isEmpty() || asked.contains(name))
            .sorted()
            .toArray();
    ObjectNode answer = MeridianClient.JSON.createObjectNode();
    ArrayNode entities = answer.putArray("entities");
    for (int i = from; i < Math.min(from + 2, names.length); i++) {
      entities.addObject().put("name", (String) names[i]);
    }
    if (from + 2 < names.length) {
      answer.put("cursor", Integer.toString(from + 2));
    }
    return answer;
  }

  private static void reply(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }
}
