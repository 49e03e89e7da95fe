package io.meridian.loadtests.jmh;

import io.meridian.loadtests.generators.Hexagons;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Fence lookups per second on one thread: which of 300,000 hexagons contain a point. Points come
 * from a pre-generated array of 65,536, read in turn, either uniform over the region or drawn
 * inside the bounding box of a random fence. The result is the number of fences found, so the work
 * of reporting each one is measured too.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class FenceLookupBenchmark {
  static final int POINTS = 1 << 16;

  @Param({"small", "large"})
  public String set;

  @Param({"uniform", "nearFences"})
  public String points;

  private FenceStructures.Lookup lookup;
  private double[] coordinates;
  private int next;

  @Setup
  public void build() {
    Hexagons hexagons = hexagons(set);
    lookup = FenceStructures.build("grid", hexagons);
    coordinates = points(hexagons, points);
  }

  static Hexagons hexagons(String set) {
    Hexagons.Size size = set.equals("small") ? Hexagons.Size.SMALL : Hexagons.Size.LARGE;
    return Hexagons.generate(size, Hexagons.COUNT, set.equals("small") ? 1 : 2);
  }

  static double[] points(Hexagons hexagons, String kind) {
    return kind.equals("uniform")
        ? Hexagons.uniformPoints(POINTS, 3)
        : hexagons.pointsNearFences(POINTS, 4);
  }

  @Benchmark
  public int lookup() {
    int i = next;
    next = (i + 2) & (2 * POINTS - 1);
    return lookup.count(coordinates[i], coordinates[i + 1]);
  }
}
