package io.meridian.core.geo;

import io.meridian.core.geo.PointTree.Branch;
import io.meridian.core.geo.PointTree.Entry;
import io.meridian.core.geo.PointTree.Leaf;
import io.meridian.core.geo.PointTree.Node;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * The best-first nearest search of {@link PointIndex} over one version of its tree: nodes come off
 * a priority queue ({@link Frontier}) by a lower bound of their distance, answers go into a bounded
 * max-heap ({@link Best}), and the search ends when the next node cannot beat the worst answer kept
 * or lies beyond the radius. Objects are read as late as possible (a point's entry only once its
 * distance qualifies, an id only on equal distances): the search is bound by cache misses, not
 * arithmetic.
 */
final class NearestSearch {
  private NearestSearch() {}

  /** See {@link PointIndex#nearest}; the arguments are checked there. */
  static <T> List<Near<T>> run(
      Node root,
      double latitude,
      double longitude,
      double radiusMeters,
      double afterMeters,
      UUID afterId,
      Predicate<? super T> filter,
      int limit) {
    double cosLatitude = Math.cos(Math.toRadians(latitude));
    Best<T> best = new Best<>(limit);
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
  private static final class Best<T> {
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
