package io.meridian.core.common;

import java.time.Duration;
import java.util.List;

/**
 * The bucket bounds of every latency histogram Meridian publishes (HTTP requests, Cassandra and
 * Elasticsearch calls): one set, so that dashboards compare like with like, and a dozen fixed
 * buckets rather than a fine percentile histogram's sixty per series.
 */
public final class LatencyBuckets {
  public static final List<Duration> BOUNDS =
      List.of(
          Duration.ofMillis(1),
          Duration.ofMillis(2),
          Duration.ofMillis(5),
          Duration.ofMillis(10),
          Duration.ofMillis(25),
          Duration.ofMillis(50),
          Duration.ofMillis(100),
          Duration.ofMillis(250),
          Duration.ofMillis(500),
          Duration.ofSeconds(1),
          Duration.ofMillis(2500),
          Duration.ofSeconds(5),
          Duration.ofSeconds(10),
          Duration.ofSeconds(30));

  private LatencyBuckets() {}

  /** The bounds as an array, as Micrometer's timer builder takes them. */
  public static Duration[] array() {
    return BOUNDS.toArray(Duration[]::new);
  }
}
