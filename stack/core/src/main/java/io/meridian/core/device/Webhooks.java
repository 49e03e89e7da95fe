package io.meridian.core.device;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.meridian.core.common.ClientJson;
import io.meridian.core.common.DaemonThreads;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Posts devices' upstream events to their applications' webhooks: {@code {"app", "device",
 * "timestamp", "event"}} as JSON, signed with the application's webhook key ({@code
 * X-Meridian-Signature: sha256=<hex HMAC-SHA256 of the body>}), with the event's time in {@code
 * X-Meridian-Timestamp}.
 *
 * <p>Deliveries wait in one bounded queue for a few workers; an event that finds {@link
 * Options#capacity} deliveries pending (queued, in flight or waiting to retry) is dropped and
 * counted, so a slow or dead webhook never holds more memory than that. A 2xx answer delivers; an
 * error of the connection, 408, 429 or a 5xx is retried after a backoff doubling from {@link
 * Options#firstBackoff} up to {@link Options#maxBackoff}, at most {@link Options#maxAttempts}
 * attempts in all; any other answer fails at once. Redirects are not followed, and an answer's body
 * is never read; each attempt ends within {@link Options#timeout} ({@link WebhookClient}).
 *
 * <p>Unless {@link Options#allowPrivateAddresses}, a webhook whose host resolves to a loopback,
 * private, link-local or otherwise local address is refused at each delivery (an application's
 * admin must not reach the cluster's own network through it), and a delivery connects to exactly
 * the addresses it checked, never to those of a second lookup ({@link WebhookAddresses}).
 */
public final class Webhooks implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Webhooks.class);

  public static final String SIGNATURE_HEADER = "X-Meridian-Signature";
  public static final String TIMESTAMP_HEADER = "X-Meridian-Timestamp";

  /**
   * @param capacity deliveries pending at most (queued, in flight, waiting to retry)
   * @param workers deliveries in flight at most
   * @param maxAttempts attempts per delivery, the first included
   */
  public record Options(
      int capacity,
      int workers,
      int maxAttempts,
      Duration firstBackoff,
      Duration maxBackoff,
      Duration connectTimeout,
      Duration timeout,
      boolean allowPrivateAddresses) {}

  /** An application's webhook deliveries since this node started. */
  public record Counters(long delivered, long failed, long dropped, long retried) {
    public static final Counters NONE = new Counters(0, 0, 0, 0);
  }

  private final EdgeSettingsService settings;
  private final WebhookClient client;
  private final Clock clock;
  private final Options options;
  private final LinkedBlockingQueue<Delivery> queue = new LinkedBlockingQueue<>();
  private final AtomicInteger pending = new AtomicInteger();
  private final Map<UUID, Tally> tallies = new ConcurrentHashMap<>();
  private final ExecutorService workers;
  private final ScheduledExecutorService retries;

  /**
   * @param lookup how hosts are looked up ({@code InetAddress::getAllByName}): once per connection,
   *     and the connection goes to the addresses checked ({@link WebhookAddresses})
   */
  public Webhooks(
      EdgeSettingsService settings, WebhookAddresses.Lookup lookup, Clock clock, Options options) {
    this.settings = settings;
    this.clock = clock;
    this.options = options;
    this.workers =
        Executors.newFixedThreadPool(options.workers(), DaemonThreads.named("meridian-webhook"));
    this.retries =
        Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("meridian-webhook-retry"));
    this.client =
        new WebhookClient(
            new WebhookAddresses(lookup, options.allowPrivateAddresses()),
            options.workers(),
            options.connectTimeout(),
            options.timeout(),
            retries);
    for (int i = 0; i < options.workers(); i++) {
      workers.execute(this::work);
    }
  }

  /**
   * Queues an event for the application's webhook, if it has one; false when it was dropped (the
   * queue is full). Never blocks.
   */
  public boolean submit(UUID app, String device, byte[] payload) {
    if (settings.settings(app).webhookUrl() == null) {
      return true;
    }
    if (pending.incrementAndGet() > options.capacity()) {
      pending.decrementAndGet();
      tally(app).dropped.increment();
      return false;
    }
    long timestamp = clock.millis();
    queue.add(new Delivery(app, timestamp, body(app, device, timestamp, payload), 1));
    return true;
  }

  public Counters counters(UUID app) {
    Tally tally = tallies.get(app);
    return tally == null
        ? Counters.NONE
        : new Counters(
            tally.delivered.sum(), tally.failed.sum(), tally.dropped.sum(), tally.retried.sum());
  }

  /** Deliveries pending on this node: queued, in flight or waiting to retry. */
  public int pending() {
    return pending.get();
  }

  /** The hex HMAC-SHA256 of a body under a key, as {@link #SIGNATURE_HEADER} carries it. */
  public static String signature(byte[] key, byte[] body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
    }
  }

  static byte[] body(UUID app, String device, long timestamp, byte[] payload) {
    ObjectNode body = Json.object();
    body.put("app", app.toString());
    body.put("device", device);
    body.put("timestamp", timestamp);
    body.set("event", event(payload));
    return Json.write(body).getBytes(StandardCharsets.UTF_8);
  }

  /** The payload as a JSON value when it is one, else as the text the device sent. */
  private static JsonNode event(byte[] payload) {
    try {
      return ClientJson.parse(payload);
    } catch (MeridianException e) {
      return TextNode.valueOf(new String(payload, StandardCharsets.UTF_8));
    }
  }

  private void work() {
    while (!Thread.currentThread().isInterrupted()) {
      Delivery delivery;
      try {
        delivery = queue.take();
      } catch (InterruptedException e) {
        return;
      }
      try {
        attempt(delivery);
      } catch (RuntimeException e) {
        finish(delivery, false);
        LOG.debug("A webhook delivery failed: {}", e.toString());
      }
    }
  }

  private void attempt(Delivery delivery) {
    EdgeSettingsService.Current current = settings.current(delivery.app());
    URI url = current.settings().webhookUrl();
    if (url == null || current.webhookKey() == null) {
      finish(delivery, false); // the webhook was removed meanwhile
      return;
    }
    Map<String, String> headers =
        Map.of(
            SIGNATURE_HEADER,
            signature(current.webhookKey(), delivery.body()),
            TIMESTAMP_HEADER,
            Long.toString(delivery.timestamp()));
    int status;
    try {
      status = client.post(url, headers, delivery.body());
    } catch (WebhookAddresses.RefusedAddress e) {
      LOG.debug("A webhook of application {} names a local address: not delivered", delivery.app());
      finish(delivery, false);
      return;
    } catch (IOException e) {
      status = -1;
    }
    if (status >= 200 && status < 300) {
      finish(delivery, true);
    } else if ((status < 0 || status == 408 || status == 429 || status >= 500)
        && delivery.attempt() < options.maxAttempts()) {
      tally(delivery.app()).retried.increment();
      retries.schedule(
          () -> queue.add(delivery.next()), backoff(delivery.attempt()), TimeUnit.MILLISECONDS);
    } else {
      finish(delivery, false);
    }
  }

  /** The wait before attempt {@code attempt + 1}. */
  long backoff(int attempt) {
    long first = options.firstBackoff().toMillis();
    long doubled = first << Math.min(attempt - 1, 30);
    return Math.min(doubled < first ? Long.MAX_VALUE : doubled, options.maxBackoff().toMillis());
  }

  private void finish(Delivery delivery, boolean delivered) {
    pending.decrementAndGet();
    Tally tally = tally(delivery.app());
    (delivered ? tally.delivered : tally.failed).increment();
  }

  private Tally tally(UUID app) {
    return tallies.computeIfAbsent(app, id -> new Tally());
  }

  @Override
  public void close() {
    retries.shutdownNow();
    workers.shutdownNow();
    try {
      client.close();
    } catch (IOException e) {
      LOG.debug("Could not close the webhook client: {}", e.toString());
    }
  }

  private record Delivery(UUID app, long timestamp, byte[] body, int attempt) {
    Delivery next() {
      return new Delivery(app, timestamp, body, attempt + 1);
    }
  }

  private static final class Tally {
    final LongAdder delivered = new LongAdder();
    final LongAdder failed = new LongAdder();
    final LongAdder dropped = new LongAdder();
    final LongAdder retried = new LongAdder();
  }
}
