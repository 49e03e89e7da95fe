package io.meridian.testing.device;

import io.meridian.core.device.DeviceKeyStore;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Devices' secret states in memory, for unit tests; counts the partition reads. */
public final class MemoryDeviceKeyStore implements DeviceKeyStore {
  private final Map<UUID, Map<String, DeviceKey>> rows = new ConcurrentHashMap<>();
  public final AtomicInteger loads = new AtomicInteger();

  @Override
  public Map<String, DeviceKey> load(UUID app) {
    loads.incrementAndGet();
    return Map.copyOf(rows.getOrDefault(app, Map.of()));
  }

  @Override
  public void save(UUID app, String device, DeviceKey key) {
    rows.computeIfAbsent(app, ignored -> new ConcurrentHashMap<>()).put(device, key);
  }
}
