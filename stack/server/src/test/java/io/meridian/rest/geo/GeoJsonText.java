package io.meridian.rest.geo;

import java.util.Locale;

/** GeoJSON texts for the geo tests: rectangles and polygons with holes, [longitude, latitude]. */
public final class GeoJsonText {
  private GeoJsonText() {}

  /** A closed ring around a rectangle, counter-clockwise. */
  public static String ring(double south, double west, double north, double east) {
    return String.format(
        Locale.ROOT,
        "[[%s,%s],[%s,%s],[%s,%s],[%s,%s],[%s,%s]]",
        west,
        south,
        east,
        south,
        east,
        north,
        west,
        north,
        west,
        south);
  }

  public static String rectangle(double south, double west, double north, double east) {
    return "{\"type\":\"Polygon\",\"coordinates\":[" + ring(south, west, north, east) + "]}";
  }

  public static String withHole(double[] outer, double[] hole) {
    return "{\"type\":\"Polygon\",\"coordinates\":["
        + ring(outer[0], outer[1], outer[2], outer[3])
        + ","
        + ring(hole[0], hole[1], hole[2], hole[3])
        + "]}";
  }

  public static String location(double latitude, double longitude) {
    return String.format(Locale.ROOT, "{\"latitude\":%s,\"longitude\":%s}", latitude, longitude);
  }
}
