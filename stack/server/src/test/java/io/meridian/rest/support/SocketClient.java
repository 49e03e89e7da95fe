package io.meridian.rest.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A real-time client for tests (the JDK's WebSocket): every message it receives is queued, and
 * {@link #next} takes the next one of a kind.
 */
public final class SocketClient implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final WebSocket socket;
  private final BlockingQueue<JsonNode> received = new LinkedBlockingQueue<>();
  private final List<JsonNode> skipped = new ArrayList<>();
  private final CompletableFuture<Integer> closed = new CompletableFuture<>();

  private SocketClient(URI uri, String bearer, boolean read) {
    this(uri, bearer, read, null);
  }

  private SocketClient(URI uri, String bearer, boolean read, String forwardedFor) {
    WebSocket.Builder builder = HttpClient.newHttpClient().newWebSocketBuilder();
    if (bearer != null) {
      builder.header("Authorization", "Bearer " + bearer);
    }
    if (forwardedFor != null) {
      builder.header("X-Forwarded-For", forwardedFor);
    }
    try {
      socket =
          builder.connectTimeout(Duration.ofSeconds(10)).buildAsync(uri, new Listener(read)).join();
    } catch (CompletionException e) {
      for (Throwable cause = e; cause != null; cause = cause.getCause()) {
        if (cause instanceof WebSocketHandshakeException refused) {
          throw new Refused(refused.getResponse().statusCode(), refused.getResponse().body());
        }
      }
      throw e;
    }
  }

  /** Opens {@code /{org}/{app}/_realtime} on {@code base} (http://host:port). */
  public static SocketClient open(String base, String org, String app, String bearer) {
    return new SocketClient(uri(base, org, app, ""), bearer, true);
  }

  /**
   * Opens as a proxy would for a client at {@code forwardedFor} ({@code X-Forwarded-For}): the
   * server takes it as the client's address only when it trusts 127.0.0.1 as a proxy.
   */
  public static SocketClient openForwarded(
      String base, String org, String app, String bearer, String forwardedFor) {
    return new SocketClient(uri(base, org, app, ""), bearer, true, forwardedFor);
  }

  /** Opens with the token in the URL's query. */
  public static SocketClient openWithQueryToken(String base, String org, String app, String token) {
    return new SocketClient(uri(base, org, app, "?access_token=" + token), null, true);
  }

  /** Opens a connection that never reads what it is sent. */
  public static SocketClient openNotReading(String base, String org, String app, String bearer) {
    return new SocketClient(uri(base, org, app, ""), bearer, false);
  }

  public static URI uri(String base, String org, String app, String query) {
    return URI.create(
        base.replaceFirst("^http", "ws") + "/" + org + "/" + app + "/_realtime" + query);
  }

  /** The server refused the upgrade: its status and body. */
  public static final class Refused extends RuntimeException {
    private final int status;

    Refused(int status, Object body) {
      super("The upgrade was refused with status " + status + ": " + body);
      this.status = status;
    }

    public int status() {
      return status;
    }
  }

  public void send(String json) {
    socket.sendText(json, true).join();
  }

  /** Sends a message built from JSON text with single quotes for readability. */
  public void sendQuoted(String json) {
    send(json.replace('\'', '"'));
  }

  /** The next message with this op (others are kept for later), waiting at most 10 s. */
  public JsonNode next(String op) {
    return next(message -> op.equals(message.path("op").asText()), Duration.ofSeconds(10));
  }

  public JsonNode next(Predicate<JsonNode> wanted, Duration timeout) {
    for (JsonNode message : skipped) {
      if (wanted.test(message)) {
        skipped.remove(message);
        return message;
      }
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    try {
      while (true) {
        long left = deadline - System.nanoTime();
        JsonNode message = left <= 0 ? null : received.poll(left, TimeUnit.NANOSECONDS);
        if (message == null) {
          throw new AssertionError("No message as wanted within " + timeout + "; got " + skipped);
        }
        if (wanted.test(message)) {
          return message;
        }
        skipped.add(message);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** Every message received so far and not yet taken, then nothing more for {@code quiet}. */
  public List<JsonNode> drain(Duration quiet) {
    List<JsonNode> all = new ArrayList<>(skipped);
    skipped.clear();
    try {
      JsonNode message;
      while ((message = received.poll(quiet.toMillis(), TimeUnit.MILLISECONDS)) != null) {
        all.add(message);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return all;
  }

  /** The close code the server sent, waiting at most {@code timeout}. */
  public int closeCode(Duration timeout) {
    try {
      return closed.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      throw new AssertionError("The server did not close the connection within " + timeout, e);
    }
  }

  public boolean isClosed() {
    return closed.isDone();
  }

  @Override
  public void close() {
    if (!socket.isOutputClosed()) {
      socket.sendClose(WebSocket.NORMAL_CLOSURE, "").exceptionally(e -> null);
    }
    socket.abort();
  }

  private final class Listener implements WebSocket.Listener {
    private final boolean read;
    private final StringBuilder text = new StringBuilder();

    Listener(boolean read) {
      this.read = read;
    }

    @Override
    public void onOpen(WebSocket webSocket) {
      if (read) {
        webSocket.request(Long.MAX_VALUE);
      }
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
      text.append(data);
      if (last) {
        try {
          received.add(JSON.readTree(text.toString()));
        } catch (Exception e) {
          received.add(
              JSON.createObjectNode().put("op", "unparsable").put("text", text.toString()));
        }
        text.setLength(0);
      }
      return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
      closed.complete(statusCode);
      return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
      closed.complete(-1);
    }
  }
}
