package io.meridian.loadtests.jmh;

import io.meridian.core.geo.PointIndex;
import io.meridian.loadtests.generators.Places;
import java.lang.ref.Reference;
import java.util.Locale;

/**
 * Heap retained by the point index of 653,796 places and the time to load it in one batch: {@code
 * java -Xmx4g -cp stack/loadtests/target/benchmarks.jar io.meridian.loadtests.jmh.PointFootprint}.
 * Measured as {@link FenceFootprint} measures fences; the index holds ids, entries, values and the
 * tree.
 */
public final class PointFootprint {
  private PointFootprint() {}

  public static void main(String[] args) throws InterruptedException {
    Places places = Places.generate(Places.COUNT, 5);
    long before = FenceFootprint.settledHeapBytes();
    long start = System.nanoTime();
    PointIndex<Integer> index = PointNearBenchmark.places(places);
    long buildMillis = (System.nanoTime() - start) / 1_000_000;
    long after = FenceFootprint.settledHeapBytes();
    System.out.printf(
        Locale.ROOT,
        "places: %,d points, retained heap %.1f MB (%.0f bytes per point), built in %,d ms%n",
        index.size(),
        (after - before) / 1e6,
        (after - before) / (double) index.size(),
        buildMillis);
    Reference.reachabilityFence(index);
  }
}
