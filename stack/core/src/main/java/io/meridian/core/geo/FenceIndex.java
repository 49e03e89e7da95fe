package io.meridian.core.geo;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The in-memory index of one collection's fences: which fences contain a point.
 *
 * <p><b>Structure.</b> A uniform grid per level over flat coordinate arrays ({@link FenceGrid}):
 * cells are powers of two of a degree, and each fence goes to the level where its bounding box
 * spans at most {@value FenceGrid#SPAN_CELLS} cells, so the cell size follows the fences' own
 * extent and a fence costs a bounded number of cells whatever the mix of sizes. A cell lists the
 * fences that cover it entirely, reported with no test at all, then those whose boundary crosses
 * it, tested exactly ({@link FenceShape#contains}). A lookup reads one cell per occupied level
 * (usually one or two) and tests only fences whose edges pass near the point.
 *
 * <p><b>Semantics.</b> Those of {@link FenceShape}: straight edges in longitude/latitude, the
 * boundary inside, holes outside. Results come in no particular order and without duplicates.
 *
 * <p><b>Concurrency.</b> Readers never block and never see a partial update: the index is a
 * persistent structure ({@link CellTable}) whose current version is one volatile reference, read
 * once per lookup, and every update builds the next version beside it (copying only the cells and
 * table nodes it touches) before publishing it in one write. Updates are serialised on this object,
 * so any number of threads may write. {@link #update} applies many changes as one version, which is
 * how a bulk load or a page of the change feed should arrive.
 *
 * <p><b>Versions.</b> {@link #put} applies only a version newer than the one held, {@link #remove}
 * only one newer than the fence's. A removed fence is forgotten entirely (no tombstone in the map
 * or in any cell), so the change feed must not replay an older write of an entity after its
 * deletion.
 */
public final class FenceIndex<T> {
  /** One indexed fence; immutable, identity-compared in cells. */
  record Entry<T>(UUID id, long version, FenceShape shape, T value) {}

  /** One consistent version of the index. */
  private record Snapshot(CellTable cells, long levels, int size) {}

  /** Changes applied together by {@link #update}; valid only inside it. */
  public interface Changes<T> {
    /** As {@link FenceIndex#put}. */
    boolean put(UUID id, long version, FenceShape shape, T value);

    /** As {@link FenceIndex#remove}. */
    boolean remove(UUID id, long version);
  }

  private final ConcurrentHashMap<UUID, Entry<T>> entries = new ConcurrentHashMap<>();

  /** Fences per level; guarded by this object's monitor. */
  private final int[] levelCounts = new int[FenceGrid.LEVELS];

  /** Replaced only while holding this object's monitor. */
  private volatile Snapshot snapshot = new Snapshot(CellTable.EMPTY, 0, 0);

  /**
   * Indexes the fence, replacing the fence of an older version; returns whether it did (false when
   * the index holds this id at {@code version} or newer).
   */
  public boolean put(UUID id, long version, FenceShape shape, T value) {
    boolean[] applied = new boolean[1];
    update(changes -> applied[0] = changes.put(id, version, shape, value));
    return applied[0];
  }

  /** Removes the id's fence if it is older than {@code version}; returns whether it did. */
  public boolean remove(UUID id, long version) {
    boolean[] applied = new boolean[1];
    update(changes -> applied[0] = changes.remove(id, version));
    return applied[0];
  }

  /**
   * Applies the changes {@code batch} makes and publishes them as one version. If {@code batch}
   * throws, the changes it made before are published and the exception propagates.
   */
  public synchronized void update(Consumer<? super Changes<T>> batch) {
    Edit edit = new Edit();
    try {
      batch.accept(edit);
    } finally {
      edit.open = false;
      long levels = 0;
      for (int level = 0; level < FenceGrid.LEVELS; level++) {
        if (levelCounts[level] > 0) {
          levels |= 1L << level;
        }
      }
      snapshot = new Snapshot(edit.cells.finish(), levels, edit.size);
    }
  }

  /** Calls {@code action} with the value of every fence that contains the point. */
  public void forEachContaining(double latitude, double longitude, Consumer<? super T> action) {
    checkPoint(latitude, longitude);
    Snapshot current = snapshot;
    long levels = current.levels();
    while (levels != 0) {
      int level = Long.numberOfTrailingZeros(levels);
      levels &= levels - 1;
      Cell cell = current.cells().find(FenceGrid.keyOf(level, latitude, longitude));
      if (cell == null) {
        continue;
      }
      Object[] fences = cell.fences;
      int covering = cell.covering;
      int size = cell.size;
      for (int i = 0; i < covering; i++) {
        action.accept(value(fences[i]));
      }
      for (int i = covering; i < size; i++) {
        @SuppressWarnings("unchecked")
        Entry<T> fence = (Entry<T>) fences[i];
        if (fence.shape().contains(latitude, longitude)) {
          action.accept(fence.value());
        }
      }
    }
  }

  /** The values of the fences that contain the point. */
  public List<T> containing(double latitude, double longitude) {
    List<T> values = new ArrayList<>();
    forEachContaining(latitude, longitude, values::add);
    return values;
  }

  public int size() {
    return snapshot.size();
  }

  /** Grid cells in use, for tests of the no-tombstone rule and for footprint reports. */
  int cellCount() {
    return snapshot.cells().cellCount();
  }

  /** The version the index holds for the id, if any. */
  public OptionalLong version(UUID id) {
    Entry<T> entry = entries.get(id);
    return entry == null ? OptionalLong.empty() : OptionalLong.of(entry.version());
  }

  @SuppressWarnings("unchecked")
  private static <T> T value(Object fence) {
    return ((Entry<T>) fence).value();
  }

  private static void checkPoint(double latitude, double longitude) {
    if (!(latitude >= -90 && latitude <= 90 && longitude >= -180 && longitude <= 180)) {
      throw new IllegalArgumentException(
          "not a point in degrees: latitude " + latitude + ", longitude " + longitude);
    }
  }

  /** The changes of one {@link #update}, made under this index's monitor. */
  private final class Edit implements Changes<T> {
    final CellTable.Editor cells = snapshot.cells().edit();
    int size = snapshot.size();
    boolean open = true;

    @Override
    public boolean put(UUID id, long version, FenceShape shape, T value) {
      checkOpen();
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(shape, "shape");
      Entry<T> old = entries.get(id);
      if (old != null && old.version() >= version) {
        return false;
      }
      if (old != null) {
        unindex(old);
      } else {
        size++;
      }
      Entry<T> entry = new Entry<>(id, version, shape, value);
      int level = FenceGrid.level(shape);
      levelCounts[level]++;
      FenceGrid.forEachCell(shape, level, (key, covers) -> cells.writable(key).add(entry, covers));
      entries.put(id, entry);
      return true;
    }

    @Override
    public boolean remove(UUID id, long version) {
      checkOpen();
      Entry<T> old = entries.get(id);
      if (old == null || old.version() >= version) {
        return false;
      }
      unindex(old);
      entries.remove(id);
      size--;
      return true;
    }

    private void unindex(Entry<T> old) {
      int level = FenceGrid.level(old.shape());
      levelCounts[level]--;
      FenceGrid.forEachCell(
          old.shape(),
          level,
          (key, covers) -> {
            Cell cell = cells.writable(key);
            cell.remove(old);
            cells.dropIfEmpty(cell);
          });
    }

    private void checkOpen() {
      if (!open) {
        throw new IllegalStateException("these changes were already published");
      }
    }
  }
}
