package io.meridian.core.geo;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

public final class FenceIndex<T> {
  private record Entry<T>(long version, FenceShape shape, T value) {}

  private final Map<UUID, Entry<T>> entries = new ConcurrentHashMap<>();

  public synchronized boolean put(UUID id, long version, FenceShape shape, T value) {
    Entry<T> old = entries.get(id);
    if (old != null && old.version >= version) return false;
    entries.put(id, new Entry<>(version, shape, value));
    return true;
  }

  public synchronized boolean remove(UUID id, long version) {
    Entry<T> old = entries.get(id);
    if (old == null || old.version >= version) return false;
    entries.remove(id);
    return true;
  }

  public void forEachContaining(double lat, double lon, Consumer<T> consumer) {
    for (Entry<T> e : entries.values()) if (e.shape.contains(lat, lon)) consumer.accept(e.value);
  }

  public int size() {
    return entries.size();
  }

  public long version(UUID id) {
    Entry<T> e = entries.get(id);
    return e == null ? Long.MIN_VALUE : e.version;
  }
}
