package io.meridian.core.geo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * The index against a brute force that asks JTS's {@code covers} of every fence, on random
 * overlapping hexagons of sizes from metres to degrees (some with holes, some MultiPolygons, some
 * on the antimeridian or at a pole), at random points and at points exactly on vertices, edges and
 * cell edges. Coordinates are multiples of 2^-12 degrees so that points along an edge at eighths of
 * it lie exactly on it.
 */
class FenceIndexExactnessTest {
  private static final double GRID = 0x1p-12;
  private static final GeometryFactory JTS = new GeometryFactory();

  private record Fence(int number, double[][][] polygons, Geometry jts) {}

  private final SplittableRandom random = new SplittableRandom(20261121);

  private double snap(double degrees) {
    return Math.rint(degrees / GRID) * GRID;
  }

  /** A hexagon around the centre, vertices jittered, as {lon, lat, ...} without closing. */
  private double[] hexagon(double lon, double lat, double halfWidth, double halfHeight) {
    double[] ring = {
      lon - halfWidth,
      lat,
      lon - halfWidth / 2,
      lat - halfHeight,
      lon + halfWidth / 2,
      lat - halfHeight,
      lon + halfWidth,
      lat,
      lon + halfWidth / 2,
      lat + halfHeight,
      lon - halfWidth / 2,
      lat + halfHeight
    };
    for (int i = 0; i < ring.length; i++) {
      double jitter = (i % 2 == 0 ? halfWidth : halfHeight) * 0.2 * (random.nextDouble() - 0.5);
      ring[i] =
          snap(
              Math.max(i % 2 == 0 ? -180 : -90, Math.min(i % 2 == 0 ? 180 : 90, ring[i] + jitter)));
    }
    return ring;
  }

  private Fence randomFence(int number) {
    double halfWidth = snap(Math.pow(10, -2.5 + 2.8 * random.nextDouble())) + 16 * GRID;
    double halfHeight = snap(halfWidth * (0.3 + random.nextDouble())) + 16 * GRID;
    double lon = snap(-20 + 40 * random.nextDouble());
    double lat = snap(-20 + 40 * random.nextDouble());
    if (number % 3 == 0) { // a crowd of small fences, which pushes fences to finer levels
      halfWidth = snap(Math.pow(10, -2.8 + random.nextDouble())) + 16 * GRID;
      halfHeight = snap(halfWidth * (0.3 + random.nextDouble())) + 16 * GRID;
      lon = snap(0.1 * random.nextDouble());
      lat = snap(0.1 * random.nextDouble());
    }
    int kind = random.nextInt(20);
    if (kind == 0) {
      lon = snap(180 - halfWidth * random.nextDouble()); // clipped at the antimeridian
    } else if (kind == 1) {
      lat = snap(90 - halfHeight * random.nextDouble()); // clipped at the pole
    }
    double[] shell = hexagon(lon, lat, halfWidth, halfHeight);
    double[][][] polygons;
    if (kind >= 2 && kind < 6 && halfHeight > 0.05) {
      double[] hole = hexagon(lon, lat, snap(halfWidth / 3), snap(halfHeight / 3));
      polygons = new double[][][] {{shell, hole}};
    } else if (kind >= 6 && kind < 9 && lon + 4 * halfWidth < 180) {
      double[] second = hexagon(snap(lon + 2.6 * halfWidth), lat, halfWidth, halfHeight);
      polygons = new double[][][] {{shell}, {second}};
    } else {
      polygons = new double[][][] {{shell}};
    }
    Polygon[] parts = new Polygon[polygons.length];
    for (int p = 0; p < polygons.length; p++) {
      LinearRing[] rings = new LinearRing[polygons[p].length];
      for (int r = 0; r < rings.length; r++) {
        rings[r] = jtsRing(polygons[p][r]);
      }
      parts[p] = JTS.createPolygon(rings[0], java.util.Arrays.copyOfRange(rings, 1, rings.length));
    }
    Geometry jts = parts.length == 1 ? parts[0] : JTS.createMultiPolygon(parts);
    return new Fence(number, polygons, jts);
  }

  private static LinearRing jtsRing(double[] ring) {
    Coordinate[] coordinates = new Coordinate[ring.length / 2 + 1];
    for (int i = 0; i < ring.length; i += 2) {
      coordinates[i / 2] = new Coordinate(ring[i], ring[i + 1]);
    }
    coordinates[coordinates.length - 1] = coordinates[0];
    return JTS.createLinearRing(coordinates);
  }

  private static FenceShape shape(Fence fence) {
    if (fence.polygons().length == 1) {
      return FenceShape.parse(GeoJson.polygon(closed(fence.polygons()[0])));
    }
    double[][][] closed = new double[fence.polygons().length][][];
    for (int p = 0; p < closed.length; p++) {
      closed[p] = closed(fence.polygons()[p]);
    }
    return FenceShape.parse(GeoJson.multiPolygon(closed));
  }

  private static double[][] closed(double[][] rings) {
    double[][] closed = new double[rings.length][];
    for (int r = 0; r < rings.length; r++) {
      closed[r] = GeoJson.ring(rings[r]);
    }
    return closed;
  }

  /** {lat, lon} pairs: random, on vertices, along edges, on cell edges. */
  private double[][] points(List<Fence> fences, int randomCount, int boundaryCount) {
    List<double[]> points = new ArrayList<>();
    for (int i = 0; i < randomCount; i++) {
      double lat = -21 + 42 * random.nextDouble();
      double lon = -21 + 42 * random.nextDouble();
      if (i % 5 == 3) { // in the crowd
        lat = 0.11 * random.nextDouble();
        lon = 0.11 * random.nextDouble();
      } else if (i % 4 == 0) {
        lat = Math.rint(lat * 64) / 64; // on cell edges of the coarser levels
        lon = Math.rint(lon * 64) / 64;
      } else if (i % 10 == 1) {
        lon = 180 - 2 * random.nextDouble();
      } else if (i % 10 == 2) {
        lat = 90 - 2 * random.nextDouble();
      }
      points.add(new double[] {lat, lon});
    }
    for (int i = 0; i < boundaryCount; i++) {
      Fence fence = fences.get(random.nextInt(fences.size()));
      double[][] rings = fence.polygons()[random.nextInt(fence.polygons().length)];
      double[] ring = rings[random.nextInt(rings.length)];
      int vertex = 2 * random.nextInt(ring.length / 2);
      int next = (vertex + 2) % ring.length;
      double t = random.nextInt(9) / 8.0;
      double lon = ring[vertex] + t * (ring[next] - ring[vertex]);
      double lat = ring[vertex + 1] + t * (ring[next + 1] - ring[vertex + 1]);
      points.add(new double[] {lat, lon});
    }
    return points.toArray(new double[0][]);
  }

  private static List<Integer> bruteForce(List<Fence> fences, double lat, double lon) {
    Point point = JTS.createPoint(new Coordinate(lon, lat));
    List<Integer> found = new ArrayList<>();
    for (Fence fence : fences) {
      if (fence != null && fence.jts().covers(point)) {
        found.add(fence.number());
      }
    }
    return found;
  }

  /** Counts the points where the index and the brute force disagree; also those inside any. */
  private static int[] compare(FenceIndex<Integer> index, List<Fence> fences, double[][] points) {
    int mismatches = 0;
    int covered = 0;
    for (double[] point : points) {
      List<Integer> expected = bruteForce(fences, point[0], point[1]);
      List<Integer> actual = index.containing(point[0], point[1]);
      actual.sort(null);
      mismatches += actual.equals(expected) ? 0 : 1;
      covered += expected.isEmpty() ? 0 : 1;
    }
    return new int[] {mismatches, covered};
  }

  @Test
  void the_index_agrees_with_jts_covers_on_every_point_before_and_after_updates() {
    List<Fence> fences = new ArrayList<>();
    List<UUID> ids = new ArrayList<>();
    FenceIndex<Integer> index = new FenceIndex<>();
    for (int i = 0; i < 3000; i++) {
      Fence fence = randomFence(i);
      assertThat(fence.jts().isValid()).as("fence %d is valid", i).isTrue();
      fences.add(fence);
      ids.add(UUID.randomUUID());
    }
    index.update(
        changes -> {
          for (Fence fence : fences) {
            changes.put(ids.get(fence.number()), 1, shape(fence), fence.number());
          }
        });
    double[][] points = points(fences, 4000, 4000);

    int[] before = compare(index, fences, points);
    assertThat(before[0]).as("mismatches").isZero();
    assertThat(before[1]).as("points inside some fence").isGreaterThan(points.length / 3);

    for (int i = 0; i < fences.size(); i += 3) {
      index.remove(ids.get(i), 2);
      fences.set(i, null);
    }
    for (int i = 1; i < fences.size(); i += 3) {
      Fence moved = randomFence(i);
      index.put(ids.get(i), 2, shape(moved), i);
      fences.set(i, moved);
    }
    List<Fence> remaining = fences.stream().filter(f -> f != null).toList();
    assertThat(index.size()).isEqualTo(remaining.size());
    assertThat(compare(index, fences, points(remaining, 2000, 3000))[0]).as("mismatches").isZero();
  }

  /** {lat0, lon0, lat1, lon1}: short moves from the points, long ones between them, degenerate. */
  private double[][] segments(double[][] points, int count) {
    double[][] segments = new double[count][];
    for (int i = 0; i < count; i++) {
      double[] from = points[random.nextInt(points.length)];
      double[] to;
      if (i % 3 == 0) {
        to = points[random.nextInt(points.length)]; // long: often across many fences
      } else if (i % 50 == 1) {
        to = from; // no move
      } else {
        double reach = Math.pow(10, -4 + 3 * random.nextDouble());
        to =
            new double[] {
              Math.max(-90, Math.min(90, from[0] + reach * (random.nextDouble() - 0.5))),
              Math.max(-180, Math.min(180, from[1] + reach * (random.nextDouble() - 0.5)))
            };
        if (i % 7 == 2) {
          to[0] = snap(to[0]); // along grid lines, where edges and cell sides lie
          to[1] = snap(to[1]);
        }
      }
      segments[i] = new double[] {from[0], from[1], to[0], to[1]};
    }
    return segments;
  }

  private static List<Integer> bruteForceSegment(List<Fence> fences, double[] segment) {
    Geometry line =
        segment[0] == segment[2] && segment[1] == segment[3]
            ? JTS.createPoint(new Coordinate(segment[1], segment[0]))
            : JTS.createLineString(
                new Coordinate[] {
                  new Coordinate(segment[1], segment[0]), new Coordinate(segment[3], segment[2])
                });
    List<Integer> found = new ArrayList<>();
    for (Fence fence : fences) {
      if (fence.jts().getEnvelopeInternal().intersects(line.getEnvelopeInternal())
          && fence.jts().intersects(line)) {
        found.add(fence.number());
      }
    }
    return found;
  }

  @Test
  void segment_lookups_agree_with_jts_intersects_and_report_each_fence_once() {
    // Short moves walk the cells, long ones outnumber the fences in cells and scan them: both run.
    List<Fence> fences = new ArrayList<>();
    FenceIndex<Integer> index = new FenceIndex<>();
    for (int i = 0; i < 1500; i++) {
      fences.add(randomFence(i));
    }
    index.update(
        changes -> {
          for (Fence fence : fences) {
            changes.put(UUID.randomUUID(), 1, shape(fence), fence.number());
          }
        });
    int mismatches = 0;
    int met = 0;
    for (double[] segment : segments(points(fences, 1000, 1000), 1500)) {
      List<Integer> expected = bruteForceSegment(fences, segment);
      List<Integer> asked = new ArrayList<>();
      List<Integer> actual = new ArrayList<>();
      index.forEachIntersecting(
          segment[0], segment[1], segment[2], segment[3], number -> asked.add(number), actual::add);
      assertThat(asked).doesNotHaveDuplicates();
      actual.sort(null);
      mismatches += actual.equals(expected) ? 0 : 1;
      met += expected.isEmpty() ? 0 : 1;
    }
    assertThat(mismatches).as("mismatches").isZero();
    assertThat(met).as("segments meeting some fence").isGreaterThan(450);
  }
}
