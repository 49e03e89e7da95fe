package io.meridian.core.device;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;

/** Each node's latest edge totals per application, so that any node can sum them. */
public interface EdgeStatsStore {
  /** Replaces this node's row of the application. */
  CompletionStage<Void> write(UUID app, String node, EdgeTotals totals, long updated);

  /** Every node's row of the application. */
  List<NodeTotals> read(UUID app);

  /** One node's row: its totals and when it wrote them (epoch milliseconds). */
  record NodeTotals(String node, EdgeTotals totals, long updated) {}
}
