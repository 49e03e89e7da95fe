package io.meridian.core.device;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Edge settings in memory, for unit tests of the services over them; counts reads and saves. */
final class InMemoryEdgeSettingsStore implements EdgeSettingsStore {
  final Map<UUID, Stored> rows = new ConcurrentHashMap<>();
  final AtomicInteger loads = new AtomicInteger();
  final AtomicInteger saves = new AtomicInteger();

  @Override
  public Stored load(UUID app) {
    loads.incrementAndGet();
    return rows.get(app);
  }

  @Override
  public void save(UUID app, Stored stored) {
    saves.incrementAndGet();
    rows.put(app, stored);
  }
}
