package io.meridian.loadtests.generators;

import java.util.SplittableRandom;

/**
 * The box the geo data sets share: latitude 37 to 42, longitude -123 to -118 (Northern California
 * and western Nevada, the San Francisco Bay Area in its south-west corner).
 */
public final class Region {
  public static final double MIN_LATITUDE = 37;
  public static final double MAX_LATITUDE = 42;
  public static final double MIN_LONGITUDE = -123;
  public static final double MAX_LONGITUDE = -118;

  private Region() {}

  /** A point drawn uniformly over the box, as {latitude, longitude}. */
  static double[] uniform(SplittableRandom random) {
    return new double[] {
      MIN_LATITUDE + (MAX_LATITUDE - MIN_LATITUDE) * random.nextDouble(),
      MIN_LONGITUDE + (MAX_LONGITUDE - MIN_LONGITUDE) * random.nextDouble()
    };
  }
}
