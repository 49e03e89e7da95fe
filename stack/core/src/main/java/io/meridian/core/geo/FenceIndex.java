package io.meridian.core.geo;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
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
 *
 * <p><b>Files.</b> How a fence is placed in the grid is {@link FenceEdit}'s, the segment lookup
 * {@link SegmentSearch}'s, and what this index shares with {@link PointIndex} (versions, batches)
 * {@link VersionedIndex}'s.
 */
public final class FenceIndex<T>
    extends VersionedIndex<FenceIndex.Entry<T>, FenceIndex.Changes<T>, FenceEdit<T>> {
  /** One indexed fence, as the id map holds it; immutable. */
  record Entry<T>(UUID id, long version, FenceShape shape, T value)
      implements VersionedIndex.Versioned {}

  /** One consistent version of the index. */
  record Snapshot(CellTable cells, long levels, int size) {}

  /** Changes applied together by {@link #update}; valid only inside it. */
  public interface Changes<T> {
    /** As {@link FenceIndex#put}. */
    boolean put(UUID id, long version, FenceShape shape, T value);

    /** As {@link FenceIndex#remove}. */
    boolean remove(UUID id, long version);
  }

  /** Fences per level; guarded by this object's monitor. */
  private final int[] levelCounts = new int[FenceGrid.LEVELS];

  /** Replaced only while holding this object's monitor. */
  private volatile Snapshot snapshot = new Snapshot(CellTable.EMPTY, 0, 0);

  /**
   * Indexes the fence, replacing the fence of an older version; returns whether it did (false when
   * the index holds this id at {@code version} or newer).
   */
  public boolean put(UUID id, long version, FenceShape shape, T value) {
    return updateOne(changes -> changes.put(id, version, shape, value));
  }

  /** Removes the id's fence if it is older than {@code version}; returns whether it did. */
  public boolean remove(UUID id, long version) {
    return updateOne(changes -> changes.remove(id, version));
  }

  @Override
  FenceEdit<T> begin() {
    Snapshot current = snapshot;
    return new FenceEdit<>(entries, levelCounts, current.cells(), current.size());
  }

  @Override
  void publish(FenceEdit<T> edit) {
    edit.close();
    long levels = 0;
    for (int level = 0; level < FenceGrid.LEVELS; level++) {
      if (levelCounts[level] > 0) {
        levels |= 1L << level;
      }
    }
    snapshot = new Snapshot(edit.finish(), levels, edit.size());
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
    new SegmentSearch<>(latitude0, longitude0, latitude1, longitude1, wanted, action)
        .run(snapshot, entries.values());
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

  /** A value as the cells hold it (untyped, beside its shape). */
  @SuppressWarnings("unchecked")
  static <T> T value(Object value) {
    return (T) value;
  }
}
