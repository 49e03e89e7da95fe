package io.meridian.core.geo;

import io.meridian.core.geo.PointTree.Entry;
import io.meridian.core.geo.PointTree.Node;
import java.util.List;
import java.util.UUID;
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
public final class PointIndex<T>
    extends VersionedIndex<Entry<T>, PointIndex.Changes<T>, PointIndex<T>.Edit> {
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
    return updateOne(changes -> changes.put(id, version, latitude, longitude, value));
  }

  /** Removes the id's entry if it is older than {@code version}; returns whether it did. */
  public boolean remove(UUID id, long version) {
    return updateOne(changes -> changes.remove(id, version));
  }

  @Override
  Edit begin() {
    return new Edit();
  }

  /**
   * A batch that changed a good part of the index (a bulk load) is followed by a compaction that
   * lays the tree out in search order.
   */
  @Override
  void publish(Edit edit) {
    edit.close();
    Node next = edit.root;
    if (edit.changes >= COMPACTION_CHANGES && edit.changes >= next.size() / 4) {
      next = PointTree.compact(next);
    }
    root = next;
  }

  /** The changes of one {@link #update}, made under this index's monitor. */
  final class Edit extends VersionedIndex.Batch implements Changes<T> {
    private Node root = PointIndex.this.root;
    private int changes;

    @Override
    public boolean put(UUID id, long version, double latitude, double longitude, T value) {
      checkOpen();
      checkPoint(latitude, longitude);
      Entry<T> old = entries.get(id);
      if (!newer(old, version)) {
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
      if (old == null || !newer(old, version)) {
        return false;
      }
      root = PointTree.delete(root, old);
      entries.remove(id);
      changes++;
      return true;
    }
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
    return NearestSearch.run(
        root, latitude, longitude, radiusMeters, afterMeters, afterId, filter, limit);
  }
}
