package io.meridian.loadtests.jmh;

import io.meridian.core.geo.Near;
import io.meridian.core.geo.PointIndex;
import io.meridian.loadtests.generators.Places;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * "Within R metres of P, nearest first, limit 25" over 653,796 places, on one thread, with query
 * points drawn from the places' own distribution (so mostly in the Bay Area's clusters).
 */
@State(Scope.Thread)
public class PointNearBenchmark extends OneThreadBenchmark {
  static final int POINTS = 1 << 16;

  @Param({"500", "5000", "50000"})
  public double radiusMeters;

  private PointIndex<Integer> index;
  private double[] coordinates;
  private int next;

  @Setup
  public void build() {
    index = places(Places.generate(Places.COUNT, 5));
    coordinates = Places.queryPoints(POINTS, 6);
  }

  static PointIndex<Integer> places(Places places) {
    PointIndex<Integer> index = new PointIndex<>();
    index.update(
        changes -> {
          for (int i = 0; i < places.size(); i++) {
            changes.put(places.id(i), 1, places.latitude(i), places.longitude(i), i);
          }
        });
    return index;
  }

  @Benchmark
  public List<Near<Integer>> nearest() {
    int i = next;
    next = (i + 2) & (2 * POINTS - 1);
    return index.nearest(coordinates[i], coordinates[i + 1], radiusMeters, 0, null, null, 25);
  }
}
