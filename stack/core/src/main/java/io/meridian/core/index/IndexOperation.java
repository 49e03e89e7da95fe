package io.meridian.core.index;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.UUID;

/** One change to apply to the index, carrying the entity version it reflects. */
public sealed interface IndexOperation permits IndexOperation.Upsert, IndexOperation.Delete {

  UUID applicationId();

  String collection();

  UUID entityId();

  long version();

  /**
   * Index the entity as it is in Cassandra at {@code version}.
   *
   * @param entity the entity as the API renders it ({@code uuid, type, name, created, modified},
   *     user properties; {@code metadata} may be present and is not indexed)
   */
  record Upsert(
      UUID applicationId, String collection, UUID entityId, long version, ObjectNode entity)
      implements IndexOperation {}

  /** Remove the entity; {@code version} is the version of the deletion. */
  record Delete(UUID applicationId, String collection, UUID entityId, long version)
      implements IndexOperation {}
}
