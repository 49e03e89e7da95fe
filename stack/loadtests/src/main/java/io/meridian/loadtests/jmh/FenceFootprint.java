package io.meridian.loadtests.jmh;

import io.meridian.loadtests.generators.Hexagons;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.util.Locale;

/**
 * Heap retained by 300,000 fences and the time to build the structure, per set and structure:
 * {@code java -Xmx4g -cp stack/loadtests/target/benchmarks.jar
 * io.meridian.loadtests.jmh.FenceFootprint [small,large] [grid,strtree,hprtree]}.
 *
 * <p>The heap is read from the MemoryMXBean after repeated full collections, before and after the
 * build, with the generator's own arrays alive both times. For the grid it includes everything the
 * index keeps: the id map, entries, ids, shapes, values and cells. The JTS trees hold the shapes
 * and their boxes only (no id map, which updates would need). It also prints how many fences
 * contain a point, on average, for uniform points and for points near fences.
 */
public final class FenceFootprint {
  private FenceFootprint() {}

  public static void main(String[] args) throws InterruptedException {
    String[] sets = args.length > 0 ? args[0].split(",") : new String[] {"small", "large"};
    String[] structures = args.length > 1 ? args[1].split(",") : new String[] {"grid"};
    for (String set : sets) {
      Hexagons hexagons = FenceLookupBenchmark.hexagons(set);
      for (String structure : structures) {
        long before = settledHeapBytes();
        long start = System.nanoTime();
        FenceStructures.Lookup lookup = FenceStructures.build(structure, hexagons);
        long buildMillis = (System.nanoTime() - start) / 1_000_000;
        long after = settledHeapBytes();
        System.out.printf(
            Locale.ROOT,
            "%s %s: %,d fences, retained heap %.1f MB (%.0f bytes per fence; heap %.1f MB before,"
                + " %.1f MB after), built in %,d ms; fences per point: %.2f uniform, %.2f near"
                + " fences%n",
            set,
            structure,
            hexagons.size(),
            (after - before) / 1e6,
            (after - before) / (double) hexagons.size(),
            before / 1e6,
            after / 1e6,
            buildMillis,
            averageHits(lookup, hexagons.uniformPoints(100_000, 3)),
            averageHits(lookup, hexagons.pointsNearFences(100_000, 4)));
        Reference.reachabilityFence(lookup);
      }
    }
  }

  private static double averageHits(FenceStructures.Lookup lookup, double[] points) {
    long hits = 0;
    for (int i = 0; i < points.length; i += 2) {
      hits += lookup.count(points[i], points[i + 1]);
    }
    return hits / (points.length / 2.0);
  }

  static long settledHeapBytes() throws InterruptedException {
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      System.gc();
      Thread.sleep(200);
      used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    }
    return used;
  }
}
