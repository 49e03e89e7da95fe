package io.meridian.edge;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Applications' webhooks of device events (docs/device-events.md).
 *
 * @param capacity deliveries pending on a node at most (queued, in flight, waiting to retry); more
 *     are dropped and counted
 * @param workers deliveries in flight on a node at most
 * @param maxAttempts attempts per event, the first included
 * @param firstBackoff the wait before the first retry, doubled at each further one
 * @param maxBackoff the longest wait between attempts
 * @param timeout how long one attempt waits for the webhook's answer
 * @param connectTimeout how long one attempt waits to connect
 * @param allowPrivateAddresses whether a webhook may name a loopback, private or link-local address
 *     (tests and private deployments)
 */
@ConfigurationProperties("meridian.edge.webhook")
public record WebhookProperties(
    @DefaultValue("10000") int capacity,
    @DefaultValue("8") int workers,
    @DefaultValue("5") int maxAttempts,
    @DefaultValue("1s") Duration firstBackoff,
    @DefaultValue("60s") Duration maxBackoff,
    @DefaultValue("10s") Duration timeout,
    @DefaultValue("5s") Duration connectTimeout,
    @DefaultValue("false") boolean allowPrivateAddresses) {
  public WebhookProperties {
    if (capacity < 1 || workers < 1 || maxAttempts < 1) {
      throw new IllegalArgumentException(
          "meridian.edge.webhook.capacity, workers and max-attempts are at least 1");
    }
  }
}
