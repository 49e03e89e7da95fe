package io.meridian.realtime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.socket.SocketResponse;
import io.meridian.core.common.ConnectionQuota;
import io.meridian.core.common.Json;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.core.identity.token.TokenService;
import io.meridian.core.query.QueryLanguage;
import io.meridian.core.realtime.GeofenceDetector;
import io.meridian.core.realtime.RealtimeHub;
import jakarta.websocket.CloseReason;
import jakarta.websocket.Session;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This node's real-time connections and what they share: the feed, the services a message uses, the
 * thread that checks open connections' tokens again, and the one that closes connections (a close
 * may wait on a client that does not read, so nothing else waits for it).
 */
public final class RealtimeService implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RealtimeService.class);

  private final RealtimeProperties properties;
  private final RealtimeHub hub;
  private final TokenService tokens;
  private final AccessControl access;
  private final QueryLanguage queries;
  private final RequestRelay requests;
  private final GeofenceDetector fences;
  private final ConnectionQuota sockets;
  private final ConnectionQuota subscriptions;
  private final Set<RealtimeConnection> connections = ConcurrentHashMap.newKeySet();
  private final ScheduledExecutorService checker;
  private final ExecutorService closer;
  private final LongAdder messages = new LongAdder();
  private final LongAdder events = new LongAdder();
  private final AtomicLong opened = new AtomicLong();
  private final AtomicLong[] dropped = new AtomicLong[Closes.values().length];

  RealtimeService(
      RealtimeProperties properties,
      RealtimeLimits limits,
      RealtimeHub hub,
      TokenService tokens,
      AccessControl access,
      QueryLanguage queries,
      RequestRelay requests,
      GeofenceDetector fences) {
    this.properties = properties;
    this.hub = hub;
    this.tokens = tokens;
    this.access = access;
    this.queries = queries;
    this.requests = requests;
    this.fences = fences;
    this.sockets =
        new ConnectionQuota(
            "sockets",
            limits.socketsPerAddress(),
            limits.socketsPerIdentity(),
            limits.socketsPerApplication());
    this.subscriptions =
        new ConnectionQuota(
            "subscriptions",
            0,
            limits.subscriptionsPerIdentity(),
            limits.subscriptionsPerApplication());
    for (int i = 0; i < dropped.length; i++) {
      dropped[i] = new AtomicLong();
    }
    this.checker = Executors.newSingleThreadScheduledExecutor(daemon("meridian-realtime-tokens"));
    this.closer = Executors.newFixedThreadPool(2, daemon("meridian-realtime-close"));
    long every = properties.authCheckInterval().toMillis();
    checker.scheduleWithFixedDelay(this::recheckTokens, every, every, TimeUnit.MILLISECONDS);
  }

  RealtimeProperties properties() {
    return properties;
  }

  RealtimeHub hub() {
    return hub;
  }

  TokenService tokens() {
    return tokens;
  }

  AccessControl access() {
    return access;
  }

  QueryLanguage queries() {
    return queries;
  }

  RequestRelay requests() {
    return requests;
  }

  GeofenceDetector fences() {
    return fences;
  }

  /** The sockets each address, identity and application may hold on this node. */
  ConnectionQuota sockets() {
    return sockets;
  }

  /** The subscriptions each identity and application may hold on this node. */
  ConnectionQuota subscriptions() {
    return subscriptions;
  }

  /** The bounds of this node's sockets and subscriptions, for /metrics. */
  public List<ConnectionQuota> quotas() {
    return List.of(sockets, subscriptions);
  }

  /** Open connections on this node. */
  public int connections() {
    return connections.size();
  }

  /** Connections opened since this node started. */
  public long opened() {
    return opened.get();
  }

  /** Messages queued for clients since this node started (events and answers). */
  public long messages() {
    return messages.sum();
  }

  /** Connections this node closed because the client did not read. */
  public long droppedSlow() {
    return dropped[Closes.SLOW_CLIENT.ordinal()].get();
  }

  /** Connections this node closed because their token was refused. */
  public long droppedRefused() {
    return dropped[Closes.TOKEN_REFUSED.ordinal()].get();
  }

  /** Connections this node closed because a message was too large. */
  public long droppedTooBig() {
    return dropped[Closes.TOO_BIG.ordinal()].get();
  }

  /** Messages waiting to be sent, all connections together. */
  public long queued() {
    long queued = 0;
    for (RealtimeConnection connection : connections) {
      queued += connection.queued();
    }
    return queued;
  }

  void opened(RealtimeConnection connection) {
    connections.add(connection);
    opened.incrementAndGet();
  }

  void forget(RealtimeConnection connection) {
    connections.remove(connection);
  }

  void sent() {
    messages.increment();
  }

  void event() {
    events.increment();
  }

  /** Events queued for subscribers since this node started. */
  public long events() {
    return events.sum();
  }

  /**
   * Closes a connection, off the caller's thread; {@code why} null for a connection that already
   * failed.
   */
  void close(RealtimeConnection connection, Closes why) {
    connection.markClosing();
    if (why != null) {
      dropped[why.ordinal()].incrementAndGet();
    }
    closer.execute(
        () -> {
          try {
            Session session = connection.session();
            if (session.isOpen()) {
              session.close(
                  why == null
                      ? new CloseReason(CloseReason.CloseCodes.CLOSED_ABNORMALLY, "")
                      : why.reason());
            }
          } catch (IOException | RuntimeException e) {
            LOG.debug("Closing a real-time connection failed: {}", e.toString());
          } finally {
            connection.closed();
          }
        });
  }

  /** Tells the client why (an error message, if it still reads), then closes. */
  void closeNow(RealtimeConnection connection, Closes why, String error, String description) {
    try {
      connection.session().getAsyncRemote().sendText(Messages.error(null, error, description));
    } catch (RuntimeException e) {
      LOG.debug("Telling a real-time client why it is closed failed: {}", e.toString());
    }
    close(connection, why);
  }

  /** The first page of a subscription's query, after a reset, as the connection may read it. */
  void snapshot(RealtimeConnection connection, Subscription subscription, long seq) {
    closer.execute(
        () -> {
          ObjectNode request = Json.object();
          request.put("method", "GET");
          request.put("path", "/" + subscription.collection);
          ObjectNode query = request.putObject("query");
          if (subscription.ql != null) {
            query.put("ql", subscription.ql);
          }
          query.put("limit", Integer.toString(properties.snapshotLimit()));
          SocketResponse reply = requests.execute(connection, request);
          ObjectNode snapshot = Messages.reply("snapshot", null);
          snapshot.put("subscription", subscription.id);
          snapshot.put("seq", seq);
          JsonNode body = reply.body();
          if (reply.status() == 200 && body != null) {
            snapshot.set("entities", body.path("entities"));
            if (body.hasNonNull("cursor")) {
              snapshot.set("cursor", body.get("cursor"));
            }
          } else {
            snapshot.putArray("entities");
            snapshot.put("status", reply.status());
            if (body != null) {
              snapshot.set("error", body.path("error"));
            }
          }
          connection.send(Messages.text(snapshot));
        });
  }

  private void recheckTokens() {
    for (RealtimeConnection connection : connections) {
      try {
        connection.recheck();
      } catch (RuntimeException e) {
        LOG.debug("Checking a real-time connection's token failed: {}", e.toString());
      }
    }
  }

  /**
   * Closes every connection with 1001 (clients reconnect to another node and resume), waiting at
   * most a few seconds for clients that do not read.
   */
  @Override
  public void close() {
    checker.shutdownNow();
    for (RealtimeConnection connection : connections) {
      close(connection, Closes.GOING_AWAY);
    }
    closer.shutdown();
    try {
      if (!closer.awaitTermination(5, TimeUnit.SECONDS)) {
        closer.shutdownNow();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Threads that do not keep the JVM alive, each named for what it does. */
  private static ThreadFactory daemon(String name) {
    return runnable -> {
      Thread thread = new Thread(runnable, name);
      thread.setDaemon(true);
      return thread;
    };
  }
}
