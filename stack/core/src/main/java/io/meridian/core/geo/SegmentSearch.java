package io.meridian.core.geo;

import io.meridian.core.geo.FenceIndex.Entry;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * One segment lookup of a {@link FenceIndex} ({@link FenceIndex#forEachIntersecting}): the fences
 * the segment from (latitude0, longitude0) to (latitude1, longitude1) meets, each reported once.
 *
 * <p>On each occupied level the segment's cells are visited along its major axis (in each column,
 * or row for a steep segment, the cells the segment's line spans there, one more each side for
 * rounding, each then tested exactly), so a segment costs about its length in cells, not its
 * bounding box in cells. When those visits would outnumber the fences of the index, the fences'
 * bounding boxes are scanned instead.
 *
 * <p>A fence appears in every cell it occupies, so the (value, shape) pairs already decided are
 * remembered, by identity, in a set made at the first candidate: a lookup that meets no fence
 * allocates nothing more than this object.
 */
final class SegmentSearch<T> {
  private final double latitude0;
  private final double longitude0;
  private final double latitude1;
  private final double longitude1;
  private final double minX;
  private final double maxX;
  private final double minY;
  private final double maxY;
  private final Predicate<? super T> wanted;
  private final Consumer<? super T> action;
  private Set<Decided> decided;

  SegmentSearch(
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
    this.minX = Math.min(longitude0, longitude1);
    this.maxX = Math.max(longitude0, longitude1);
    this.minY = Math.min(latitude0, latitude1);
    this.maxY = Math.max(latitude0, latitude1);
    this.wanted = wanted;
    this.action = action;
  }

  /**
   * Reports the fences the segment meets: by the cells of the index's {@code current} version, or
   * by scanning {@code fences} (its id map) when the cells to visit outnumber the fences it holds.
   */
  void run(FenceIndex.Snapshot current, Collection<Entry<T>> fences) {
    double visits = 0;
    for (long left = current.levels(); left != 0; left &= left - 1) {
      double scale = FenceGrid.scale(Long.numberOfTrailingZeros(left));
      double columns = Math.floor(maxX * scale) - Math.floor(minX * scale) + 1;
      double rows = Math.floor(maxY * scale) - Math.floor(minY * scale) + 1;
      visits += Math.min(columns * rows, 3 * (columns + rows));
    }
    if (visits > current.size()) {
      scan(fences);
    } else {
      walk(current.cells(), current.levels());
    }
  }

  /** Visits the cells the segment meets on every occupied level. */
  private void walk(CellTable cells, long levels) {
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
    for (long left = levels; left != 0; left &= left - 1) {
      int level = Long.numberOfTrailingZeros(left);
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
          Cell cell = cells.find(FenceGrid.key(level, column, row));
          if (cell != null
              && FenceGrid.segmentMeetsCell(
                  longitude0, latitude0, longitude1, latitude1, scale, column, row)) {
            cell(cell);
          }
        }
      }
    }
  }

  /** Tests every fence whose bounding box meets the segment's, for long segments. */
  private void scan(Collection<Entry<T>> fences) {
    for (Entry<T> entry : fences) {
      FenceShape shape = entry.shape();
      if (maxX >= shape.minLongitude()
          && minX <= shape.maxLongitude()
          && maxY >= shape.minLatitude()
          && minY <= shape.maxLatitude()
          && wanted.test(entry.value())
          && shape.meetsSegment(latitude0, longitude0, latitude1, longitude1)) {
        action.accept(entry.value());
      }
    }
  }

  /** A cell the segment meets: its covering fences are met, its edge fences are tested. */
  private void cell(Cell cell) {
    Object[] inside = cell.inside;
    for (int i = 0, end = 2 * cell.insideCount; i < end; i += 2) {
      if (firstTime(inside[i], inside[i + 1])) {
        T value = FenceIndex.value(inside[i]);
        if (wanted.test(value)) {
          action.accept(value);
        }
      }
    }
    Object[] edge = cell.edge;
    for (int i = 0, end = 2 * cell.edgeCount; i < end; i += 2) {
      if (firstTime(edge[i], edge[i + 1])) {
        T value = FenceIndex.value(edge[i]);
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
}
