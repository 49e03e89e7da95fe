package io.meridian.realtime;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import io.meridian.realtime.RealtimeMessages.Message;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The AsyncAPI 3 document of the real-time WebSocket (docs/realtime.md), served at {@code
 * /asyncapi.json}: one channel, {@code /{org}/{app}/_realtime}; its messages from {@link
 * RealtimeMessages}; what the server receives and sends as operations, each request with the
 * replies it may get; the close codes and limits in the channel's description and, for tools, in
 * {@code x-close-codes} and {@code x-limits}. Built once at start.
 */
public final class AsyncApiDocument {
  static final String CHANNEL = "realtime";
  static final String ADDRESS = "/{org}/{app}/_realtime";

  record CloseCode(int code, String meaning) {}

  record Limit(String property, String byDefault, String refusal) {}

  static final List<CloseCode> CLOSE_CODES =
      List.of(
          new CloseCode(1000, "closed normally"),
          new CloseCode(1001, "the node is shutting down: reconnect (to another node) and resume"),
          new CloseCode(1009, "a message exceeded `meridian.realtime.max-message-bytes`"),
          new CloseCode(
              4001,
              "the connection's token is no longer valid (revoked, expired, its user deleted)"),
          new CloseCode(
              4008,
              "the client did not read: more than `meridian.realtime.max-queued` messages were"
                  + " waiting"));

  static final List<Limit> LIMITS =
      List.of(
          new Limit(
              "meridian.realtime.max-subscriptions",
              "100 per connection",
              "error `too_many_subscriptions`"),
          new Limit(
              "meridian.realtime.max-query-length", "4,096 characters", "error `bad_request`"),
          new Limit("meridian.realtime.max-message-bytes", "65,536", "close 1009"),
          new Limit(
              "meridian.realtime.rate",
              "1,000 messages/s per connection (burst 2,000)",
              "error `rate_limited`"),
          new Limit("meridian.realtime.max-queued", "10,000 messages", "close 4008"),
          new Limit(
              "meridian.realtime.limits.sockets-per-address",
              "1,000 sockets per client address on a node",
              "HTTP 429 `too_many_requests` before the upgrade"),
          new Limit(
              "meridian.realtime.limits.sockets-per-identity",
              "1,000 sockets per caller on a node",
              "HTTP 429 `too_many_requests` before the upgrade; error `too_many_sockets` to an"
                  + " `auth` message"),
          new Limit(
              "meridian.realtime.limits.sockets-per-application",
              "12,000 sockets per application on a node",
              "HTTP 429 `too_many_requests` before the upgrade"),
          new Limit(
              "meridian.realtime.limits.subscriptions-per-identity",
              "10,000 subscriptions per caller on a node",
              "error `too_many_subscriptions`"),
          new Limit(
              "meridian.realtime.limits.subscriptions-per-application",
              "100,000 subscriptions per application on a node",
              "error `too_many_subscriptions`"));

  private final ObjectNode tree;
  private final byte[] json;

  private AsyncApiDocument(ObjectNode tree) {
    this.tree = tree;
    try {
      this.json = Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(tree);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static AsyncApiDocument of(String version) {
    ObjectNode document = Json.MAPPER.createObjectNode();
    document.put("asyncapi", "3.0.0");
    document
        .putObject("info")
        .put("title", "Meridian real time")
        .put("version", version)
        .put(
            "description",
            "One WebSocket per client: subscriptions to collections (the full query language, geo"
                + " included) and to geofence events, and any REST request of the application,"
                + " over one connection. Events carry the application's `seq`; a client that"
                + " reconnects to any node resumes where it stopped. The REST API is described by"
                + " /openapi.json; this contract by docs/realtime.md.");
    document.put("defaultContentType", "application/json");
    document.set("servers", servers());
    document.putObject("channels").set(CHANNEL, channel());
    ObjectNode operations = document.putObject("operations");
    RealtimeMessages.OPERATIONS.forEach(
        operation -> operations.set(operation.name(), operation(operation)));
    document.set("components", components());
    return new AsyncApiDocument(document);
  }

  public byte[] json() {
    return json.clone();
  }

  ObjectNode tree() {
    return tree.deepCopy();
  }

  private static ObjectNode servers() {
    ObjectNode servers = Json.MAPPER.createObjectNode();
    ObjectNode local = servers.putObject("local");
    local
        .put("host", "localhost:8080")
        .put("protocol", "ws")
        .put(
            "description",
            "A node started by meridian-local; every node serves the socket, behind TLS as wss");
    ArrayNode security = local.putArray("security");
    security.addObject().put("$ref", "#/components/securitySchemes/bearer");
    security.addObject().put("$ref", "#/components/securitySchemes/accessToken");
    return servers;
  }

  private static ObjectNode channel() {
    ObjectNode channel = Json.MAPPER.createObjectNode();
    channel
        .put("address", ADDRESS)
        .put("title", "The application's WebSocket")
        .put("description", channelDescription());
    ObjectNode parameters = channel.putObject("parameters");
    parameters.putObject("org").put("description", "The organization's name");
    parameters.putObject("app").put("description", "The application's name");
    ObjectNode messages = channel.putObject("messages");
    for (Message message : RealtimeMessages.ALL) {
      messages.putObject(message.name()).put("$ref", "#/components/messages/" + message.name());
    }
    ObjectNode ws = channel.putObject("bindings").putObject("ws");
    ws.put("method", "GET");
    ObjectNode query = ws.putObject("query").put("type", "object");
    query
        .putObject("properties")
        .putObject("access_token")
        .put("type", "string")
        .put("description", "An access token, when no `Authorization` header is sent");
    ObjectNode headers = ws.putObject("headers").put("type", "object");
    headers
        .putObject("properties")
        .putObject("Authorization")
        .put("type", "string")
        .put("pattern", "^Bearer ")
        .put("description", "`Bearer <token>`, the first place a token is taken from");
    ws.put("bindingVersion", "0.1.0");
    ArrayNode closeCodes = channel.putArray("x-close-codes");
    CLOSE_CODES.forEach(
        close -> closeCodes.addObject().put("code", close.code()).put("meaning", close.meaning()));
    ArrayNode limits = channel.putArray("x-limits");
    LIMITS.forEach(
        limit ->
            limits
                .addObject()
                .put("property", limit.property())
                .put("default", limit.byDefault())
                .put("refusal", limit.refusal()));
    return channel;
  }

  private static String channelDescription() {
    StringBuilder text =
        new StringBuilder(
            "Open with a WebSocket handshake (`GET` with `Upgrade: websocket`; a plain `GET` is"
                + " `426 websocket_upgrade_required`). The token is taken once, from the"
                + " `Authorization: Bearer` header, else the `access_token` query parameter, else"
                + " a first `auth` message; without one the connection has the application's"
                + " guest role. A bad token is refused before the upgrade (`401"
                + " auth_bad_access_token`). Every message both ways is a JSON text frame, an"
                + " object with an `op`; a client message may carry an `id` (at most 64"
                + " characters), echoed in its answer. Every subscription, event and request is"
                + " authorised with the connection's credentials, as over REST.\n\n"
                + "Close codes:\n\n| code | meaning |\n|---|---|\n");
    CLOSE_CODES.forEach(close -> row(text, String.valueOf(close.code()), close.meaning()));
    text.append("\nLimits:\n\n| property | default | when exceeded |\n|---|---|---|\n");
    LIMITS.forEach(
        limit -> row(text, "`" + limit.property() + "`", limit.byDefault(), limit.refusal()));
    return text.toString();
  }

  /** One row of a Markdown table. */
  private static void row(StringBuilder text, String... cells) {
    text.append("| ").append(String.join(" | ", cells)).append(" |\n");
  }

  private static ObjectNode operation(RealtimeMessages.Operation spec) {
    ObjectNode operation = Json.MAPPER.createObjectNode();
    operation.put("action", spec.action()).put("summary", spec.summary());
    operation.putObject("channel").put("$ref", "#/channels/" + CHANNEL);
    references(operation.putArray("messages"), spec.messages());
    if (!spec.replies().isEmpty()) {
      ObjectNode reply = operation.putObject("reply");
      reply.putObject("channel").put("$ref", "#/channels/" + CHANNEL);
      references(reply.putArray("messages"), spec.replies());
    }
    return operation;
  }

  private static void references(ArrayNode array, List<Message> messages) {
    messages.forEach(
        message ->
            array.addObject().put("$ref", "#/channels/" + CHANNEL + "/messages/" + message.name()));
  }

  private static ObjectNode components() {
    ObjectNode components = Json.MAPPER.createObjectNode();
    ObjectNode messages = components.putObject("messages");
    for (Message message : RealtimeMessages.ALL) {
      ObjectNode node = messages.putObject(message.name());
      node.put("name", message.name())
          .put("title", "`" + message.op() + "` (" + from(message) + ")")
          .put("summary", message.summary())
          .put("contentType", "application/json");
      node.set("payload", message.payload().deepCopy());
      if (message.payload().path("properties").has("id")) {
        node.putObject("correlationId").put("$ref", "#/components/correlationIds/id");
      }
    }
    components
        .putObject("correlationIds")
        .putObject("id")
        .put("description", "The client's `id`, echoed in the answer")
        .put("location", "$message.payload#/id");
    ObjectNode schemes = components.putObject("securitySchemes");
    schemes
        .putObject("bearer")
        .put("type", "http")
        .put("scheme", "bearer")
        .put("description", "An access token in the upgrade request's `Authorization` header");
    schemes
        .putObject("accessToken")
        .put("type", "httpApiKey")
        .put("in", "query")
        .put("name", "access_token")
        .put("description", "The same token as a query parameter of the upgrade request");
    return components;
  }

  private static String from(Message message) {
    return message.from() == RealtimeMessages.From.CLIENT ? "client to server" : "server to client";
  }
}
