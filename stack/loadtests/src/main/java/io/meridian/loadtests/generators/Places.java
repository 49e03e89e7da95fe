package io.meridian.loadtests.generators;

import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Deterministic places: 70 % in Gaussian clusters around the cities of the San Francisco Bay Area
 * (standard deviations of 1.5 to 5 km), 30 % uniform over {@link Region}. The densest point, in San
 * Francisco, has about 2,000 places within 500 m; the uniform background about one per square
 * kilometre.
 */
public final class Places {
  public static final int COUNT = 653_796;

  /** Share of the clustered places, then {latitude, longitude, standard deviation in degrees}. */
  private static final double[][] CLUSTERS = {
    {0.30, 37.7749, -122.4194, 0.030}, // San Francisco
    {0.15, 37.8044, -122.2712, 0.030}, // Oakland
    {0.08, 37.8716, -122.2727, 0.015}, // Berkeley
    {0.25, 37.3382, -121.8863, 0.045}, // San Jose
    {0.12, 37.4419, -122.1430, 0.030}, // Palo Alto
    {0.10, 37.5485, -121.9886, 0.030}, // Fremont
  };

  private static final double CLUSTERED = 0.7;

  private final long seed;
  private final double[] latitude;
  private final double[] longitude;

  private Places(long seed, int count) {
    this.seed = seed;
    this.latitude = new double[count];
    this.longitude = new double[count];
  }

  public static Places generate(int count, long seed) {
    Places places = new Places(seed, count);
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < count; i++) {
      double[] point = draw(random);
      places.latitude[i] = point[0];
      places.longitude[i] = point[1];
    }
    return places;
  }

  /** One point of the distribution, {latitude, longitude}. */
  private static double[] draw(SplittableRandom random) {
    if (random.nextDouble() >= CLUSTERED) {
      return Region.uniform(random);
    }
    double pick = random.nextDouble();
    double[] cluster = CLUSTERS[CLUSTERS.length - 1];
    for (double[] candidate : CLUSTERS) {
      if (pick < candidate[0]) {
        cluster = candidate;
        break;
      }
      pick -= candidate[0];
    }
    double lat = cluster[1] + cluster[3] * gaussian(random);
    double lon = cluster[2] + cluster[3] / Math.cos(Math.toRadians(cluster[1])) * gaussian(random);
    return new double[] {Math.max(-90, Math.min(90, lat)), Math.max(-180, Math.min(180, lon))};
  }

  private static double gaussian(SplittableRandom random) {
    // Box-Muller: SplittableRandom has no nextGaussian on Java 17.
    return Math.sqrt(-2 * Math.log(1 - random.nextDouble()))
        * Math.cos(2 * Math.PI * random.nextDouble());
  }

  public int size() {
    return latitude.length;
  }

  public UUID id(int i) {
    return new UUID(seed, i);
  }

  public double latitude(int i) {
    return latitude[i];
  }

  public double longitude(int i) {
    return longitude[i];
  }

  /** Query points as {lat0, lon0, lat1, lon1, ...}, drawn from the places' own distribution. */
  public static double[] queryPoints(int count, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double[] points = new double[2 * count];
    for (int i = 0; i < count; i++) {
      double[] point = draw(random);
      points[2 * i] = point[0];
      points[2 * i + 1] = point[1];
    }
    return points;
  }
}
