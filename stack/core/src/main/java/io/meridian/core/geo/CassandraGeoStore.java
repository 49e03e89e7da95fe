package io.meridian.core.geo;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.meridian.core.common.CassandraRows;
import io.meridian.core.common.Concurrently;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;

/** {@code geo_collections}, {@code geo_fences} and {@code collection_settings}. */
public final class CassandraGeoStore implements GeoStore {
  static final int SHARDS = 64;

  private final CqlSession session;
  private final PreparedStatement selectCollections;
  private final PreparedStatement insertCollection;
  private final PreparedStatement deleteCollection;
  private final PreparedStatement insertFence;
  private final PreparedStatement deleteFence;
  private final PreparedStatement selectFences;
  private final PreparedStatement selectSettings;
  private final PreparedStatement updateSettings;

  public CassandraGeoStore(CqlSession session) {
    this.session = session;
    this.selectCollections =
        session.prepare("SELECT app_id, collection FROM geo_collections WHERE kind = ?");
    this.insertCollection =
        session.prepare("INSERT INTO geo_collections (kind, app_id, collection) VALUES (?, ?, ?)");
    this.deleteCollection =
        session.prepare(
            "DELETE FROM geo_collections WHERE kind = ? AND app_id = ? AND collection = ?");
    this.insertFence =
        session.prepare(
            "INSERT INTO geo_fences (app_id, collection, shard, uuid) VALUES (?, ?, ?, ?)");
    this.deleteFence =
        session.prepare(
            "DELETE FROM geo_fences WHERE app_id = ? AND collection = ? AND shard = ? AND uuid = ?");
    this.selectFences =
        session.prepare(
            "SELECT uuid FROM geo_fences WHERE app_id = ? AND collection = ? AND shard = ?");
    this.selectSettings =
        session.prepare(
            "SELECT geo_hot FROM collection_settings WHERE app_id = ? AND collection = ?");
    this.updateSettings =
        session.prepare(
            "UPDATE collection_settings SET geo_hot = ? WHERE app_id = ? AND collection = ?");
  }

  @Override
  public List<GeoCollection> collections() {
    List<GeoCollection> collections = new ArrayList<>();
    for (Kind kind : Kind.values()) {
      for (Row row : session.execute(selectCollections.bind(kind.name()))) {
        collections.add(
            new GeoCollection(kind, row.getUuid("app_id"), row.getString("collection")));
      }
    }
    return collections;
  }

  @Override
  public void addCollection(Kind kind, UUID applicationId, String collection) {
    session.execute(insertCollection.bind(kind.name(), applicationId, collection));
  }

  @Override
  public void removeCollection(Kind kind, UUID applicationId, String collection) {
    session.execute(deleteCollection.bind(kind.name(), applicationId, collection));
  }

  @Override
  public void registerFences(UUID applicationId, String collection, Collection<UUID> entityIds) {
    Concurrently.map(
        List.copyOf(entityIds),
        Concurrently.DEFAULT_WINDOW,
        uuid ->
            session.executeAsync(insertFence.bind(applicationId, collection, shardOf(uuid), uuid)));
  }

  @Override
  public void unregisterFence(UUID applicationId, String collection, UUID entityId) {
    session.execute(deleteFence.bind(applicationId, collection, shardOf(entityId), entityId));
  }

  @Override
  public List<UUID> fences(UUID applicationId, String collection) {
    List<List<UUID>> shards =
        Concurrently.map(
            IntStream.range(0, SHARDS).boxed().toList(),
            SHARDS,
            shard ->
                session
                    .executeAsync(selectFences.bind(applicationId, collection, shard))
                    .thenCompose(page -> CassandraRows.all(page, row -> row.getUuid("uuid"))));
    List<UUID> fences = new ArrayList<>();
    shards.forEach(fences::addAll);
    return fences;
  }

  @Override
  public boolean geoHot(UUID applicationId, String collection) {
    Row row = session.execute(selectSettings.bind(applicationId, collection)).one();
    return row != null && row.getBoolean("geo_hot");
  }

  @Override
  public void setGeoHot(UUID applicationId, String collection, boolean hot) {
    session.execute(updateSettings.bind(hot, applicationId, collection));
  }

  private static int shardOf(UUID uuid) {
    return Math.floorMod(uuid.hashCode(), SHARDS);
  }
}
