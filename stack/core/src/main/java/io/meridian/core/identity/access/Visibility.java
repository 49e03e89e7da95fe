package io.meridian.core.identity.access;

import io.meridian.core.entity.StoredEntity;
import java.util.ArrayList;
import java.util.List;

/**
 * Which entities one caller may see in one application: the read check of a {@code GET} of the
 * entity itself, by its uuid or by its name. Every entity a response carries passes it, however the
 * request reached the entity (a connection, a membership, a query, a fence lookup, a write), so a
 * permission on the path that led there never shows more than a {@code GET} of the entity would.
 */
@FunctionalInterface
public interface Visibility {
  /** Administrators of the application see everything. */
  Visibility ALL = entity -> true;

  /** What a request sees when nothing decided otherwise: nothing (deny by default). */
  Visibility NONE = entity -> false;

  boolean canRead(StoredEntity entity);

  /** The entities the caller may read, in their order. */
  default List<StoredEntity> readable(List<StoredEntity> entities) {
    if (this == ALL) {
      return entities;
    }
    List<StoredEntity> readable = new ArrayList<>(entities.size());
    for (StoredEntity entity : entities) {
      if (canRead(entity)) {
        readable.add(entity);
      }
    }
    return readable.size() == entities.size() ? entities : readable;
  }
}
