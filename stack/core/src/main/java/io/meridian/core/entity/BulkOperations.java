package io.meridian.core.entity;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.Concurrently;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * {@code PUT} and {@code DELETE} of the entities a query selects, bounded by the request's limit.
 * Each entity is written exactly as a single {@code PUT}/{@code DELETE} would write it (same
 * durability, same read-your-writes), several at a time.
 */
public final class BulkOperations {
  private final EntityQueries queries;
  private final EntityService entities;
  private final Executor executor;

  /**
   * @param executor runs the individual writes; its size bounds how many run at once
   */
  public BulkOperations(EntityQueries queries, EntityService entities, Executor executor) {
    this.queries = queries;
    this.entities = entities;
    this.executor = executor;
  }

  /**
   * Merges {@code body} into every entity the query selects (at most {@code limit}); returns them
   * as updated. A body that sets the collection's unique name ({@code name}, a user's {@code
   * username}) is refused: one name cannot go to many entities.
   */
  public List<StoredEntity> updateMatching(
      ApplicationRef app,
      CollectionName collection,
      String ql,
      int limit,
      JsonNode body,
      WriteOptions options) {
    String alias = collection.alias();
    JsonNode name = EntityDocuments.userProperties(body, collection).get(alias);
    if (name != null && !name.isNull()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "An update by query cannot set '" + alias + "': it is unique within a collection");
    }
    List<StoredEntity> selected = queries.query(app, collection, ql, limit, null).entities();
    return forEach(
        selected,
        entity -> entities.update(app, collection, entity.uuid().toString(), body, options));
  }

  /**
   * Deletes every entity the query selects (at most {@code limit}); returns them as they were.
   * Without a query nothing is deleted and the request is refused (405, as Usergrid refuses a
   * collection delete): a client that dropped its query, or a {@code DELETE} sent to the collection
   * instead of one entity, must not cost the newest entities of the collection. {@code select *}
   * deletes the newest, as asked.
   */
  public List<StoredEntity> deleteMatching(
      ApplicationRef app, CollectionName collection, String ql, int limit, WriteOptions options) {
    if (ql == null || ql.isBlank()) {
      throw new MeridianException(
          ErrorCode.METHOD_NOT_ALLOWED,
          "A collection cannot be deleted: send a query (ql) to delete the entities it selects,"
              + " or DELETE one entity by its uuid or name");
    }
    List<StoredEntity> selected = queries.query(app, collection, ql, limit, null).entities();
    return forEach(
        selected, entity -> entities.delete(app, collection, entity.uuid().toString(), options));
  }

  private List<StoredEntity> forEach(
      List<StoredEntity> selected, Function<StoredEntity, StoredEntity> write) {
    // All submitted at once: the executor's size bounds how many run.
    return Concurrently.map(
            selected,
            Math.max(1, selected.size()),
            entity -> CompletableFuture.supplyAsync(() -> unlessGone(write, entity), executor))
        .stream()
        .filter(Objects::nonNull)
        .toList();
  }

  /** An entity deleted since the query selected it is simply no longer part of the operation. */
  private static StoredEntity unlessGone(
      Function<StoredEntity, StoredEntity> write, StoredEntity entity) {
    try {
      return write.apply(entity);
    } catch (MeridianException e) {
      if (e.code() == ErrorCode.ENTITY_NOT_FOUND) {
        return null;
      }
      throw e;
    }
  }
}
