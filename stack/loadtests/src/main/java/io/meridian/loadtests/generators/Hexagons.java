package io.meridian.loadtests.generators;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.geo.FenceShape;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Deterministic overlapping hexagonal fences, sized like the geomarketing benchmark of Kuzzle's
 * Koncorde: "large" zones up to 0.4° of longitude by 0.2° of latitude (about 35 × 22 km here),
 * "small" ones up to 0.002° (about 180 × 220 m). Each dimension is drawn uniformly between a tenth
 * of its maximum and the maximum. Centres are uniform over a {@link Region}: for "large" and
 * "small", {@link Region#NORTHERN_CALIFORNIA}, the box of {@link Places}, so fences overlap as
 * densely as 300,000 campaigns over one region make them (the stress case: 214 around a point); for
 * "kuzzle", the large sizes over {@link Region#CONTIGUOUS_US}, the spread of Kuzzle's own benchmark
 * (3.9 around a point, measured in docs/benchmarks.md).
 *
 * <p>A hexagon of width {@code w} and height {@code h} has its vertices at {@code (x ± w/2, y)} and
 * {@code (x ± w/4, y ± h/2)}: its top and bottom edges are horizontal, its area {@code 3wh/4}. Only
 * four doubles per fence are kept; the GeoJSON and the parsed shape are built on demand.
 */
public final class Hexagons {
  public static final int COUNT = 300_000;

  /** Which family of sizes. */
  public enum Size {
    LARGE(0.4, 0.2, Region.NORTHERN_CALIFORNIA),
    SMALL(0.002, 0.002, Region.NORTHERN_CALIFORNIA),
    KUZZLE(0.4, 0.2, Region.CONTIGUOUS_US);

    final double maxWidth;
    final double maxHeight;
    final Region region;

    Size(double maxWidth, double maxHeight, Region region) {
      this.maxWidth = maxWidth;
      this.maxHeight = maxHeight;
      this.region = region;
    }

    /** Where the centres of fences of this size are drawn. */
    public Region region() {
      return region;
    }
  }

  private final long seed;
  private final Region region;
  private final double[] latitude;
  private final double[] longitude;
  private final double[] width;
  private final double[] height;

  private Hexagons(long seed, Region region, int count) {
    this.seed = seed;
    this.region = region;
    this.latitude = new double[count];
    this.longitude = new double[count];
    this.width = new double[count];
    this.height = new double[count];
  }

  public static Hexagons generate(Size size, int count, long seed) {
    Hexagons hexagons = new Hexagons(seed, size.region, count);
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < count; i++) {
      double[] centre = size.region.draw(random);
      hexagons.latitude[i] = centre[0];
      hexagons.longitude[i] = centre[1];
      hexagons.width[i] = size.maxWidth * (0.1 + 0.9 * random.nextDouble());
      hexagons.height[i] = size.maxHeight * (0.1 + 0.9 * random.nextDouble());
    }
    return hexagons;
  }

  public int size() {
    return latitude.length;
  }

  /** A stable id per fence: the same for the same seed and index. */
  public UUID id(int i) {
    return new UUID(seed, i);
  }

  /** The fence's ring as {lon, lat, ...}, closed (seven positions). */
  public double[] ring(int i) {
    double x = longitude[i];
    double y = latitude[i];
    double halfWidth = width[i] / 2;
    double quarterWidth = width[i] / 4;
    double halfHeight = height[i] / 2;
    return new double[] {
      x - halfWidth,
      y,
      x - quarterWidth,
      y - halfHeight,
      x + quarterWidth,
      y - halfHeight,
      x + halfWidth,
      y,
      x + quarterWidth,
      y + halfHeight,
      x - quarterWidth,
      y + halfHeight,
      x - halfWidth,
      y
    };
  }

  /** The fence as a GeoJSON Polygon. */
  public ObjectNode geometry(int i) {
    ObjectNode geometry = JsonNodeFactory.instance.objectNode().put("type", "Polygon");
    ArrayNode positions = geometry.putArray("coordinates").addArray();
    double[] ring = ring(i);
    for (int p = 0; p < ring.length; p += 2) {
      positions.addArray().add(ring[p]).add(ring[p + 1]);
    }
    return geometry;
  }

  public FenceShape shape(int i) {
    return FenceShape.parse(geometry(i));
  }

  /**
   * Query points as {lat0, lon0, lat1, lon1, ...}, drawn like the fences' centres: uniformly over
   * their region.
   */
  public double[] uniformPoints(int count, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double[] points = new double[2 * count];
    for (int i = 0; i < count; i++) {
      double[] point = region.draw(random);
      points[2 * i] = point[0];
      points[2 * i + 1] = point[1];
    }
    return points;
  }

  /**
   * Query points each drawn uniformly within the bounding box of a random fence: for small fences,
   * which uniform points almost never hit, points where a device asking is likely inside one.
   */
  public double[] pointsNearFences(int count, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double[] points = new double[2 * count];
    for (int i = 0; i < count; i++) {
      int fence = random.nextInt(size());
      points[2 * i] = latitude[fence] + height[fence] * (random.nextDouble() - 0.5);
      points[2 * i + 1] = longitude[fence] + width[fence] * (random.nextDouble() - 0.5);
    }
    return points;
  }
}
