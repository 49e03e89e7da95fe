package io.meridian.core.query;

/**
 * A geographic condition of a where clause, as the in-memory geo indexes see it.
 *
 * <p>Coordinates are degrees; {@code latitude} in [-90, 90], {@code longitude} in [-180, 180].
 */
public sealed interface GeoCondition permits GeoCondition.PointInside, GeoCondition.Near {

  /** The dotted path of the property the condition tests. */
  String property();

  /**
   * {@code property contains latitude, longitude}: the property holds a GeoJSON Polygon or
   * MultiPolygon that contains the point, its boundary included.
   */
  record PointInside(String property, double latitude, double longitude) implements GeoCondition {}

  /**
   * {@code property within meters of latitude, longitude}: the property holds a location at most
   * {@code meters} from the centre (great-circle distance).
   */
  record Near(String property, double meters, double latitude, double longitude)
      implements GeoCondition {}
}
