package io.meridian.core.geo;

import java.util.UUID;

/**
 * A write the in-memory geo indexes of every node must apply: to a fence, or to an entity of a
 * geo-hot collection ({@code entityId} and {@code version} set), or to a collection's settings
 * ({@code entityId} null).
 *
 * @param version the version the write gives the entity; a node that loads an older one knows the
 *     write is still under way (the change is published before the entity is written)
 */
public record GeoChange(UUID applicationId, String collection, UUID entityId, long version) {

  public static GeoChange settings(UUID applicationId, String collection) {
    return new GeoChange(applicationId, collection, null, 0);
  }

  public boolean isSettings() {
    return entityId == null;
  }
}
