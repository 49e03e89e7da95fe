package io.meridian.core.geo;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

public final class PointIndex<T> {
  public record Near<T>(UUID id, T value, double meters) {}

  private record Entry<T>(long version, double lat, double lon, T value) {}

  private final Map<UUID, Entry<T>> entries = new ConcurrentHashMap<>();

  public synchronized boolean put(UUID id, long version, double lat, double lon, T value) {
    Entry<T> old = entries.get(id);
    if (old != null && old.version >= version) return false;
    entries.put(id, new Entry<>(version, lat, lon, value));
    return true;
  }

  public synchronized boolean remove(UUID id, long version) {
    Entry<T> old = entries.get(id);
    if (old == null || old.version >= version) return false;
    entries.remove(id);
    return true;
  }

  public long version(UUID id) {
    Entry<T> e = entries.get(id);
    return e == null ? Long.MIN_VALUE : e.version;
  }

  public int size() {
    return entries.size();
  }

  public List<Near<T>> nearest(
      double lat,
      double lon,
      double radius,
      double afterMeters,
      UUID afterId,
      Predicate<T> filter,
      int limit) {
    List<Near<T>> all = new ArrayList<>();
    entries.forEach(
        (id, e) -> {
          double m = Distances.meters(lat, lon, e.lat, e.lon);
          if (m <= radius) all.add(new Near<>(id, e.value, m));
        });
    all.sort(Comparator.<Near<T>>comparingDouble(Near::meters).thenComparing(Near::id));
    List<Near<T>> out = new ArrayList<>();
    for (Near<T> n : all) {
      if (afterId != null
          && (n.meters < afterMeters || n.meters == afterMeters && n.id.compareTo(afterId) <= 0))
        continue;
      if (!filter.test(n.value)) continue;
      out.add(n);
      if (out.size() == limit) break;
    }
    return out;
  }
}
