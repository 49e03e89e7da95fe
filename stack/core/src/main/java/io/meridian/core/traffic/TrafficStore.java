package io.meridian.core.traffic;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/** Each node's request buckets per application, kept for a while so that any node can sum them. */
public interface TrafficStore {
  /** Replaces this node's counts of the application for the bucket's time. */
  CompletionStage<Void> write(UUID app, String node, TrafficBucket bucket);

  /** Every node's buckets of the application starting in {@code [from, to)} (epoch millis). */
  List<NodeBucket> read(UUID app, long from, long to);

  /** One node's counts for one bucket. */
  record NodeBucket(String node, TrafficBucket bucket) {}
}
