package io.meridian.core.geo;

import com.fasterxml.jackson.databind.JsonNode;
import org.locationtech.jts.algorithm.CGAlgorithmsDD;

/**
 * A GeoJSON Polygon or MultiPolygon parsed for fast point containment, immutable.
 *
 * <p><b>Semantics.</b> Edges are straight lines in longitude/latitude, as RFC 7946 reads a geometry
 * that was not split at the antimeridian (planar, no great circles). A point on the boundary, an
 * edge or a vertex of the shell or of a hole, is inside; a point strictly inside a hole is outside;
 * a MultiPolygon contains a point when one of its polygons does. Ring orientation plays no part.
 *
 * <p><b>Exactness.</b> {@link #contains} is JTS's {@code RayCrossingCounter} on primitive arrays:
 * the same comparisons, and the same orientation predicate ({@link
 * CGAlgorithmsDD#orientationIndex(double, double, double, double, double, double)}, a filtered
 * double computation that falls back to double-double arithmetic when the sign is uncertain). So a
 * point given with exactly the coordinates of a vertex, or lying exactly on an edge as the doubles
 * are, is on the boundary with no epsilon, and the answer is the one JTS's {@code covers} gives for
 * the same doubles (a test compares them on many thousands of points).
 *
 * <p><b>Layout.</b> One {@code double[]} of x (longitude), y (latitude) pairs for every ring in
 * order, each ring without its closing position (the segment from its last vertex back to its first
 * is implied). {@code ringEnds} holds the end offset of every ring and {@code polygonEnds} the end
 * ring of every polygon; both are {@code null} for the common case of one polygon with one ring,
 * which then costs this object (56 bytes) plus its coordinate array. Reading GeoJSON into this
 * layout is {@link FenceShapeReader}'s.
 */
public final class FenceShape {
  static final int EXTERIOR = 0;
  static final int BOUNDARY = 1;
  static final int INTERIOR = 2;

  private final double[] xy;
  private final int[] ringEnds;
  private final int[] polygonEnds;
  private final double minX;
  private final double minY;
  private final double maxX;
  private final double maxY;

  /**
   * @param xy every ring's x, y pairs in order, without closing positions
   * @param ringEnds the end offset of every ring, or null for one polygon of one ring
   * @param polygonEnds the end ring of every polygon, or null for one polygon of one ring
   */
  FenceShape(double[] xy, int[] ringEnds, int[] polygonEnds) {
    this.xy = xy;
    this.ringEnds = ringEnds;
    this.polygonEnds = polygonEnds;
    double x0 = Double.POSITIVE_INFINITY, y0 = Double.POSITIVE_INFINITY;
    double x1 = Double.NEGATIVE_INFINITY, y1 = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < xy.length; i += 2) {
      x0 = Math.min(x0, xy[i]);
      x1 = Math.max(x1, xy[i]);
      y0 = Math.min(y0, xy[i + 1]);
      y1 = Math.max(y1, xy[i + 1]);
    }
    this.minX = x0;
    this.minY = y0;
    this.maxX = x1;
    this.maxY = y1;
  }

  /**
   * The shape of a GeoJSON Polygon or MultiPolygon, or {@code null} when {@code geometry} is
   * anything else: another type, a missing or null value, or coordinates that are not arrays of
   * rings of at least four {@code [longitude, latitude]} numbers within range. It does not check
   * what {@link GeoValidation} checks on write (closed rings, no self-intersection): a ring whose
   * last position differs from its first is closed implicitly.
   */
  public static FenceShape parse(JsonNode geometry) {
    return FenceShapeReader.read(geometry);
  }

  /** Whether the point is inside the shape or on its boundary (see the class comment). */
  public boolean contains(double latitude, double longitude) {
    if (!(longitude >= minX && longitude <= maxX && latitude >= minY && latitude <= maxY)) {
      return false;
    }
    if (ringEnds == null) {
      return locateInRing(0, xy.length, longitude, latitude) != EXTERIOR;
    }
    int ring = 0;
    for (int polygonEnd : polygonEnds) {
      if (polygonCovers(ring, polygonEnd, longitude, latitude)) {
        return true;
      }
      ring = polygonEnd;
    }
    return false;
  }

  /**
   * Whether the segment from (latitude0, longitude0) to (latitude1, longitude1), a straight line in
   * longitude/latitude, meets the shape (its inside or its boundary, touching included): one end is
   * inside, or the segment meets an edge of some ring. Otherwise it lies wholly outside, since it
   * cannot reach the inside without meeting the boundary. Exact, with the predicates of {@link
   * #contains}: edges meet when JTS's {@code RobustLineIntersector} says they do (orientation
   * signs, collinear segments meeting when their boxes do), so the answer is JTS's {@code
   * intersects} between the polygon and the line string for the same doubles.
   */
  public boolean meetsSegment(
      double latitude0, double longitude0, double latitude1, double longitude1) {
    double segmentMinX = Math.min(longitude0, longitude1);
    double segmentMaxX = Math.max(longitude0, longitude1);
    double segmentMinY = Math.min(latitude0, latitude1);
    double segmentMaxY = Math.max(latitude0, latitude1);
    if (segmentMaxX < minX || segmentMinX > maxX || segmentMaxY < minY || segmentMinY > maxY) {
      return false;
    }
    if (contains(latitude0, longitude0)) {
      return true;
    }
    return anyEdge(
        (x1, y1, x2, y2) ->
            Math.max(x1, x2) >= segmentMinX
                && Math.min(x1, x2) <= segmentMaxX
                && Math.max(y1, y2) >= segmentMinY
                && Math.min(y1, y2) <= segmentMaxY
                && segmentsMeet(longitude0, latitude0, longitude1, latitude1, x1, y1, x2, y2));
  }

  /**
   * Whether two closed segments whose bounding boxes overlap meet: neither has both ends strictly
   * on one side of the other's line. Collinear segments with overlapping boxes overlap.
   */
  static boolean segmentsMeet(
      double px1,
      double py1,
      double px2,
      double py2,
      double qx1,
      double qy1,
      double qx2,
      double qy2) {
    int q1 = CGAlgorithmsDD.orientationIndex(px1, py1, px2, py2, qx1, qy1);
    int q2 = CGAlgorithmsDD.orientationIndex(px1, py1, px2, py2, qx2, qy2);
    if ((q1 > 0 && q2 > 0) || (q1 < 0 && q2 < 0)) {
      return false;
    }
    int p1 = CGAlgorithmsDD.orientationIndex(qx1, qy1, qx2, qy2, px1, py1);
    int p2 = CGAlgorithmsDD.orientationIndex(qx1, qy1, qx2, qy2, px2, py2);
    return !((p1 > 0 && p2 > 0) || (p1 < 0 && p2 < 0));
  }

  private boolean polygonCovers(int firstRing, int endRing, double x, double y) {
    int location = locateInRing(ringStart(firstRing), ringEnds[firstRing], x, y);
    if (location != INTERIOR) {
      return location == BOUNDARY;
    }
    for (int hole = firstRing + 1; hole < endRing; hole++) {
      location = locateInRing(ringStart(hole), ringEnds[hole], x, y);
      if (location != EXTERIOR) {
        return location == BOUNDARY; // a hole's boundary belongs to the polygon, its inside not
      }
    }
    return true;
  }

  /**
   * Where (x, y) lies relative to one ring: JTS's ray-crossing count towards +x, which reports a
   * point on a segment (a vertex, a horizontal segment, or orientation zero) as the boundary.
   */
  int locateInRing(int start, int end, double x, double y) {
    int crossings = 0;
    double x1 = xy[end - 2];
    double y1 = xy[end - 1];
    for (int i = start; i < end; i += 2) {
      double x2 = xy[i];
      double y2 = xy[i + 1];
      if (x1 >= x || x2 >= x) {
        if (x == x2 && y == y2) {
          return BOUNDARY;
        }
        if (y1 == y && y2 == y) {
          if (x >= Math.min(x1, x2) && x <= Math.max(x1, x2)) {
            return BOUNDARY;
          }
        } else if ((y1 > y && y2 <= y) || (y2 > y && y1 <= y)) {
          int orientation = CGAlgorithmsDD.orientationIndex(x1, y1, x2, y2, x, y);
          if (orientation == 0) {
            return BOUNDARY;
          }
          if (y2 < y1) {
            orientation = -orientation;
          }
          if (orientation > 0) {
            crossings++;
          }
        }
      }
      x1 = x2;
      y1 = y2;
    }
    return (crossings & 1) == 1 ? INTERIOR : EXTERIOR;
  }

  /** The number of rings over all polygons. */
  int ringCount() {
    return ringEnds == null ? 1 : ringEnds.length;
  }

  /** Offset in {@link #coordinates()} of the ring's first x. */
  int ringStart(int ring) {
    return ring == 0 ? 0 : ringEnds[ring - 1];
  }

  /** Offset in {@link #coordinates()} just past the ring's last y. */
  int ringEnd(int ring) {
    return ringEnds == null ? xy.length : ringEnds[ring];
  }

  /** Receives one edge of a ring, from (x1, y1) to (x2, y2) in longitude/latitude. */
  interface EdgeVisitor {
    void edge(double x1, double y1, double x2, double y2);
  }

  /** Calls {@code visitor} with every edge of every ring, each ring's closing edge included. */
  void forEachEdge(EdgeVisitor visitor) {
    anyEdge(
        (x1, y1, x2, y2) -> {
          visitor.edge(x1, y1, x2, y2);
          return false;
        });
  }

  /** Tests one edge of a ring, from (x1, y1) to (x2, y2) in longitude/latitude. */
  private interface EdgeTest {
    boolean holds(double x1, double y1, double x2, double y2);
  }

  /** Whether {@code test} holds for some edge, walking them in ring order; stops at the first. */
  private boolean anyEdge(EdgeTest test) {
    for (int ring = 0; ring < ringCount(); ring++) {
      int start = ringStart(ring);
      int end = ringEnd(ring);
      double x1 = xy[end - 2];
      double y1 = xy[end - 1];
      for (int i = start; i < end; i += 2) {
        double x2 = xy[i];
        double y2 = xy[i + 1];
        if (test.holds(x1, y1, x2, y2)) {
          return true;
        }
        x1 = x2;
        y1 = y2;
      }
    }
    return false;
  }

  /** The shared coordinate array; callers never modify it. */
  double[] coordinates() {
    return xy;
  }

  public double minLatitude() {
    return minY;
  }

  public double maxLatitude() {
    return maxY;
  }

  public double minLongitude() {
    return minX;
  }

  public double maxLongitude() {
    return maxX;
  }

  /** Vertices over all rings, each ring's closing position not counted. */
  public int vertexCount() {
    return xy.length / 2;
  }

  /** The polygons of the shape: 1 for a Polygon. */
  public int polygonCount() {
    return polygonEnds == null ? 1 : polygonEnds.length;
  }

  @Override
  public String toString() {
    return "FenceShape[polygons="
        + polygonCount()
        + ", vertices="
        + vertexCount()
        + ", longitude="
        + minX
        + ".."
        + maxX
        + ", latitude="
        + minY
        + ".."
        + maxY
        + "]";
  }
}
