package io.meridian.core.geo;

import io.meridian.core.geo.FenceIndex.Entry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * One batch of changes to a {@link FenceIndex}, made under the index's monitor: where each fence is
 * placed in the grid. A fence goes on its natural level (or the start level when that is finer), in
 * every cell of that level it covers or whose boundary it meets; a cell that grows past {@link
 * FenceGrid#CELL_CAPACITY} moves the fences it holds above their natural level one level down, so
 * crowded places get finer cells and sparse places keep coarse ones.
 */
final class FenceEdit<T> extends VersionedIndex.Batch implements FenceIndex.Changes<T> {
  private final Map<UUID, Entry<T>> entries;
  private final int[] levelCounts;
  private final CellTable.Editor cells;
  private int size;

  /**
   * @param entries the index's id map, changed as the batch goes
   * @param levelCounts fences per level, changed as the batch goes
   */
  FenceEdit(Map<UUID, Entry<T>> entries, int[] levelCounts, CellTable table, int size) {
    this.entries = entries;
    this.levelCounts = levelCounts;
    this.cells = table.edit();
    this.size = size;
  }

  /** The cells as this batch left them, ready to publish. */
  CellTable finish() {
    return cells.finish();
  }

  /** How many fences the index holds after this batch. */
  int size() {
    return size;
  }

  @Override
  public boolean put(UUID id, long version, FenceShape shape, T value) {
    checkOpen();
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(shape, "shape");
    Entry<T> old = entries.get(id);
    if (!VersionedIndex.newer(old, version)) {
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
    if (old == null || !VersionedIndex.newer(old, version)) {
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
   * The level the fence is on: the first from its natural level up whose cell at the fence's first
   * vertex lists it (that cell always meets the fence's boundary).
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
          if (size == FenceGrid.CELL_CAPACITY + 1 || (movable && size > FenceGrid.CELL_CAPACITY)) {
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
}
