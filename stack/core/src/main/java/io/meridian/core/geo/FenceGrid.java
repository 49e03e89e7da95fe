package io.meridian.core.geo;

import org.locationtech.jts.algorithm.CGAlgorithmsDD;

/**
 * The geometry of {@link FenceIndex}'s grid: levels, cell keys, where a fence goes and which cells
 * it occupies there.
 *
 * <p>Level {@code L} (0 to {@value #LEVELS} - 1) divides longitude and latitude into cells of
 * {@code 2^(L - 20)} degrees, from about 10 cm to 512°. Power-of-two sizes make the cell of a
 * coordinate exact: {@code floor(x * 2^(20 - L))} involves no rounding, so a cell's edges are
 * exactly representable and a point on a cell edge belongs to exactly one cell, the one above or to
 * the right.
 *
 * <p><b>Which level.</b> A fence's <em>natural</em> level is the finest where its bounding box
 * spans at most {@link #SPAN_CELLS} cells in either direction: fine enough that most lookups land
 * in cells it covers whole or misses, coarse enough to bound its cells at {@code (SPAN_CELLS +
 * 1)^2}. Finer cells only pay for themselves where fences crowd, though: a small fence alone in its
 * area would spend some thirty cells on lookups that almost never come. So a fence starts at its
 * natural level or {@link #START_LEVEL}, whichever is coarser, and a cell above the natural level
 * of some of its fences that grows past {@link #CELL_CAPACITY} pushes those fences one level down,
 * repeatedly if need be ({@link FenceIndex}). The cell size thus follows the fences' own extent
 * where they are large and their crowding where they are small.
 */
final class FenceGrid {
  static final int LEVELS = 30;

  /**
   * The most cells a fence's bounding box spans in its longer direction at its natural level.
   * Larger means more cells covered whole (no test per hit) but more memory per fence: with 8 and 4
   * × 4 sub-cells, 300,000 large hexagons take 180 MB, the budget being 200.
   */
  static final int SPAN_CELLS = 8;

  /** The finest level a fence starts at: cells of 2^-6 degrees, about 1.7 by 1.3 km. */
  static final int START_LEVEL = 14;

  /** Fences a cell above their natural level may hold before it pushes them down. */
  static final int CELL_CAPACITY = 16;

  /** A cell's side in sub-cells, for the masks of the fences crossing it ({@link Cell}). */
  static final int SUBCELLS = 4;

  /** log2 of {@link #SUBCELLS}. */
  static final int SUBCELL_BITS = 2;

  private static final double[] SCALE = new double[LEVELS];

  static {
    for (int level = 0; level < LEVELS; level++) {
      SCALE[level] = Math.scalb(1.0, 20 - level);
    }
  }

  private FenceGrid() {}

  /** Cells per degree on the level. */
  static double scale(int level) {
    return SCALE[level];
  }

  /** The finest level at which the fence spans at most {@link #SPAN_CELLS} cells. */
  static int naturalLevel(FenceShape shape) {
    double span =
        Math.max(
            shape.maxLongitude() - shape.minLongitude(), shape.maxLatitude() - shape.minLatitude());
    int level = 0;
    while (level < LEVELS - 1 && span * SCALE[level] > SPAN_CELLS) {
      level++;
    }
    return level;
  }

  /** The key of the cell at (column, row) of the level; columns and rows may be negative. */
  static long key(int level, long column, long row) {
    return ((long) level << 58) | ((column & 0x3FFFFFFFL) << 28) | (row & 0xFFFFFFFL);
  }

  /** The key of the cell of the level holding the point. */
  static long keyOf(int level, double latitude, double longitude) {
    double scale = SCALE[level];
    return key(level, (long) Math.floor(longitude * scale), (long) Math.floor(latitude * scale));
  }

  interface CellSink {
    /** A cell the fence covers entirely ({@code covers}) or meets, with its sub-cell mask. */
    void accept(long key, boolean covers, int mask);
  }

  /**
   * Calls {@code sink} for every cell of the level the fence occupies. A cell is "covered" when no
   * edge of the fence meets it (tested exactly, touching counts as meeting) and its centre is
   * inside: the cell is connected and the boundary stays out of it, so all of it is inside. A cell
   * no edge meets whose centre is outside is all outside and is skipped. Sub-cell masks are
   * computed only if {@code masks} (removals do not need them).
   */
  static void forEachCell(FenceShape shape, int level, boolean masks, CellSink sink) {
    double scale = SCALE[level];
    long column0 = (long) Math.floor(shape.minLongitude() * scale);
    long row0 = (long) Math.floor(shape.minLatitude() * scale);
    int columns = (int) ((long) Math.floor(shape.maxLongitude() * scale) - column0 + 1);
    int rows = (int) ((long) Math.floor(shape.maxLatitude() * scale) - row0 + 1);
    boolean[] crossed = new boolean[columns * rows];
    shape.forEachEdge(
        (x1, y1, x2, y2) ->
            markCrossed(x1, y1, x2, y2, scale, column0, row0, columns, rows, crossed));
    for (int row = 0; row < rows; row++) {
      for (int column = 0; column < columns; column++) {
        long key = key(level, column0 + column, row0 + row);
        if (crossed[row * columns + column]) {
          int mask = masks ? subcellMask(shape, scale, column0 + column, row0 + row) : 0;
          sink.accept(key, false, mask);
        } else if (shape.contains((row0 + row + 0.5) / scale, (column0 + column + 0.5) / scale)) {
          sink.accept(key, true, 0);
        }
      }
    }
  }

  /**
   * The mask of a cell the fence's boundary meets: per sub-cell, all inside (bit {@code s}), all
   * outside (bit {@code 16 + s}) or met by the boundary (neither), decided as cells are.
   */
  static int subcellMask(FenceShape shape, double cellScale, long column, long row) {
    double scale = cellScale * SUBCELLS;
    long column0 = column * SUBCELLS;
    long row0 = row * SUBCELLS;
    boolean[] crossed = new boolean[SUBCELLS * SUBCELLS];
    double cellMinX = column / cellScale;
    double cellMaxX = (column + 1) / cellScale;
    double cellMinY = row / cellScale;
    double cellMaxY = (row + 1) / cellScale;
    shape.forEachEdge(
        (x1, y1, x2, y2) -> {
          if (Math.max(x1, x2) >= cellMinX
              && Math.min(x1, x2) <= cellMaxX
              && Math.max(y1, y2) >= cellMinY
              && Math.min(y1, y2) <= cellMaxY) {
            markCrossed(x1, y1, x2, y2, scale, column0, row0, SUBCELLS, SUBCELLS, crossed);
          }
        });
    int mask = 0;
    for (int sub = 0; sub < SUBCELLS * SUBCELLS; sub++) {
      if (!crossed[sub]) {
        double lat = (row0 + (sub >> SUBCELL_BITS) + 0.5) / scale;
        double lon = (column0 + (sub & (SUBCELLS - 1)) + 0.5) / scale;
        mask |= shape.contains(lat, lon) ? 1 << sub : 1 << (16 + sub);
      }
    }
    return mask;
  }

  private static void markCrossed(
      double x1,
      double y1,
      double x2,
      double y2,
      double scale,
      long column0,
      long row0,
      int columns,
      int rows,
      boolean[] crossed) {
    // The segment's cells, clipped to the grid of interest (each cell is still tested exactly).
    long fromColumn = Math.max(column0, (long) Math.floor(Math.min(x1, x2) * scale));
    long toColumn = Math.min(column0 + columns - 1, (long) Math.floor(Math.max(x1, x2) * scale));
    long fromRow = Math.max(row0, (long) Math.floor(Math.min(y1, y2) * scale));
    long toRow = Math.min(row0 + rows - 1, (long) Math.floor(Math.max(y1, y2) * scale));
    for (long row = fromRow; row <= toRow; row++) {
      for (long column = fromColumn; column <= toColumn; column++) {
        int index = (int) ((row - row0) * columns + (column - column0));
        if (!crossed[index] && segmentMeetsCell(x1, y1, x2, y2, scale, column, row)) {
          crossed[index] = true;
        }
      }
    }
  }

  /**
   * Whether the segment meets the closed cell (column, row) of a grid of {@code scale} cells a
   * degree.
   */
  static boolean segmentMeetsCell(
      double x1, double y1, double x2, double y2, double scale, long column, long row) {
    return segmentMeetsCell(
        x1, y1, x2, y2, column / scale, row / scale, (column + 1) / scale, (row + 1) / scale);
  }

  /**
   * Whether the segment meets the closed rectangle, exactly: the bounding boxes overlap (the
   * caller's cell range guarantees it) and the rectangle's corners are not all strictly on one side
   * of the segment's line (separating axis test, with JTS's robust orientation).
   */
  static boolean segmentMeetsCell(
      double x1,
      double y1,
      double x2,
      double y2,
      double minX,
      double minY,
      double maxX,
      double maxY) {
    int side = CGAlgorithmsDD.orientationIndex(x1, y1, x2, y2, minX, minY);
    if (side == 0) {
      return true;
    }
    return CGAlgorithmsDD.orientationIndex(x1, y1, x2, y2, maxX, minY) != side
        || CGAlgorithmsDD.orientationIndex(x1, y1, x2, y2, minX, maxY) != side
        || CGAlgorithmsDD.orientationIndex(x1, y1, x2, y2, maxX, maxY) != side;
  }
}
