package io.meridian.loadtests.jmh;

import io.meridian.loadtests.generators.Hexagons;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Fence lookups per second on one thread: which of 300,000 hexagons contain a point. Points come
 * from a pre-generated array of 65,536, read in turn, either uniform over the region or drawn
 * inside the bounding box of a random fence. The result is the number of fences found, so the work
 * of reporting each one is measured too.
 */
@State(Scope.Thread)
public class FenceLookupBenchmark extends FenceLookups {
  @Param({"small", "large", "kuzzle"})
  public String set;

  @Param({"uniform", "nearFences"})
  public String points;

  @Setup
  public void build() {
    Hexagons hexagons = hexagons(set);
    lookup = FenceStructures.build("grid", hexagons);
    coordinates = points(hexagons, points);
  }

  /** "small" and "large" over Northern California, "kuzzle": large ones over the US. */
  static Hexagons hexagons(String set) {
    return switch (set) {
      case "small" -> Hexagons.generate(Hexagons.Size.SMALL, Hexagons.COUNT, 1);
      case "large" -> Hexagons.generate(Hexagons.Size.LARGE, Hexagons.COUNT, 2);
      case "kuzzle" -> Hexagons.generate(Hexagons.Size.KUZZLE, Hexagons.COUNT, 5);
      default -> throw new IllegalArgumentException("unknown fence set " + set);
    };
  }

  static double[] points(Hexagons hexagons, String kind) {
    return kind.equals("uniform")
        ? hexagons.uniformPoints(POINTS, 3)
        : hexagons.pointsNearFences(POINTS, 4);
  }
}
