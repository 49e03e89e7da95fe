package io.meridian.loadtests.scenarios;

import io.meridian.loadtests.generators.Hexagons;
import java.util.Arrays;

/**
 * The fences that contain a point, computed from the generated hexagons alone, independently of
 * Meridian's index: a coarse grid of the hexagons' bounding boxes and an exact test against the
 * convex hexagon (its six edges, counter-clockwise; the boundary counts as inside, as in Meridian).
 */
final class FenceOracle {
  private static final double CELL = 0.05;

  private final double[][] rings;
  private final double minLat;
  private final double minLon;
  private final int rows;
  private final int columns;
  private final int[][] cells;

  FenceOracle(Hexagons hexagons) {
    int n = hexagons.size();
    rings = new double[n][];
    double loLat = Double.MAX_VALUE;
    double loLon = Double.MAX_VALUE;
    double hiLat = -Double.MAX_VALUE;
    double hiLon = -Double.MAX_VALUE;
    for (int i = 0; i < n; i++) {
      rings[i] = hexagons.ring(i);
      for (int p = 0; p < rings[i].length; p += 2) {
        loLon = Math.min(loLon, rings[i][p]);
        hiLon = Math.max(hiLon, rings[i][p]);
        loLat = Math.min(loLat, rings[i][p + 1]);
        hiLat = Math.max(hiLat, rings[i][p + 1]);
      }
    }
    minLat = n == 0 ? 0 : loLat;
    minLon = n == 0 ? 0 : loLon;
    rows = n == 0 ? 1 : (int) ((hiLat - loLat) / CELL) + 1;
    columns = n == 0 ? 1 : (int) ((hiLon - loLon) / CELL) + 1;
    int[] sizes = new int[rows * columns];
    forEachCell(n, (cell, i) -> sizes[cell]++);
    cells = new int[rows * columns][];
    for (int c = 0; c < cells.length; c++) {
      cells[c] = new int[sizes[c]];
    }
    int[] filled = new int[cells.length];
    forEachCell(n, (cell, i) -> cells[cell][filled[cell]++] = i);
  }

  private interface CellVisitor {
    void visit(int cell, int fence);
  }

  private void forEachCell(int n, CellVisitor visitor) {
    for (int i = 0; i < n; i++) {
      double[] ring = rings[i];
      double loLat = Double.MAX_VALUE;
      double loLon = Double.MAX_VALUE;
      double hiLat = -Double.MAX_VALUE;
      double hiLon = -Double.MAX_VALUE;
      for (int p = 0; p < ring.length; p += 2) {
        loLon = Math.min(loLon, ring[p]);
        hiLon = Math.max(hiLon, ring[p]);
        loLat = Math.min(loLat, ring[p + 1]);
        hiLat = Math.max(hiLat, ring[p + 1]);
      }
      for (int r = row(loLat); r <= row(hiLat); r++) {
        for (int c = column(loLon); c <= column(hiLon); c++) {
          visitor.visit(r * columns + c, i);
        }
      }
    }
  }

  private int row(double lat) {
    return Math.max(0, Math.min(rows - 1, (int) ((lat - minLat) / CELL)));
  }

  private int column(double lon) {
    return Math.max(0, Math.min(columns - 1, (int) ((lon - minLon) / CELL)));
  }

  /** The indexes of the fences containing the point, ascending. */
  int[] containing(double lat, double lon) {
    if (lat < minLat - CELL || lon < minLon - CELL) {
      return new int[0];
    }
    int[] candidates = cells[row(lat) * columns + column(lon)];
    int[] found = new int[candidates.length];
    int n = 0;
    for (int i : candidates) {
      if (contains(rings[i], lat, lon)) {
        found[n++] = i;
      }
    }
    int[] result = Arrays.copyOf(found, n);
    Arrays.sort(result);
    return result;
  }

  /** Inside or on the boundary of a convex counter-clockwise ring {lon, lat, ...}. */
  static boolean contains(double[] ring, double lat, double lon) {
    for (int p = 0; p + 3 < ring.length; p += 2) {
      double ax = ring[p];
      double ay = ring[p + 1];
      double cross = (ring[p + 2] - ax) * (lat - ay) - (ring[p + 3] - ay) * (lon - ax);
      if (cross < 0) {
        return false;
      }
    }
    return true;
  }
}
