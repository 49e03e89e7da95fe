package io.meridian.loadtests.generators;

import java.util.SplittableRandom;

/**
 * A latitude/longitude box the geo data sets draw from. {@link #NORTHERN_CALIFORNIA} (latitude 37
 * to 42, longitude -123 to -118, the San Francisco Bay Area in its south-west corner) holds the
 * places and the dense fence sets; {@link #CONTIGUOUS_US} (latitude 25 to 49, longitude -125 to
 * -67) the Kuzzle-like fences, spread as Kuzzle's geofencing benchmark spreads them.
 */
public final class Region {
  public static final Region NORTHERN_CALIFORNIA = new Region(37, 42, -123, -118);
  public static final Region CONTIGUOUS_US = new Region(25, 49, -125, -67);

  public static final double MIN_LATITUDE = NORTHERN_CALIFORNIA.minLatitude;
  public static final double MAX_LATITUDE = NORTHERN_CALIFORNIA.maxLatitude;
  public static final double MIN_LONGITUDE = NORTHERN_CALIFORNIA.minLongitude;
  public static final double MAX_LONGITUDE = NORTHERN_CALIFORNIA.maxLongitude;

  public final double minLatitude;
  public final double maxLatitude;
  public final double minLongitude;
  public final double maxLongitude;

  private Region(double minLatitude, double maxLatitude, double minLongitude, double maxLongitude) {
    this.minLatitude = minLatitude;
    this.maxLatitude = maxLatitude;
    this.minLongitude = minLongitude;
    this.maxLongitude = maxLongitude;
  }

  /** A point drawn uniformly over this box, as {latitude, longitude}. */
  public double[] draw(SplittableRandom random) {
    return new double[] {
      minLatitude + (maxLatitude - minLatitude) * random.nextDouble(),
      minLongitude + (maxLongitude - minLongitude) * random.nextDouble()
    };
  }

  /** A point drawn uniformly over {@link #NORTHERN_CALIFORNIA}. */
  static double[] uniform(SplittableRandom random) {
    return NORTHERN_CALIFORNIA.draw(random);
  }
}
