package io.meridian.testing.device;

import io.meridian.core.device.EdgeSettingsStore;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Edge settings in memory, for unit tests of the services over them; counts reads and saves. */
public final class MemoryEdgeSettingsStore implements EdgeSettingsStore {
  public final Map<UUID, Stored> rows = new ConcurrentHashMap<>();
  public final AtomicInteger loads = new AtomicInteger();
  public final AtomicInteger saves = new AtomicInteger();

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
