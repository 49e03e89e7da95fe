package io.meridian.loadtests.jmh;

import io.meridian.loadtests.generators.Hexagons;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The structure comparison behind {@code FenceIndex}: the same lookups (points inside the bounding
 * box of a random fence) on Meridian's grid and on JTS's STRtree and HPRtree with the same exact
 * test per candidate.
 */
@State(Scope.Thread)
public class FenceStructureBenchmark extends FenceLookups {
  @Param({"grid", "strtree", "hprtree"})
  public String structure;

  @Param({"small", "large"})
  public String set;

  @Setup
  public void build() {
    Hexagons hexagons = FenceLookupBenchmark.hexagons(set);
    lookup = FenceStructures.build(structure, hexagons);
    coordinates = FenceLookupBenchmark.points(hexagons, "nearFences");
  }
}
