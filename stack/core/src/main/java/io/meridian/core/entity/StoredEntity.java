package io.meridian.core.entity;

import io.meridian.core.common.Json;
import io.meridian.core.index.IndexOperation;
import java.util.UUID;

/**
 * An entity as stored: its identity, the version that wrote it, and its complete JSON as the API
 * renders it (so a read serves the stored text without re-rendering).
 *
 * @param version the write's timestamp in microseconds, also Cassandra's write time of the row and
 *     the external version in the index
 * @param name the entity's unique name in its collection, or null
 */
public record StoredEntity(
    UUID uuid, String collection, String name, long version, long created, String json) {

  /** The index operation that makes the index hold this entity at this version. */
  public IndexOperation.Upsert toIndexUpsert(UUID applicationId) {
    return new IndexOperation.Upsert(
        applicationId, collection, uuid, version, Json.parseStoredObject(json));
  }
}
