package io.meridian.loadtests.jmh;

import io.meridian.core.geo.FenceIndex;
import io.meridian.loadtests.generators.Hexagons;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.prep.PreparedGeometry;
import org.locationtech.jts.geom.prep.PreparedGeometryFactory;
import org.locationtech.jts.index.strtree.STRtree;

/**
 * The fence index against JTS on the full data sets: {@code java -Xmx4g -cp
 * stack/loadtests/target/benchmarks.jar io.meridian.loadtests.jmh.FenceExactness
 * [small,large,kuzzle] [points] [fullBruteForcePoints]}.
 *
 * <p>A brute force over 300,000 fences for 100,000 points is 3·10^10 tests, too slow, so the
 * reference for the many points is JTS's own pipeline: an STRtree of the JTS polygons' envelopes
 * gives the candidates and {@code PreparedGeometry.covers} decides each (JTS's indexed point
 * location; plain {@code covers} goes through the full relate machinery, some 20 µs a call, and the
 * large set has 214 fences per point). No Meridian code is involved in the reference. A true brute
 * force, plain {@code Polygon.covers} on every fence, checks the first points as well (1,000 by
 * default). Points are a mix: uniform over the region, inside random fences' boxes, exactly on
 * vertices, exactly on the horizontal top and bottom edges, and interpolated along the sloped edges
 * (which lands a hair to either side). Prints the mismatches: they must be 0.
 */
public final class FenceExactness {
  private static final GeometryFactory JTS = new GeometryFactory();

  private FenceExactness() {}

  public static void main(String[] args) {
    String[] sets = args.length > 0 ? args[0].split(",") : new String[] {"small", "large"};
    int count = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
    int bruteForceCount = args.length > 2 ? Integer.parseInt(args[2]) : 1_000;
    for (String set : sets) {
      Hexagons hexagons = FenceLookupBenchmark.hexagons(set);
      FenceIndex<Integer> index = FenceStructures.grid(hexagons);
      Polygon[] polygons = new Polygon[hexagons.size()];
      PreparedGeometry[] prepared = new PreparedGeometry[polygons.length];
      STRtree tree = new STRtree();
      for (int i = 0; i < polygons.length; i++) {
        polygons[i] = polygon(hexagons.ring(i));
        prepared[i] = PreparedGeometryFactory.prepare(polygons[i]);
        tree.insert(polygons[i].getEnvelopeInternal(), i);
      }
      tree.build();
      double[] points = points(hexagons, count);
      long start = System.nanoTime();
      int mismatches = 0;
      long hits = 0;
      for (int p = 0; p < points.length; p += 2) {
        List<Integer> actual = sorted(index.containing(points[p], points[p + 1]));
        List<Integer> expected = new ArrayList<>();
        Point point = JTS.createPoint(new Coordinate(points[p + 1], points[p]));
        for (Object candidate : tree.query(point.getEnvelopeInternal())) {
          if (prepared[(Integer) candidate].covers(point)) {
            expected.add((Integer) candidate);
          }
        }
        mismatches += sorted(expected).equals(actual) ? 0 : 1;
        hits += actual.size();
      }
      report(set, "JTS STRtree + prepared covers", count, mismatches, hits, start);

      start = System.nanoTime();
      mismatches = 0;
      hits = 0;
      for (int p = 0; p < 2 * bruteForceCount; p += 2) {
        List<Integer> actual = sorted(index.containing(points[p], points[p + 1]));
        List<Integer> expected = new ArrayList<>();
        Point point = JTS.createPoint(new Coordinate(points[p + 1], points[p]));
        for (int i = 0; i < polygons.length; i++) {
          if (polygons[i].covers(point)) {
            expected.add(i);
          }
        }
        mismatches += expected.equals(actual) ? 0 : 1;
        hits += actual.size();
      }
      report(set, "brute force, covers on every fence", bruteForceCount, mismatches, hits, start);
    }
  }

  private static void report(
      String set, String reference, int points, int mismatches, long hits, long start) {
    System.out.printf(
        Locale.ROOT,
        "%s, %s: %,d points, %,d fences found, %d mismatches (%,d ms)%n",
        set,
        reference,
        points,
        hits,
        mismatches,
        (System.nanoTime() - start) / 1_000_000);
  }

  private static Polygon polygon(double[] ring) {
    Coordinate[] coordinates = new Coordinate[ring.length / 2];
    for (int i = 0; i < ring.length; i += 2) {
      coordinates[i / 2] = new Coordinate(ring[i], ring[i + 1]);
    }
    return JTS.createPolygon(coordinates);
  }

  /** {lat, lon, ...}: 40 % uniform, 30 % near fences, 30 % on or along fence boundaries. */
  private static double[] points(Hexagons hexagons, int count) {
    double[] uniform = hexagons.uniformPoints(count, 11);
    double[] near = hexagons.pointsNearFences(count, 12);
    SplittableRandom random = new SplittableRandom(13);
    double[] points = new double[2 * count];
    for (int i = 0; i < count; i++) {
      int kind = random.nextInt(10);
      if (kind < 4) {
        points[2 * i] = uniform[2 * i];
        points[2 * i + 1] = uniform[2 * i + 1];
        continue;
      } else if (kind < 7) {
        points[2 * i] = near[2 * i];
        points[2 * i + 1] = near[2 * i + 1];
        continue;
      }
      double[] ring = hexagons.ring(random.nextInt(hexagons.size()));
      int vertex = 2 * random.nextInt(6);
      double t = kind == 7 ? 0 : kind == 8 ? 0.5 : random.nextDouble();
      if (kind == 8) {
        vertex = random.nextBoolean() ? 2 : 8; // the horizontal bottom and top edges
      }
      points[2 * i + 1] = ring[vertex] + t * (ring[vertex + 2] - ring[vertex]);
      points[2 * i] = ring[vertex + 1] + t * (ring[vertex + 3] - ring[vertex + 1]);
    }
    return points;
  }

  private static List<Integer> sorted(List<Integer> values) {
    Integer[] array = values.toArray(new Integer[0]);
    Arrays.sort(array);
    return Arrays.asList(array);
  }
}
