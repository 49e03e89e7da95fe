package io.meridian.realtime;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import java.util.List;

/**
 * Every message of the real-time protocol (docs/realtime.md), each declared once with the JSON
 * Schema of its payload: the AsyncAPI document is assembled from this list, and its test checks the
 * contract's examples against these schemas, so a message added to the socket must be added here.
 * Schemas name every member the contract defines and leave room for more, as the REST schemas do.
 */
final class RealtimeMessages {
  /** Who sends a message. */
  enum From {
    CLIENT,
    SERVER
  }

  /**
   * @param name the message's key in the document ({@code components/messages/<name>})
   * @param payload a self-contained JSON Schema (draft 7, AsyncAPI's default schema format)
   */
  record Message(String name, From from, String op, String summary, ObjectNode payload) {}

  static final List<String> EVENTS = List.of("create", "update", "delete", "enter", "leave");
  static final String DEVICE_EVENT = "device_event";

  /** What a plain subscription may ask for: the entity events and devices' upstream events. */
  static final List<String> SUBSCRIBED_EVENTS =
      List.of("create", "update", "delete", "enter", "leave", DEVICE_EVENT);

  static final List<String> DETECTIONS = List.of("enter", "exit", "inside", "outside", "cross");
  static final List<String> METHODS = List.of("GET", "PUT", "POST", "DELETE");
  static final int MAX_ID_LENGTH = 64;

  static final Message AUTH =
      client("auth", "auth", "Authenticate a connection that carried no token (first message only)")
          .required("token", string("An access token, as over REST"))
          .build();
  static final Message SUBSCRIBE =
      client("subscribe", "subscribe", "Subscribe to the entities of a collection a query selects")
          .required("collection", string("The collection, plural or singular"))
          .optional("ql", ql("The entities to watch (every entity when absent)"))
          .optional("events", set(SUBSCRIBED_EVENTS, "The events to send (all six when absent)"))
          .optional("resume", seq("Resume after this `seq`: every later event is sent first"))
          .without("fences")
          .build();
  static final Message SUBSCRIBE_GEOFENCE =
      client(
              "subscribeGeofence",
              "subscribe",
              "Subscribe to the moves of a collection's entities relative to the fences of another")
          .required("collection", string("The collection whose entities are watched as they move"))
          .required("fences", string("The collection holding the fences (polygon `geometry`)"))
          .optional("fenceQl", ql("The fences to watch"))
          .optional("ql", ql("Narrows the watched entities as in a plain subscription"))
          .optional("detect", set(DETECTIONS, "The detections to send"))
          .optional("resume", seq("Resume after this `seq`: every later event is sent first"))
          .build();
  static final Message UNSUBSCRIBE =
      client("unsubscribe", "unsubscribe", "End a subscription")
          .required("subscription", string("The subscription's id, from `subscribed`"))
          .build();
  static final Message REQUEST =
      client("request", "request", "Send a REST request of the application over the socket")
          .required("method", enumeration(METHODS, "The HTTP method"))
          .required(
              "path",
              string("The path relative to the application, e.g. `/ads`").put("pattern", "^/"))
          .optional("query", query())
          .optional("body", any("The request body, any JSON value"))
          .build();
  static final Message PING = client("ping", "ping", "Check that the connection is alive").build();

  static final Message AUTHENTICATED =
      server("authenticated", "authenticated", "The `auth` message's token was accepted", true)
          .build();
  static final Message SUBSCRIBED =
      server("subscribed", "subscribed", "The subscription started", true)
          .required("subscription", string("The subscription's id, named by its events"))
          .required("seq", seq("The application's position when the subscription started"))
          .build();
  static final Message UNSUBSCRIBED =
      server("unsubscribed", "unsubscribed", "The subscription ended", true)
          .required("subscription", string("The subscription's id"))
          .build();
  static final Message EVENT =
      server("event", "event", "A change to an entity a subscription selects", false)
          .required("subscription", string("The subscription's id"))
          .required("seq", seq("The event's position in the application's sequence"))
          .required("event", enumeration(EVENTS, "What happened (see docs/realtime.md)"))
          .optional("entity", entity("The entity after the write (absent for `delete`)"))
          .optional("previous", entity("The entity before the write"))
          .without("fence")
          .build();
  static final Message DEVICE_EVENT_MESSAGE =
      server(
              "deviceEvent",
              "event",
              "An upstream event of a device the subscription selects (docs/device-events.md)",
              false)
          .required("subscription", string("The subscription's id"))
          .required("seq", seq("The event's position in the application's sequence"))
          .required("event", enumeration(List.of(DEVICE_EVENT), "A device's upstream event"))
          .required("device", string("The device's id (its entity's `name`)"))
          .required("entity", entity("The device's entity"))
          .optional("payload", any("The event as the device sent it, when it is one JSON value"))
          .optional("text", string("The event as the device sent it, when it is not JSON"))
          .exactlyOneOf("payload", "text")
          .without("fence")
          .build();
  static final Message GEOFENCE_EVENT =
      server("geofenceEvent", "event", "A watched entity's move relative to a fence", false)
          .required("subscription", string("The subscription's id"))
          .required("seq", seq("The event's position in the application's sequence"))
          .required("event", enumeration(DETECTIONS, "The detection (see docs/realtime.md)"))
          .optional("entity", entity("The entity after the move"))
          .optional("previous", entity("The entity before the move"))
          .required("fence", nullableFence())
          .build();
  static final Message RESPONSE =
      server("response", "response", "The answer to a `request`", true)
          .required("status", integer("The HTTP status").put("minimum", 100).put("maximum", 599))
          .optional("body", any("The REST response body: its envelope, or its error"))
          .build();
  static final Message PONG = server("pong", "pong", "The answer to a `ping`", true).build();
  static final Message ERROR =
      server("error", "error", "A message was refused; nothing changed, the connection stays", true)
          .required(
              "error",
              string(
                  "The snake_case code: `bad_request` (malformed JSON, unknown op, bad query,"
                      + " forbidden collection, a query too long), `already_authenticated`,"
                      + " `too_many_subscriptions`, `rate_limited`"))
          .required("error_description", string("What was wrong, for people"))
          .build();
  static final Message RESET =
      server(
              "reset",
              "reset",
              "A resume older than the retention window: a snapshot follows",
              false)
          .required("subscription", string("The subscription's id"))
          .required("seq", seq("The position the snapshot is taken at"))
          .build();
  static final Message SNAPSHOT =
      server(
              "snapshot",
              "snapshot",
              "The first page of the subscription's query after a reset",
              false)
          .required("subscription", string("The subscription's id"))
          .required("seq", seq("The position the snapshot is taken at"))
          .required(
              "entities",
              array(entity("An entity"), "The first page (`meridian.realtime.snapshot-limit`)"))
          .optional("cursor", string("Continues the query over REST (`cursor` parameter)"))
          .build();

  static final List<Message> ALL =
      List.of(
          AUTH,
          SUBSCRIBE,
          SUBSCRIBE_GEOFENCE,
          UNSUBSCRIBE,
          REQUEST,
          PING,
          AUTHENTICATED,
          SUBSCRIBED,
          UNSUBSCRIBED,
          EVENT,
          DEVICE_EVENT_MESSAGE,
          GEOFENCE_EVENT,
          RESPONSE,
          PONG,
          ERROR,
          RESET,
          SNAPSHOT);

  private RealtimeMessages() {}

  private static Payload client(String name, String op, String summary) {
    return new Payload(name, From.CLIENT, op, summary)
        .optional(
            "id",
            string("Any id of the client's, echoed in the answer").put("maxLength", MAX_ID_LENGTH));
  }

  private static Payload server(String name, String op, String summary, boolean answer) {
    Payload payload = new Payload(name, From.SERVER, op, summary);
    return answer ? payload.optional("id", string("The `id` of the message answered")) : payload;
  }

  /** An object schema with its {@code op}, built member by member. */
  private static final class Payload {
    private final String name;
    private final From from;
    private final String op;
    private final String summary;
    private final ObjectNode schema = Json.MAPPER.createObjectNode();
    private final ObjectNode properties;
    private final ArrayNode required;

    Payload(String name, From from, String op, String summary) {
      this.name = name;
      this.from = from;
      this.op = op;
      this.summary = summary;
      schema.put("type", "object");
      properties = schema.putObject("properties");
      required = schema.putArray("required");
      required("op", enumeration(List.of(op), "The message's kind"));
    }

    Payload required(String member, ObjectNode property) {
      properties.set(member, property);
      required.add(member);
      return this;
    }

    Payload optional(String member, ObjectNode property) {
      properties.set(member, property);
      return this;
    }

    /** Tells two forms of one {@code op} apart: this one never carries the member. */
    Payload without(String member) {
      schema.putObject("not").putArray("required").add(member);
      return this;
    }

    /** The payload carries exactly one of these members. */
    Payload exactlyOneOf(String... members) {
      ArrayNode oneOf = schema.putArray("oneOf");
      for (String member : members) {
        oneOf.addObject().putArray("required").add(member);
      }
      return this;
    }

    Message build() {
      return new Message(name, from, op, summary, schema);
    }
  }

  private static ObjectNode described(String type, String description) {
    ObjectNode node = Json.MAPPER.createObjectNode();
    if (type != null) {
      node.put("type", type);
    }
    return node.put("description", description);
  }

  private static ObjectNode string(String description) {
    return described("string", description);
  }

  private static ObjectNode integer(String description) {
    return described("integer", description);
  }

  private static ObjectNode any(String description) {
    return described(null, description);
  }

  private static ObjectNode entity(String description) {
    return described("object", description + ", as the REST API returns it");
  }

  private static ObjectNode ql(String description) {
    return string(
        description
            + "; the query language of docs/queries.md, geo included (at most"
            + " `meridian.realtime.max-query-length` characters)");
  }

  private static ObjectNode seq(String description) {
    return integer(description + " (microseconds of the writing node's clock)")
        .put("format", "int64")
        .put("minimum", 0);
  }

  private static ObjectNode enumeration(List<String> values, String description) {
    ObjectNode node = string(description);
    ArrayNode allowed = node.putArray("enum");
    values.forEach(allowed::add);
    return node;
  }

  private static ObjectNode set(List<String> values, String description) {
    return array(enumeration(values, "One of them"), description);
  }

  private static ObjectNode array(ObjectNode items, String description) {
    ObjectNode node = described("array", description);
    node.set("items", items);
    return node;
  }

  private static ObjectNode nullableFence() {
    ObjectNode node = any("The fence entity, as the REST API returns it; null for `outside`");
    node.putArray("type").add("object").add("null");
    return node;
  }

  private static ObjectNode query() {
    ObjectNode values = Json.MAPPER.createObjectNode();
    ArrayNode oneOf = values.putArray("oneOf");
    oneOf.addObject().put("type", "string");
    oneOf.addObject().put("type", "array").putObject("items").put("type", "string");
    ObjectNode node = described("object", "The query parameters: strings or arrays of strings");
    node.set("additionalProperties", values);
    return node;
  }
}
