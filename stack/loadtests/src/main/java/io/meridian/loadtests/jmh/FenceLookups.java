package io.meridian.loadtests.jmh;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The lookup the fence benchmarks measure (JMH runs it in each subclass): the fences containing the
 * next of {@link #POINTS} pre-generated points, read in turn, counted so that the work of reporting
 * each one is measured too. A subclass's setup builds {@code lookup} and {@code coordinates}.
 */
@State(Scope.Thread)
public abstract class FenceLookups extends OneThreadBenchmark {
  static final int POINTS = 1 << 16;

  FenceStructures.Lookup lookup;
  double[] coordinates;
  private int next;

  @Benchmark
  public int lookup() {
    int i = next;
    next = (i + 2) & (2 * POINTS - 1);
    return lookup.count(coordinates[i], coordinates[i + 1]);
  }
}
