package io.meridian.core.geo;

import io.meridian.core.geo.PointTree.Branch;
import io.meridian.core.geo.PointTree.Entry;
import io.meridian.core.geo.PointTree.Leaf;
import io.meridian.core.geo.PointTree.Node;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The in-memory index of a geo-hot collection's locations: "within R metres of P, nearest first".
 *
 * <p><b>Structure.</b> A persistent bucket quadtree ({@link PointTree}) over latitude/longitude. It
 * adapts to density, which matters here: a city centre can be a thousand times denser than the
 * country around it, and a fixed grid is either too coarse for the one or mostly empty cells for
 * the other. {@link #nearest} is a best-first search: nodes are taken from a priority queue in the
 * order of a lower bound of their distance ({@link Distances#lowerBound}, valid across the
 * antimeridian and at the poles, so neither needs clamping) and the search stops once the next node
 * cannot beat the worst of the {@code limit} best answers kept in a bounded max-heap, or lies
 * beyond the radius. The work is about that of finding the {@code limit} nearest points, not of the
 * whole radius, except when a filter rejects most candidates.
 *
 * <p><b>Order and paging.</b> Answers are ordered by distance ({@link Distances#meters}, exactly
 * the Elasticsearch function), then by id in the order of the ids' canonical strings (unsigned
 * 128-bit order, as Elasticsearch sorts a keyword), which makes the order total. Passing the last
 * answer's {@code (meters, id)} as {@code (afterMeters, afterId)} returns the next page: every
 * answer is strictly after that key. A page deep into the results costs the pages before it.
 *
 * <p><b>Concurrency.</b> Any number of readers never block and each query sees one complete version
 * of the index (the tree's root is read once). Updates are serialised on this object and publish a
 * new root; an update copies one root-to-leaf path. The id map that holds each entity's version is
 * concurrent, so {@link #version} never blocks either.
 *
 * <p><b>Versions.</b> {@link #put} applies only a version newer than the one held, {@link #remove}
 * only one newer than the entry's. A removed id is forgotten entirely (no tombstone), so the change
 * feed must not replay an older write of an entity after its deletion.
 */
public final class PointIndex<T> {
  private final ConcurrentHashMap<UUID, Entry<T>> entries = new ConcurrentHashMap<>();

  /** Changes in one batch from which it is worth compacting the tree afterwards. */
  private static final int COMPACTION_CHANGES = 1024;

  /** Written only while holding this object's monitor. */
  private volatile Node root = PointTree.emptyWorld();

  /** Changes applied together by {@link #update}; valid only inside it. */
  public interface Changes<T> {
    /** As {@link PointIndex#put}. */
    boolean put(UUID id, long version, double latitude, double longitude, T value);

    /** As {@link PointIndex#remove}. */
    boolean remove(UUID id, long version);
  }

  /**
   * Indexes {@code value} at the point, replacing the entry of an older version; returns whether it
   * did (false when the index holds this id at {@code version} or newer).
   */
  public boolean put(UUID id, long version, double latitude, double longitude, T value) {
    boolean[] applied = new boolean[1];
    update(changes -> applied[0] = changes.put(id, version, latitude, longitude, value));
    return applied[0];
  }

  /** Removes the id's entry if it is older than {@code version}; returns whether it did. */
  public boolean remove(UUID id, long version) {
    boolean[] applied = new boolean[1];
    update(changes -> applied[0] = changes.remove(id, version));
    return applied[0];
  }

  /**
   * Applies the changes {@code batch} makes and publishes them as one version. If {@code batch}
   * throws, the changes it made before are published and the exception propagates. A batch that
   * changed a good part of the index (a bulk load) is followed by a compaction that lays the tree
   * out in search order.
   */
  public synchronized void update(Consumer<? super Changes<T>> batch) {
    Edit edit = new Edit();
    try {
      batch.accept(edit);
    } finally {
      edit.open = false;
      Node next = edit.root;
      if (edit.changes >= COMPACTION_CHANGES && edit.changes >= next.size() / 4) {
        next = PointTree.compact(next);
      }
      root = next;
    }
  }

  /** The changes of one {@link #update}, made under this index's monitor. */
  private final class Edit implements Changes<T> {
    Node root = PointIndex.this.root;
    int changes;
    boolean open = true;

    @Override
    public boolean put(UUID id, long version, double latitude, double longitude, T value) {
      checkOpen();
      checkPoint(latitude, longitude);
      Entry<T> old = entries.get(id);
      if (old != null && old.version() >= version) {
        return false;
      }
      Entry<T> entry = new Entry<>(id, version, latitude, longitude, value);
      Node next = old == null ? root : PointTree.delete(root, old);
      root = PointTree.insert(next, entry, 0);
      entries.put(id, entry);
      changes++;
      return true;
    }

    @Override
    public boolean remove(UUID id, long version) {
      checkOpen();
      Entry<T> old = entries.get(id);
      if (old == null || old.version() >= version) {
        return false;
      }
      root = PointTree.delete(root, old);
      entries.remove(id);
      changes++;
      return true;
    }

    private void checkOpen() {
      if (!open) {
        throw new IllegalStateException("these changes were already published");
      }
    }
  }

  /** The version the index holds for the id, if any. */
  public OptionalLong version(UUID id) {
    Entry<T> entry = entries.get(id);
    return entry == null ? OptionalLong.empty() : OptionalLong.of(entry.version());
  }

  public int size() {
    return root.size();
  }

  /**
   * At most {@code limit} entries within {@code radiusMeters} (inclusive) of the point whose value
   * passes {@code filter} (null: all), ordered by (distance, id) and, when {@code afterId} is not
   * null, strictly after {@code (afterMeters, afterId)}.
   */
  public List<Near<T>> nearest(
      double latitude,
      double longitude,
      double radiusMeters,
      double afterMeters,
      UUID afterId,
      Predicate<? super T> filter,
      int limit) {
    checkPoint(latitude, longitude);
    if (limit <= 0 || !(radiusMeters >= 0)) {
      return List.of();
    }
    double cosLatitude = Math.cos(Math.toRadians(latitude));
    Best best = new Best(limit);
    Frontier frontier = new Frontier();
    frontier.push(root, 0, 0);
    while (frontier.size > 0) {
      double bound = best.full() ? best.worstMeters() : radiusMeters;
      if (frontier.minKey() > bound) {
        break;
      }
      double cosMinLat = frontier.minCosMinLat();
      Node node = frontier.pop();
      if (node instanceof Leaf leaf) {
        double[] coordinates = leaf.coordinates;
        for (int i = 0; i < coordinates.length; i += 2) {
          bound = best.full() ? best.worstMeters() : radiusMeters;
          double lat = coordinates[i];
          double lon = coordinates[i + 1];
          if (Distances.lowerBound(latitude, longitude, cosLatitude, lat, lat, lon, lon, cosMinLat)
              > bound) {
            continue;
          }
          double meters = Distances.meters(latitude, longitude, lat, lon);
          if (meters > radiusMeters
              || (afterId != null && meters < afterMeters)
              || (best.full() && meters > best.worstMeters())) {
            continue;
          }
          Entry<?> entry = leaf.entries[i / 2]; // read only now: most candidates end above
          if ((afterId != null && compare(meters, entry.id(), afterMeters, afterId) <= 0)
              || (best.full() && best.compareToWorst(meters, entry.id()) >= 0)) {
            continue;
          }
          @SuppressWarnings("unchecked")
          T value = (T) entry.value();
          if (filter == null || filter.test(value)) {
            best.add(meters, entry);
          }
        }
      } else {
        // Children's bounds come from this branch, so pruned children are never read.
        Branch branch = (Branch) node;
        double midLat = branch.midLat();
        double midLon = branch.midLon();
        for (int quadrant = 0; quadrant < 4; quadrant++) {
          Node child = branch.child(quadrant);
          if (child == null) {
            continue;
          }
          boolean north = (quadrant & 2) != 0;
          boolean east = (quadrant & 1) != 0;
          double cosChild = branch.cosMinLat(quadrant);
          double lower =
              Distances.lowerBound(
                  latitude,
                  longitude,
                  cosLatitude,
                  north ? midLat : branch.minLat,
                  north ? branch.maxLat : midLat,
                  east ? midLon : branch.minLon,
                  east ? branch.maxLon : midLon,
                  cosChild);
          if (lower <= bound) {
            frontier.push(child, lower, cosChild);
          }
        }
      }
    }
    return best.sorted();
  }

  /** The order of answers: distance, then id as its canonical string sorts. */
  static int compare(double meters, UUID id, double otherMeters, UUID otherId) {
    int byDistance = Double.compare(meters, otherMeters);
    if (byDistance != 0) {
      return byDistance;
    }
    int high = Long.compareUnsigned(id.getMostSignificantBits(), otherId.getMostSignificantBits());
    return high != 0
        ? high
        : Long.compareUnsigned(id.getLeastSignificantBits(), otherId.getLeastSignificantBits());
  }

  private static void checkPoint(double latitude, double longitude) {
    if (!(latitude >= -90 && latitude <= 90 && longitude >= -180 && longitude <= 180)) {
      throw new IllegalArgumentException(
          "not a point in degrees: latitude " + latitude + ", longitude " + longitude);
    }
  }

  /** A min-heap of nodes by distance lower bound, each with its smallest latitude cosine. */
  private static final class Frontier {
    private double[] keys = new double[32];
    private double[] cosines = new double[32];
    private Node[] nodes = new Node[32];
    private int size;

    void push(Node node, double key, double cosMinLat) {
      if (size == keys.length) {
        keys = Arrays.copyOf(keys, size * 2);
        cosines = Arrays.copyOf(cosines, size * 2);
        nodes = Arrays.copyOf(nodes, size * 2);
      }
      int i = size++;
      while (i > 0) {
        int parent = (i - 1) >>> 1;
        if (keys[parent] <= key) {
          break;
        }
        move(parent, i);
        i = parent;
      }
      keys[i] = key;
      cosines[i] = cosMinLat;
      nodes[i] = node;
    }

    private void move(int from, int to) {
      keys[to] = keys[from];
      cosines[to] = cosines[from];
      nodes[to] = nodes[from];
    }

    double minKey() {
      return keys[0];
    }

    double minCosMinLat() {
      return cosines[0];
    }

    Node pop() {
      Node top = nodes[0];
      int last = --size;
      double key = keys[last];
      double cosine = cosines[last];
      Node node = nodes[last];
      nodes[last] = null;
      int i = 0;
      while (true) {
        int child = 2 * i + 1;
        if (child >= last) {
          break;
        }
        if (child + 1 < last && keys[child + 1] < keys[child]) {
          child++;
        }
        if (key <= keys[child]) {
          break;
        }
        move(child, i);
        i = child;
      }
      if (last > 0) {
        keys[i] = key;
        cosines[i] = cosine;
        nodes[i] = node;
      }
      return top;
    }
  }

  /** The {@code limit} best answers so far: a max-heap by (meters, id), worst on top. */
  private final class Best {
    private final int limit;
    private double[] meters;
    private Entry<?>[] found;
    private int size;

    Best(int limit) {
      this.limit = limit;
      int capacity = Math.min(limit, 64); // grows: a large limit must not allocate up front
      meters = new double[capacity];
      found = new Entry<?>[capacity];
    }

    boolean full() {
      return size == limit;
    }

    double worstMeters() {
      return meters[0];
    }

    int compareToWorst(double distance, UUID id) {
      return compare(distance, id, meters[0], found[0].id());
    }

    /** The answers' order, reading the entries (for their ids) only on equal distances. */
    private int order(double distance, Entry<?> entry, double otherDistance, Entry<?> other) {
      int byDistance = Double.compare(distance, otherDistance);
      return byDistance != 0
          ? byDistance
          : compare(distance, entry.id(), otherDistance, other.id());
    }

    void add(double distance, Entry<?> entry) {
      if (full()) {
        siftDown(distance, entry);
        return;
      }
      if (size == meters.length) {
        int capacity = (int) Math.min(limit, 2L * size);
        meters = Arrays.copyOf(meters, capacity);
        found = Arrays.copyOf(found, capacity);
      }
      int i = size++;
      while (i > 0) {
        int parent = (i - 1) >>> 1;
        if (order(meters[parent], found[parent], distance, entry) >= 0) {
          break;
        }
        meters[i] = meters[parent];
        found[i] = found[parent];
        i = parent;
      }
      meters[i] = distance;
      found[i] = entry;
    }

    /** Replaces the worst answer and restores the heap. */
    private void siftDown(double distance, Entry<?> entry) {
      int i = 0;
      while (true) {
        int child = 2 * i + 1;
        if (child >= size) {
          break;
        }
        if (child + 1 < size
            && order(meters[child + 1], found[child + 1], meters[child], found[child]) > 0) {
          child++;
        }
        if (order(distance, entry, meters[child], found[child]) >= 0) {
          break;
        }
        meters[i] = meters[child];
        found[i] = found[child];
        i = child;
      }
      meters[i] = distance;
      found[i] = entry;
    }

    /** The answers in order, by heap sort in place (the worst goes last, and so on). */
    @SuppressWarnings("unchecked")
    List<Near<T>> sorted() {
      int count = size;
      for (int last = count - 1; last > 0; last--) {
        double distance = meters[last];
        Entry<?> entry = found[last];
        meters[last] = meters[0];
        found[last] = found[0];
        size = last;
        siftDown(distance, entry);
      }
      size = count;
      List<Near<T>> answers = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        answers.add(new Near<>(found[i].id(), (T) found[i].value(), meters[i]));
      }
      return answers;
    }
  }
}
