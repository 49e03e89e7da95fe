package io.meridian.core.geo;

import com.fasterxml.jackson.databind.JsonNode;

/** Reads the point of a location value: Usergrid's {@code {latitude, longitude}} or GeoJSON's. */
public final class Locations {
  private Locations() {}

  /**
   * The {@code {latitude, longitude}} of a location value, or null when it is not one: a GeoJSON
   * Point ({@code coordinates: [longitude, latitude]}, an altitude may follow; the type's case is
   * not checked), else an object with numeric {@code latitude} and {@code longitude}; in range.
   * This is the one reading of a location: what the index stores, what the geo-hot point indexes
   * hold, and what a batch lookup accepts, so every path finds the same points.
   */
  public static double[] point(JsonNode value) {
    if (value == null || !value.isObject()) {
      return null;
    }
    JsonNode latitude = value.get("latitude");
    JsonNode longitude = value.get("longitude");
    JsonNode coordinates = value.get("coordinates");
    if (coordinates != null
        && coordinates.isArray()
        && coordinates.size() >= 2
        && "Point".equalsIgnoreCase(value.path("type").asText())) {
      longitude = coordinates.get(0);
      latitude = coordinates.get(1);
    }
    if (latitude == null || longitude == null || !latitude.isNumber() || !longitude.isNumber()) {
      return null;
    }
    double lat = latitude.doubleValue();
    double lon = longitude.doubleValue();
    if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180)) {
      return null;
    }
    return new double[] {lat, lon};
  }
}
