package io.meridian.core.entity;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.index.EntityIndex;
import io.meridian.core.index.IndexQuery;
import io.meridian.core.index.SearchHits;
import io.meridian.core.query.QueryLanguage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Queries: the index says which entities match, Cassandra supplies them. Hits whose entity is gone
 * or moved to another collection are dropped, so a query never returns a deleted entity, and the
 * entity returned is always the current version even if the index lags behind it.
 */
public final class EntityQueries {
  public static final int DEFAULT_LIMIT = 10;
  public static final int MAX_LIMIT = 1000;

  private final EntityStore store;
  private final EntityIndex index;
  private final QueryLanguage language;

  public EntityQueries(EntityStore store, EntityIndex index, QueryLanguage language) {
    this.store = store;
    this.index = index;
    this.language = language;
  }

  public List<StoredEntity> query(
      ApplicationRef app, CollectionName collection, String ql, int limit) {
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "limit must be between 1 and " + MAX_LIMIT + ", got " + limit);
    }
    SearchHits hits =
        index.search(IndexQuery.of(app.id(), collection.plural(), language.compile(ql), limit));
    List<UUID> uuids = hits.hits().stream().map(SearchHits.Hit::entityId).toList();
    Map<UUID, StoredEntity> loaded = store.loadAll(app.id(), uuids);
    List<StoredEntity> result = new ArrayList<>(uuids.size());
    for (UUID uuid : uuids) {
      StoredEntity entity = loaded.get(uuid);
      if (entity != null && entity.collection().equals(collection.plural())) {
        result.add(entity);
      }
    }
    return result;
  }
}
