package io.meridian.core.geo;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The in-memory index of one collection's fences: which fences contain a point.
 *
 * <p><b>Structure.</b> A uniform grid per level over flat coordinate arrays ({@link FenceGrid}):
 * cells are powers of two of a degree, and each fence lives on one level, chosen from its own
 * extent (it spans at most {@value FenceGrid#SPAN_CELLS} cells there) or coarser where fences are
 * sparse, so a fence costs a bounded number of cells whatever the mix of sizes. A cell lists the
 * fences that cover it entirely, reported with no test at all, then those whose boundary meets it,
 * each with a sub-cell mask that settles most lookups; only a point in a sub-cell the boundary
 * crosses is tested exactly ({@link FenceShape#contains}). Values and shapes sit in the cell's own
 * arrays, so a covering fence costs one sequential read. A lookup reads one cell per occupied
 * level.
 *
 * <p><b>Why a grid.</b> Chosen by measurement against JTS's STRtree and HPRtree (bounding-box
 * query, then the same exact test) on 300,000 overlapping hexagons (docs/benchmarks.md): the grid
 * answered 1.6 times as many lookups as the faster tree (HPRtree) on small fences and 3.6 times on
 * large ones (where 214 fences contain a point on average and the trees must test every fence whose
 * box holds it), within the 200 MB budget (about 100 and 180 MB), and unlike those trees it takes
 * updates in place. The trees use less memory; the grid spends it on covering lists and masks that
 * save the tests.
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
  /** One indexed fence, as the id map holds it; immutable. */
  private record Entry<T>(UUID id, long version, FenceShape shape, T value) {}

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
    forEachContaining(latitude, longitude, value -> true, action);
  }

  /**
   * Calls {@code action} with the value of every fence that contains the point and that {@code
   * wanted} accepts. {@code wanted} is asked once per candidate, before the exact test, so a fence
   * it refuses costs no test: a caller that keeps only the first few fences in some order refuses
   * those that could no longer make it. It may change its mind as {@code action} is called.
   */
  public void forEachContaining(
      double latitude, double longitude, Predicate<? super T> wanted, Consumer<? super T> action) {
    checkPoint(latitude, longitude);
    Snapshot current = snapshot;
    long levels = current.levels();
    while (levels != 0) {
      int level = Long.numberOfTrailingZeros(levels);
      levels &= levels - 1;
      double scale = FenceGrid.scale(level) * FenceGrid.SUBCELLS;
      long x = (long) Math.floor(longitude * scale);
      long y = (long) Math.floor(latitude * scale);
      Cell cell =
          current
              .cells()
              .find(FenceGrid.key(level, x >> FenceGrid.SUBCELL_BITS, y >> FenceGrid.SUBCELL_BITS));
      if (cell == null) {
        continue;
      }
      Object[] inside = cell.inside;
      for (int i = 0, end = 2 * cell.insideCount; i < end; i += 2) {
        T value = value(inside[i]);
        if (wanted.test(value)) {
          action.accept(value);
        }
      }
      int subcell = (int) ((x & (FenceGrid.SUBCELLS - 1)) | (y & (FenceGrid.SUBCELLS - 1)) << 2);
      Object[] edge = cell.edge;
      int[] masks = cell.edgeMasks;
      for (int i = 0, end = cell.edgeCount; i < end; i++) {
        int mask = masks[i] >>> subcell;
        if ((mask & 0x10001) == 0x10000) {
          continue; // the sub-cell is all outside this fence
        }
        T value = value(edge[2 * i]);
        if (wanted.test(value)
            && ((mask & 1) != 0 || ((FenceShape) edge[2 * i + 1]).contains(latitude, longitude))) {
          action.accept(value);
        }
      }
    }
  }

  /**
   * Calls {@code action} with the value of every fence that the segment from (latitude0,
   * longitude0) to (latitude1, longitude1) meets (an end inside, or the segment touching or
   * crossing its boundary; {@link FenceShape#meetsSegment}) and that {@code wanted} accepts, each
   * once, in no order. {@code wanted} is asked once per candidate before its exact test.
   *
   * <p><b>Cost.</b> On each occupied level the segment's cells are visited along its major axis (in
   * each column, or row for a steep segment, the cells the segment's line spans there, one more
   * each side for rounding, each then tested exactly), so a segment costs about its length in
   * cells, not its bounding box in cells. A fence listed as covering a visited cell is reported
   * with no test; one whose boundary meets it is tested exactly once. When those visits would
   * outnumber the fences of the index (a segment long for the cells: a jump across a country over
   * fine cells), the fences' bounding boxes are scanned instead, each fence whose box meets the
   * segment's being tested exactly. So a segment never costs more than about one look at every
   * fence, and a short move with no fence near it reads a few empty cells and allocates one small
   * object. The scan reads the id map, which an update under way may already have changed: it may
   * report a fence a moment before point lookups do.
   */
  public void forEachIntersecting(
      double latitude0,
      double longitude0,
      double latitude1,
      double longitude1,
      Predicate<? super T> wanted,
      Consumer<? super T> action) {
    checkPoint(latitude0, longitude0);
    checkPoint(latitude1, longitude1);
    Snapshot current = snapshot;
    double minX = Math.min(longitude0, longitude1);
    double maxX = Math.max(longitude0, longitude1);
    double minY = Math.min(latitude0, latitude1);
    double maxY = Math.max(latitude0, latitude1);
    double visits = 0;
    for (long levels = current.levels(); levels != 0; levels &= levels - 1) {
      double scale = FenceGrid.scale(Long.numberOfTrailingZeros(levels));
      double columns = Math.floor(maxX * scale) - Math.floor(minX * scale) + 1;
      double rows = Math.floor(maxY * scale) - Math.floor(minY * scale) + 1;
      visits += Math.min(columns * rows, 3 * (columns + rows));
    }
    if (visits > current.size()) {
      scanIntersecting(latitude0, longitude0, latitude1, longitude1, wanted, action);
      return;
    }
    SegmentVisit<T> visit =
        new SegmentVisit<>(latitude0, longitude0, latitude1, longitude1, wanted, action);
    // Walk along the major axis (u) so that the slope of the minor one (v) is at most 1 and the
    // rounding of the line's v at a cell's sides stays far below the one cell of margin.
    boolean steep = maxY - minY > maxX - minX;
    double u0 = steep ? latitude0 : longitude0;
    double v0 = steep ? longitude0 : latitude0;
    double u1 = steep ? latitude1 : longitude1;
    double v1 = steep ? longitude1 : latitude1;
    double slope = u1 == u0 ? 0 : (v1 - v0) / (u1 - u0);
    double minU = Math.min(u0, u1);
    double maxU = Math.max(u0, u1);
    double minV = Math.min(v0, v1);
    double maxV = Math.max(v0, v1);
    for (long levels = current.levels(); levels != 0; levels &= levels - 1) {
      int level = Long.numberOfTrailingZeros(levels);
      double scale = FenceGrid.scale(level);
      long lastMajor = (long) Math.floor(maxU * scale);
      long firstMinor = (long) Math.floor(minV * scale);
      long lastMinor = (long) Math.floor(maxV * scale);
      for (long major = (long) Math.floor(minU * scale); major <= lastMajor; major++) {
        double va = v0 + (Math.max(minU, major / scale) - u0) * slope;
        double vb = v0 + (Math.min(maxU, (major + 1) / scale) - u0) * slope;
        long fromMinor = Math.max(firstMinor, (long) Math.floor(Math.min(va, vb) * scale) - 1);
        long toMinor = Math.min(lastMinor, (long) Math.floor(Math.max(va, vb) * scale) + 1);
        for (long minor = fromMinor; minor <= toMinor; minor++) {
          long column = steep ? minor : major;
          long row = steep ? major : minor;
          Cell cell = current.cells().find(FenceGrid.key(level, column, row));
          if (cell != null
              && FenceGrid.segmentMeetsCell(
                  longitude0,
                  latitude0,
                  longitude1,
                  latitude1,
                  column / scale,
                  row / scale,
                  (column + 1) / scale,
                  (row + 1) / scale)) {
            visit.cell(cell);
          }
        }
      }
    }
  }

  /** {@link #forEachIntersecting} by every fence's bounding box, for long segments. */
  private void scanIntersecting(
      double latitude0,
      double longitude0,
      double latitude1,
      double longitude1,
      Predicate<? super T> wanted,
      Consumer<? super T> action) {
    for (Entry<T> entry : entries.values()) {
      FenceShape shape = entry.shape();
      if (Math.max(longitude0, longitude1) >= shape.minLongitude()
          && Math.min(longitude0, longitude1) <= shape.maxLongitude()
          && Math.max(latitude0, latitude1) >= shape.minLatitude()
          && Math.min(latitude0, latitude1) <= shape.maxLatitude()
          && wanted.test(entry.value())
          && shape.meetsSegment(latitude0, longitude0, latitude1, longitude1)) {
        action.accept(entry.value());
      }
    }
  }

  /**
   * The fences met so far by one segment lookup. A fence appears in every cell it occupies, so the
   * (value, shape) pairs already decided are remembered, by identity, in a set made at the first
   * candidate: a lookup that meets no fence allocates nothing more.
   */
  private static final class SegmentVisit<T> {
    private final double latitude0;
    private final double longitude0;
    private final double latitude1;
    private final double longitude1;
    private final Predicate<? super T> wanted;
    private final Consumer<? super T> action;
    private Set<Decided> decided;

    SegmentVisit(
        double latitude0,
        double longitude0,
        double latitude1,
        double longitude1,
        Predicate<? super T> wanted,
        Consumer<? super T> action) {
      this.latitude0 = latitude0;
      this.longitude0 = longitude0;
      this.latitude1 = latitude1;
      this.longitude1 = longitude1;
      this.wanted = wanted;
      this.action = action;
    }

    /** A cell the segment meets: its covering fences are met, its edge fences are tested. */
    void cell(Cell cell) {
      Object[] inside = cell.inside;
      for (int i = 0, end = 2 * cell.insideCount; i < end; i += 2) {
        if (firstTime(inside[i], inside[i + 1])) {
          T value = value(inside[i]);
          if (wanted.test(value)) {
            action.accept(value);
          }
        }
      }
      Object[] edge = cell.edge;
      for (int i = 0, end = 2 * cell.edgeCount; i < end; i += 2) {
        if (firstTime(edge[i], edge[i + 1])) {
          T value = value(edge[i]);
          if (wanted.test(value)
              && ((FenceShape) edge[i + 1])
                  .meetsSegment(latitude0, longitude0, latitude1, longitude1)) {
            action.accept(value);
          }
        }
      }
    }

    private boolean firstTime(Object value, Object shape) {
      if (decided == null) {
        decided = new HashSet<>();
      }
      return decided.add(new Decided(value, shape));
    }
  }

  /** A (value, shape) pair compared by identity. */
  private record Decided(Object value, Object shape) {
    @Override
    public boolean equals(Object other) {
      return other instanceof Decided that && that.value == value && that.shape == shape;
    }

    @Override
    public int hashCode() {
      return 31 * System.identityHashCode(value) + System.identityHashCode(shape);
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

  /** Grid cells in use, for tests of the no-tombstone rule. */
  int cellCount() {
    return snapshot.cells().cellCount();
  }

  /** The most fences in one cell, for tests of crowding. */
  int maxCellSize() {
    int[] max = new int[1];
    snapshot.cells().forEachCell(cell -> max[0] = Math.max(max[0], cell.size()));
    return max[0];
  }

  /** The version the index holds for the id, if any. */
  public OptionalLong version(UUID id) {
    Entry<T> entry = entries.get(id);
    return entry == null ? OptionalLong.empty() : OptionalLong.of(entry.version());
  }

  @SuppressWarnings("unchecked")
  private static <T> T value(Object value) {
    return (T) value;
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
      place(shape, value, Math.max(FenceGrid.naturalLevel(shape), FenceGrid.START_LEVEL));
      entries.put(id, new Entry<>(id, version, shape, value));
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
      unplace(old.shape(), old.value(), placement(old.shape(), old.value()));
    }

    /**
     * The level the fence is on: the first from its natural level up whose cell at the fence's
     * first vertex lists it (that cell always meets the fence's boundary).
     */
    private int placement(FenceShape shape, Object value) {
      double[] xy = shape.coordinates();
      for (int level = FenceGrid.naturalLevel(shape); level < FenceGrid.LEVELS; level++) {
        if (levelCounts[level] > 0) {
          Cell cell = cells.find(FenceGrid.keyOf(level, xy[1], xy[0]));
          if (cell != null && cell.hasEdgeOf(value, shape)) {
            return level;
          }
        }
      }
      throw new IllegalStateException("an indexed fence is on no level: " + shape);
    }

    /** Registers the fence on the level, then relieves the cells it made too crowded. */
    private void place(FenceShape shape, Object value, int level) {
      boolean movable = FenceGrid.naturalLevel(shape) < level;
      List<Long> crowded = new ArrayList<>();
      FenceGrid.forEachCell(
          shape,
          level,
          true,
          (key, covers, mask) -> {
            Cell cell = cells.writable(key);
            cell.add(value, shape, covers, mask);
            // Crossing the capacity, or a movable fence joining a cell already past it.
            int size = cell.size();
            if (size == FenceGrid.CELL_CAPACITY + 1
                || (movable && size > FenceGrid.CELL_CAPACITY)) {
              crowded.add(key);
            }
          });
      levelCounts[level]++;
      for (long key : crowded) {
        relieve(key, level);
      }
    }

    private void unplace(FenceShape shape, Object value, int level) {
      FenceGrid.forEachCell(
          shape,
          level,
          false,
          (key, covers, mask) -> {
            Cell cell = cells.writable(key);
            cell.remove(value, shape, covers);
            cells.dropIfEmpty(cell);
          });
      levelCounts[level]--;
    }

    /** Moves one level down every fence of a crowded cell that is above its natural level. */
    private void relieve(long key, int level) {
      Cell cell = cells.find(key);
      if (cell == null || cell.size() <= FenceGrid.CELL_CAPACITY) {
        return;
      }
      List<Object> movable = new ArrayList<>();
      collectMovable(cell.inside, cell.insideCount, level, movable);
      collectMovable(cell.edge, cell.edgeCount, level, movable);
      for (int i = 0; i < movable.size(); i += 2) {
        FenceShape shape = (FenceShape) movable.get(i + 1);
        unplace(shape, movable.get(i), level);
        place(shape, movable.get(i), level - 1);
      }
    }

    private static void collectMovable(Object[] pairs, int count, int level, List<Object> into) {
      for (int i = 0; i < 2 * count; i += 2) {
        if (FenceGrid.naturalLevel((FenceShape) pairs[i + 1]) < level) {
          into.add(pairs[i]);
          into.add(pairs[i + 1]);
        }
      }
    }

    private void checkOpen() {
      if (!open) {
        throw new IllegalStateException("these changes were already published");
      }
    }
  }
}
