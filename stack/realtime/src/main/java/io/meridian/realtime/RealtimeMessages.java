package io.meridian.realtime;

import static io.meridian.realtime.MessageSchemas.any;
import static io.meridian.realtime.MessageSchemas.array;
import static io.meridian.realtime.MessageSchemas.client;
import static io.meridian.realtime.MessageSchemas.entity;
import static io.meridian.realtime.MessageSchemas.enumeration;
import static io.meridian.realtime.MessageSchemas.integer;
import static io.meridian.realtime.MessageSchemas.nullableFence;
import static io.meridian.realtime.MessageSchemas.ql;
import static io.meridian.realtime.MessageSchemas.query;
import static io.meridian.realtime.MessageSchemas.seq;
import static io.meridian.realtime.MessageSchemas.server;
import static io.meridian.realtime.MessageSchemas.set;
import static io.meridian.realtime.MessageSchemas.string;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Every message of the real-time protocol (docs/realtime.md), each declared once with the JSON
 * Schema of its payload ({@link MessageSchemas}), and the operations that answer them: the AsyncAPI
 * document is assembled from this list, and its test checks the contract's examples against these
 * schemas, so a message added to the socket must be added here. Schemas name every member the
 * contract defines and leave room for more, as the REST schemas do.
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

  /** What the server does, as AsyncAPI says it: it receives requests and sends what follows. */
  record Operation(
      String name, String action, String summary, List<Message> messages, List<Message> replies) {}

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
                      + " `too_many_subscriptions` (per connection, caller or application),"
                      + " `too_many_sockets` (an `auth` beyond the caller's sockets),"
                      + " `rate_limited`"))
          .required("error_description", string("What was wrong, for people"))
          .build();
  static final Message RESET =
      server(
              "reset",
              "reset",
              "A resume the feed cannot serve (older than the retention window, or ahead of every"
                  + " `seq` handed out): a snapshot follows",
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

  static final List<Operation> OPERATIONS =
      List.of(
          receive("authenticate", "Authenticate with a first message", AUTHENTICATED, AUTH),
          receive(
              "subscribe",
              "Subscribe to a collection, or to geofence events",
              SUBSCRIBED,
              SUBSCRIBE,
              SUBSCRIBE_GEOFENCE),
          receive("unsubscribe", "End a subscription", UNSUBSCRIBED, UNSUBSCRIBE),
          receive("request", "Serve a REST request of the application", RESPONSE, REQUEST),
          receive("ping", "Answer a ping", PONG, PING),
          send(
              "sendEvent",
              "Send the events of a subscription, in `seq` order, without duplicates",
              EVENT,
              DEVICE_EVENT_MESSAGE,
              GEOFENCE_EVENT),
          send(
              "sendReset",
              "Reset a subscription whose `resume` is older than the retention window or ahead of"
                  + " every `seq` handed out, then send its snapshot",
              RESET,
              SNAPSHOT),
          send(
              "refuse",
              "Refuse a message that cannot be read (malformed JSON, an unknown `op`)",
              ERROR));

  /** A client's request, answered by {@code reply} or an error. */
  private static Operation receive(
      String name, String summary, Message reply, Message... messages) {
    return new Operation(name, "receive", summary, List.of(messages), List.of(reply, ERROR));
  }

  /** What the server sends on its own. */
  private static Operation send(String name, String summary, Message... messages) {
    return new Operation(name, "send", summary, List.of(messages), List.of());
  }
}
