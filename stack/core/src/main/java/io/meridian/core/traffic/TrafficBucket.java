package io.meridian.core.traffic;

/**
 * An application's requests in one time bucket: how many, how many failed by class, and their
 * latency as a sum and a maximum (a mean needs the count, which is here; sums and maxima add up
 * across nodes, where percentiles would not).
 *
 * @param start the bucket's first millisecond (epoch), a multiple of the bucket length
 * @param latencySumMicros the requests' latencies added up, in microseconds
 * @param latencyMaxMicros the slowest request's latency, in microseconds
 */
public record TrafficBucket(
    long start,
    long requests,
    long errors4xx,
    long errors5xx,
    long latencySumMicros,
    long latencyMaxMicros) {

  /** A bucket in which nothing happened. */
  public static TrafficBucket empty(long start) {
    return new TrafficBucket(start, 0, 0, 0, 0, 0);
  }

  /** This bucket and another of the same time (another node's) together. */
  public TrafficBucket plus(TrafficBucket other) {
    return new TrafficBucket(
        start,
        requests + other.requests,
        errors4xx + other.errors4xx,
        errors5xx + other.errors5xx,
        latencySumMicros + other.latencySumMicros,
        Math.max(latencyMaxMicros, other.latencyMaxMicros));
  }

  /** The mean latency in milliseconds; 0 when no request was served. */
  public double latencyMeanMillis() {
    return requests == 0 ? 0 : latencySumMicros / 1000.0 / requests;
  }

  public double latencyMaxMillis() {
    return latencyMaxMicros / 1000.0;
  }
}
