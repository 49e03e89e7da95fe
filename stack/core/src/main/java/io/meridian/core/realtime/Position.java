package io.meridian.core.realtime;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.common.Json;
import io.meridian.core.entity.GeoLookups;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.geo.Locations;

/**
 * Where an entity is for geofencing: the point of its top-level {@code location}, read as every geo
 * path reads it ({@link Locations#point}).
 */
public record Position(double latitude, double longitude) {

  /** The entity's position, or null for no entity or no valid {@code location}. */
  public static Position of(StoredEntity entity) {
    if (entity == null || !entity.json().contains("\"" + GeoLookups.LOCATION_PROPERTY + "\"")) {
      return null; // no parse for entities that cannot have one
    }
    return of(Json.parseStoredObject(entity.json()));
  }

  /** The position of an entity's JSON (already parsed), or null when it has none. */
  public static Position of(JsonNode entity) {
    if (entity == null) {
      return null;
    }
    double[] point = Locations.point(entity.get(GeoLookups.LOCATION_PROPERTY));
    return point == null ? null : new Position(point[0], point[1]);
  }
}
