package io.meridian.realtime;

import static io.meridian.realtime.MessageFields.abbreviate;
import static io.meridian.realtime.MessageFields.bad;
import static io.meridian.realtime.MessageFields.collection;
import static io.meridian.realtime.MessageFields.names;
import static io.meridian.realtime.MessageFields.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ConnectionQuota;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.permission.Verb;
import io.meridian.core.query.CompiledQuery;
import io.meridian.realtime.MessageFields.Refusal;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A connection's subscriptions: started and ended by the client's messages (on the connection's
 * container thread), all cancelled when it closes (from any thread).
 */
final class ConnectionSubscriptions {
  private final RealtimeConnection connection;
  private final RealtimeService service;
  private final ApplicationRef app;
  private final Map<String, Subscription> subscriptions = new ConcurrentHashMap<>();

  ConnectionSubscriptions(RealtimeConnection connection, RealtimeService service) {
    this.connection = connection;
    this.service = service;
    this.app = connection.application();
  }

  /** Starts the subscription a {@code subscribe} message asks for and answers it. */
  void subscribe(String id, ObjectNode message) {
    RealtimeProperties limits = service.properties();
    if (subscriptions.size() >= limits.maxSubscriptions()) {
      throw new Refusal(
          "too_many_subscriptions",
          "A connection holds at most " + limits.maxSubscriptions() + " subscriptions");
    }
    String collection = collection(message, "collection");
    CompiledQuery query = query(message, "ql");
    Long resume = null;
    JsonNode resumeNode = message.get("resume");
    if (resumeNode != null && !resumeNode.isNull()) {
      if (!resumeNode.canConvertToLong() || !resumeNode.isIntegralNumber()) {
        throw bad("'resume' is the seq of the last event received (an integer)");
      }
      resume = resumeNode.asLong();
    }
    service.access().authorize(connection.principal(), app, Verb.GET, List.of(collection));
    Subscription subscription;
    String subscriptionId = "s-" + Long.toHexString(ThreadLocalRandom.current().nextLong());
    if (message.has("fences")) {
      String fences = collection(message, "fences");
      CompiledQuery fenceQuery = query(message, "fenceQl");
      Set<String> detect = names(message, "detect", FenceSubscription.DETECT);
      service.access().authorize(connection.principal(), app, Verb.GET, List.of(fences));
      subscription =
          new FenceSubscription(
              subscriptionId,
              connection,
              collection,
              query,
              text(message, "ql"),
              detect,
              fences,
              fenceQuery,
              service.fences());
    } else {
      if (message.has("fenceQl") || message.has("detect")) {
        throw bad("'fenceQl' and 'detect' go with 'fences'");
      }
      subscription =
          new Subscription(
              subscriptionId,
              connection,
              collection,
              query,
              text(message, "ql"),
              names(message, "events", Subscription.EVENTS));
    }
    subscription.hold(place(connection.principal()));
    subscriptions.put(subscriptionId, subscription);
    if (connection.isClosing()) {
      subscriptions.remove(subscriptionId);
      subscription.cancel(); // closed meanwhile: cancelAll may have run before the put
      return;
    }
    // Answer first, so that events (which the watch may deliver at once) follow the answer.
    synchronized (subscription) {
      subscription.started(service.hub().watch(app.id(), subscription, resume));
      ObjectNode reply = Messages.reply("subscribed", id);
      reply.put("subscription", subscriptionId);
      reply.put("seq", subscription.seq());
      connection.send(Messages.text(reply));
      if (subscription.wasReset()) {
        connection.reset(subscription, subscription.seq());
      }
    }
  }

  /**
   * A place among the subscriptions the caller and the application may hold on this node (a guest
   * counts only in the application's), or the refusal {@code too_many_subscriptions}.
   */
  private ConnectionQuota.Permit place(Principal principal) {
    try {
      return service
          .subscriptions()
          .acquire(null, principal.isGuest() ? null : principal.subject(), app.id());
    } catch (ConnectionQuota.Exceeded e) {
      throw new Refusal("too_many_subscriptions", e.getMessage());
    }
  }

  private CompiledQuery query(JsonNode message, String field) {
    return MessageFields.query(
        message, field, service.properties().maxQueryLength(), service.queries());
  }

  /** Ends the subscription an {@code unsubscribe} message names and answers it. */
  void unsubscribe(String id, JsonNode message) {
    JsonNode node = message.get("subscription");
    if (node == null || !node.isTextual()) {
      throw bad("'unsubscribe' names its 'subscription'");
    }
    Subscription subscription = subscriptions.remove(node.asText());
    if (subscription == null) {
      throw new MeridianException(
          ErrorCode.NOT_FOUND,
          "This connection has no subscription '" + abbreviate(node.asText()) + "'");
    }
    subscription.cancel();
    ObjectNode reply = Messages.reply("unsubscribed", id);
    reply.put("subscription", subscription.id);
    connection.send(Messages.text(reply));
  }

  /** Cancels and forgets every subscription; idempotent. */
  void cancelAll() {
    for (Iterator<Subscription> it = subscriptions.values().iterator(); it.hasNext(); ) {
      it.next().cancel();
      it.remove();
    }
  }
}
