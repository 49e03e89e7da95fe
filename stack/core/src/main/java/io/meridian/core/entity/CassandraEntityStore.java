package io.meridian.core.entity;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.meridian.core.common.Concurrently;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Entities in one partition each, written with their version as the write time so that Cassandra's
 * last-write-wins and the index's external versions agree on which write is newest.
 */
public final class CassandraEntityStore implements EntityStore {
  private final CqlSession session;
  private final PreparedStatement select;
  private final PreparedStatement insert;
  private final PreparedStatement delete;
  private final PreparedStatement selectName;
  private final PreparedStatement claimName;
  private final PreparedStatement takeOverName;
  private final PreparedStatement releaseName;

  public CassandraEntityStore(CqlSession session) {
    this.session = session;
    this.select =
        session.prepare(
            "SELECT uuid, collection, name, version, created, body FROM entities"
                + " WHERE app_id = ? AND uuid = ?");
    this.insert =
        session.prepare(
            "INSERT INTO entities (app_id, uuid, collection, name, created, modified, version,"
                + " body) VALUES (?, ?, ?, ?, ?, ?, ?, ?) USING TIMESTAMP ?");
    this.delete =
        session.prepare("DELETE FROM entities USING TIMESTAMP ? WHERE app_id = ? AND uuid = ?");
    this.selectName =
        session.prepare(
            "SELECT uuid, writetime(uuid) AS claimed FROM unique_names"
                + " WHERE app_id = ? AND collection = ? AND name = ?");
    this.claimName =
        session.prepare(
            "INSERT INTO unique_names (app_id, collection, name, uuid) VALUES (?, ?, ?, ?)"
                + " IF NOT EXISTS");
    this.takeOverName =
        session.prepare(
            "UPDATE unique_names SET uuid = ? WHERE app_id = ? AND collection = ? AND name = ?"
                + " IF uuid = ?");
    this.releaseName =
        session.prepare(
            "DELETE FROM unique_names WHERE app_id = ? AND collection = ? AND name = ? IF uuid = ?");
  }

  @Override
  public Optional<StoredEntity> load(UUID applicationId, UUID uuid) {
    return Optional.ofNullable(session.execute(select.bind(applicationId, uuid)).one())
        .map(CassandraEntityStore::toEntity);
  }

  @Override
  public Map<UUID, StoredEntity> loadAll(UUID applicationId, Collection<UUID> uuids) {
    List<Row> rows =
        Concurrently.map(
            List.copyOf(uuids),
            Concurrently.DEFAULT_WINDOW,
            uuid ->
                session
                    .executeAsync(select.bind(applicationId, uuid))
                    .thenApply(AsyncResultSet::one));
    Map<UUID, StoredEntity> found = new HashMap<>();
    for (Row row : rows) {
      if (row != null) {
        StoredEntity entity = toEntity(row);
        found.put(entity.uuid(), entity);
      }
    }
    return found;
  }

  @Override
  public void save(UUID applicationId, StoredEntity entity) {
    session.execute(bindInsert(applicationId, entity));
  }

  @Override
  public void saveAll(UUID applicationId, List<StoredEntity> entities) {
    Concurrently.map(
        entities,
        Concurrently.DEFAULT_WINDOW,
        entity -> session.executeAsync(bindInsert(applicationId, entity)));
  }

  private BoundStatement bindInsert(UUID applicationId, StoredEntity entity) {
    return insert.bind(
        applicationId,
        entity.uuid(),
        entity.collection(),
        entity.name(),
        entity.created(),
        entity.version() / 1000,
        entity.version(),
        entity.json(),
        entity.version());
  }

  @Override
  public void delete(UUID applicationId, StoredEntity entity, long version) {
    session.execute(delete.bind(version, applicationId, entity.uuid()));
  }

  @Override
  public List<UUID> list(UUID applicationId, String collection, Optional<UUID> after, int limit) {
    throw new UnsupportedOperationException("not yet");
  }

  @Override
  public List<String> collections(UUID applicationId) {
    throw new UnsupportedOperationException("not yet");
  }

  @Override
  public Optional<NameHolder> nameHolder(UUID applicationId, String collection, String name) {
    Row row = session.execute(selectName.bind(applicationId, collection, key(name))).one();
    return Optional.ofNullable(row)
        .map(r -> new NameHolder(r.getUuid("uuid"), r.getLong("claimed")));
  }

  @Override
  public boolean claimName(UUID applicationId, String collection, String name, UUID uuid) {
    return session
        .execute(lwt(claimName.bind(applicationId, collection, key(name), uuid)))
        .wasApplied();
  }

  @Override
  public List<Boolean> claimNames(UUID applicationId, String collection, List<NameClaim> claims) {
    return Concurrently.map(
        claims,
        Concurrently.DEFAULT_WINDOW,
        claim ->
            session
                .executeAsync(
                    lwt(claimName.bind(applicationId, collection, key(claim.name()), claim.uuid())))
                .thenApply(AsyncResultSet::wasApplied));
  }

  @Override
  public boolean takeOverName(
      UUID applicationId, String collection, String name, UUID expectedHolder, UUID uuid) {
    return session
        .execute(lwt(takeOverName.bind(uuid, applicationId, collection, key(name), expectedHolder)))
        .wasApplied();
  }

  @Override
  public void releaseName(UUID applicationId, String collection, String name, UUID holder) {
    session.execute(lwt(releaseName.bind(applicationId, collection, key(name), holder)));
  }

  private static BoundStatement lwt(BoundStatement statement) {
    return statement.setSerialConsistencyLevel(ConsistencyLevel.SERIAL);
  }

  private static String key(String name) {
    return name.toLowerCase(Locale.ROOT);
  }

  private static StoredEntity toEntity(Row row) {
    return new StoredEntity(
        row.getUuid("uuid"),
        row.getString("collection"),
        row.getString("name"),
        row.getLong("version"),
        row.getLong("created"),
        row.getString("body"));
  }
}
