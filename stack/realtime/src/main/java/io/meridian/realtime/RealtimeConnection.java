package io.meridian.realtime;

import static io.meridian.realtime.MessageFields.abbreviate;
import static io.meridian.realtime.MessageFields.bad;
import static io.meridian.realtime.MessageFields.id;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.socket.SocketResponse;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ConnectionQuota;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.access.Visibility;
import io.meridian.core.identity.token.AccessToken;
import io.meridian.realtime.MessageFields.Refusal;
import jakarta.websocket.CloseReason;
import jakarta.websocket.Endpoint;
import jakarta.websocket.EndpointConfig;
import jakarta.websocket.MessageHandler;
import jakarta.websocket.Session;
import java.net.URI;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client's WebSocket: its credentials (taken once), its subscriptions and its outbox. Messages
 * from the client arrive on one container thread at a time; events are queued from the feed's
 * thread. Every bad message is answered with an error and changes nothing. Its fields are read by
 * {@link MessageFields}, its subscriptions kept by {@link ConnectionSubscriptions}, its rate held
 * by a {@link TokenBucket}.
 */
final class RealtimeConnection extends Endpoint implements MessageHandler.Partial<String> {
  private static final Logger LOG = LoggerFactory.getLogger(RealtimeConnection.class);

  private final RealtimeService service;
  private final ApplicationRef app;
  private final URI baseUri;
  private final String clientAddress;
  private final ConnectionSubscriptions subscriptions;
  private final TokenBucket bucket;
  private final ConnectionQuota.Permit place;
  private volatile ConnectionQuota.Permit identityPlace;
  private final StringBuilder partial = new StringBuilder();
  private volatile Principal principal;
  private volatile AccessToken token;
  private volatile String tokenText;
  private volatile boolean closing;
  private boolean spoken;
  private Session session;
  private Outbox outbox;

  RealtimeConnection(
      RealtimeService service,
      ApplicationRef app,
      URI baseUri,
      String clientAddress,
      Principal principal,
      AccessToken token,
      String tokenText,
      ConnectionQuota.Permit place) {
    this.service = service;
    this.app = app;
    this.baseUri = baseUri;
    this.clientAddress = clientAddress;
    this.principal = principal;
    this.token = token;
    this.tokenText = tokenText;
    this.place = place;
    this.subscriptions = new ConnectionSubscriptions(this, service);
    this.bucket = new TokenBucket(service.properties().rate(), service.properties().burst());
  }

  ApplicationRef application() {
    return app;
  }

  /** Where the client reached this node (the upgrade request's scheme and authority). */
  URI baseUri() {
    return baseUri;
  }

  String clientAddress() {
    return clientAddress;
  }

  Principal principal() {
    return principal;
  }

  /** The token the connection authenticated with, or null for a guest. */
  String tokenText() {
    return tokenText;
  }

  @Override
  public void onOpen(Session session, EndpointConfig config) {
    this.session = session;
    this.outbox =
        new Outbox(
            session.getAsyncRemote(),
            service.properties().maxQueued(),
            () -> service.close(this, Closes.SLOW_CLIENT),
            () -> service.close(this, null));
    session.addMessageHandler(String.class, this);
    service.opened(this);
  }

  @Override
  public void onClose(Session session, CloseReason reason) {
    closed();
  }

  @Override
  public void onError(Session session, Throwable error) {
    LOG.debug("Real-time connection failed: {}", error.toString());
  }

  /** Forgets the connection's subscriptions and gives back its places; idempotent. */
  void closed() {
    closing = true;
    if (outbox != null) {
      outbox.close();
    }
    subscriptions.cancelAll();
    service.forget(this);
    place.release();
    ConnectionQuota.Permit authenticated = identityPlace;
    if (authenticated != null) {
      authenticated.release();
    }
  }

  Session session() {
    return session;
  }

  boolean isClosing() {
    return closing;
  }

  int queued() {
    return outbox == null ? 0 : outbox.size();
  }

  void markClosing() {
    closing = true;
  }

  /** Queues a message; false once the connection takes no more. */
  boolean send(String message) {
    if (closing) {
      return false;
    }
    boolean queued = outbox.offer(message);
    if (queued) {
      service.sent();
    }
    return queued;
  }

  /** Queues an event; false once the connection takes no more. */
  boolean sendEvent(String event) {
    boolean queued = send(event);
    if (queued) {
      service.event();
    }
    return queued;
  }

  /** What the connection may read now: nothing once its token is refused. */
  Visibility visibility() {
    if (closing) {
      return Visibility.NONE;
    }
    return service.access().visibility(principal, app);
  }

  /** Checks the token again (no signature check); closes the connection once it is refused. */
  void recheck() {
    AccessToken held = token;
    if (held == null || closing) {
      return;
    }
    try {
      service.tokens().confirm(held);
    } catch (MeridianException e) {
      if (e.code() == ErrorCode.STORAGE_UNAVAILABLE) {
        return; // this node cannot confirm right now: events wait (visibility fails the same way)
      }
      closing = true;
      outbox.close();
      service.closeNow(this, Closes.TOKEN_REFUSED, e.code().code(), e.description());
    }
  }

  @Override
  public void onMessage(String part, boolean last) {
    if (partial.length() + part.length() > service.properties().maxMessageBytes()) {
      partial.setLength(0);
      service.close(this, Closes.TOO_BIG);
      return;
    }
    if (!last) {
      partial.append(part);
      return;
    }
    String text;
    if (partial.length() == 0) {
      text = part;
    } else {
      text = partial.append(part).toString();
      partial.setLength(0);
      partial.trimToSize();
    }
    if (!bucket.take()) {
      send(
          Messages.error(
              null,
              "rate_limited",
              "More than " + service.properties().rate() + " messages a second; slow down"));
      return;
    }
    boolean first = !spoken;
    spoken = true;
    handle(text, first);
  }

  private void handle(String text, boolean first) {
    String id = null;
    try {
      JsonNode message;
      try {
        message = Json.MAPPER.readTree(text);
      } catch (JsonProcessingException e) {
        throw bad("The message is not JSON");
      }
      if (message == null || !message.isObject()) {
        throw bad("A message is a JSON object with an 'op'");
      }
      id = id(message);
      String op = message.path("op").isTextual() ? message.get("op").asText() : null;
      if (op == null) {
        throw bad("A message names its 'op' (a string)");
      }
      switch (op) {
        case "auth" -> auth(id, message, first);
        case "subscribe" -> subscriptions.subscribe(id, (ObjectNode) message);
        case "unsubscribe" -> subscriptions.unsubscribe(id, message);
        case "request" -> request(id, message);
        case "ping" -> send(Messages.text(Messages.reply("pong", id)));
        default -> throw bad("Unknown op '" + abbreviate(op) + "'");
      }
    } catch (MeridianException e) {
      send(Messages.error(id, e.code().code(), e.description()));
    } catch (Refusal e) {
      send(Messages.error(id, e.error, e.getMessage()));
    } catch (RuntimeException e) {
      LOG.warn("A real-time message failed", e);
      send(Messages.error(id, ErrorCode.INTERNAL_ERROR.code(), "The message could not be handled"));
    }
  }

  private void auth(String id, JsonNode message, boolean first) {
    if (!first || token != null) {
      throw new Refusal(
          "already_authenticated",
          "'auth' is accepted only as the first message of a connection opened without a token");
    }
    JsonNode text = message.get("token");
    if (text == null || !text.isTextual() || text.asText().isEmpty()) {
      throw bad("'auth' carries the access token as 'token'");
    }
    AccessToken verified = service.tokens().verify(text.asText());
    Principal authenticated = service.tokens().confirm(verified);
    service.access().requireReach(authenticated, app);
    holdIdentityPlace(authenticated);
    principal = authenticated;
    token = verified;
    tokenText = text.asText();
    send(Messages.text(Messages.reply("authenticated", id)));
  }

  /**
   * A guest socket that authenticates counts from now on among its caller's sockets too (its
   * address and application places it took at the upgrade); refused beyond the caller's bound, it
   * stays a guest.
   */
  private void holdIdentityPlace(Principal authenticated) {
    ConnectionQuota.Permit held;
    try {
      held = service.sockets().acquire(null, authenticated.subject(), null);
    } catch (ConnectionQuota.Exceeded e) {
      throw new Refusal("too_many_sockets", e.getMessage());
    }
    identityPlace = held;
    if (closing) {
      held.release(); // closed meanwhile: closed() may have run before the place was kept
    }
  }

  private void request(String id, JsonNode message) {
    SocketResponse response = service.requests().execute(this, message);
    send(Messages.response(id, response.status(), response.json()));
  }

  /** The subscription's resume point is gone: a reset, then the query's first page. */
  void reset(Subscription subscription, long seq) {
    ObjectNode reset = Messages.reply("reset", null);
    reset.put("subscription", subscription.id);
    reset.put("seq", seq);
    send(Messages.text(reset));
    service.snapshot(this, subscription, seq);
  }
}
