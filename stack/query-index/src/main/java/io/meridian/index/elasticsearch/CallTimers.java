package io.meridian.index.elasticsearch;

import io.meridian.core.common.LatencyBuckets;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One latency timer per kind of Elasticsearch call and outcome ({@code
 * meridian_elasticsearch_requests_seconds{operation, outcome}}), built once so a call only records.
 * The buckets span what a healthy index answers in (milliseconds) to the request timeout.
 */
final class CallTimers {
  enum Call {
    BULK,
    VISIBLE_BULK,
    VERSIONS,
    REFRESH,
    SEARCH,
    SCAN,
    COUNT
  }

  static final String NAME = "meridian.elasticsearch.requests";

  private static final Duration[] BUCKETS = LatencyBuckets.array();

  private final Timer[] succeeded = new Timer[Call.values().length];
  private final Timer[] failed = new Timer[Call.values().length];

  CallTimers(MeterRegistry registry) {
    for (Call call : Call.values()) {
      succeeded[call.ordinal()] = timer(registry, call, "success");
      failed[call.ordinal()] = timer(registry, call, "error");
    }
  }

  private static Timer timer(MeterRegistry registry, Call call, String outcome) {
    return Timer.builder(NAME)
        .description("Calls from this node to Elasticsearch, until their answer was read")
        .tag("operation", call.name().toLowerCase(Locale.ROOT))
        .tag("outcome", outcome)
        .serviceLevelObjectives(BUCKETS)
        .register(registry);
  }

  void record(Call call, long startedNanos, boolean success) {
    (success ? succeeded : failed)
        [call.ordinal()].record(System.nanoTime() - startedNanos, TimeUnit.NANOSECONDS);
  }

  /** The call's future, timed from now until it completes. */
  <T> CompletableFuture<T> time(Call call, CompletableFuture<T> future) {
    long started = System.nanoTime();
    return future.whenComplete((result, failure) -> record(call, started, failure == null));
  }
}
