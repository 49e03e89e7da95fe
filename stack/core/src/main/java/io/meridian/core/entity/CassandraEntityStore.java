package io.meridian.core.entity;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.type.reflect.GenericType;
import io.meridian.core.common.CassandraRows;
import io.meridian.core.common.Concurrently;
import io.meridian.core.common.TimeUuids;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Entities in one partition each, written with their version as the write time so that Cassandra's
 * last-write-wins and the index's external versions agree on which write is newest.
 *
 * <p>Every write also writes the entity's row in its collection's listing ({@link
 * CassandraCollectionListing}) with the same write time, in the same round trip.
 *
 * <p>Unique names are claimed in their own table ({@link CassandraUniqueNames}).
 *
 * <p>Writes set only the entity's own columns: the {@code connections} and {@code connecting} verb
 * sets, which the connection store maintains, survive updates and deletes (the connection store
 * needs them to clean up after a deleted entity). A row whose body is gone is a deleted entity,
 * whatever sets are left on it.
 */
public final class CassandraEntityStore implements EntityStore {
  /** Partitions per multi-partition read: a page of up to 1,000 hits is ten requests. */
  static final int KEYS_PER_READ = 100;

  /**
   * Built once: {@code GenericType.setOf} reflects over type tokens on every call, which a profile
   * of GET by uuid measured at 5% of the server's CPU when it ran for every row read.
   */
  private static final GenericType<Set<String>> SET_OF_TEXT = GenericType.setOf(String.class);

  // Columns of `select`, by position: reading a row by index skips the driver's name lookup.
  private static final int UUID_COLUMN = 0;
  private static final int COLLECTION_COLUMN = 1;
  private static final int NAME_COLUMN = 2;
  private static final int VERSION_COLUMN = 3;
  private static final int CREATED_COLUMN = 4;
  private static final int BODY_COLUMN = 5;
  private static final int CONNECTIONS_COLUMN = 6;
  private static final int CONNECTING_COLUMN = 7;

  private final CqlSession session;
  private final CassandraCollectionListing listing;
  private final PreparedStatement select;
  private final PreparedStatement selectMany;
  private final PreparedStatement upsert;
  private final PreparedStatement delete;
  private final CassandraUniqueNames names;

  public CassandraEntityStore(CqlSession session) {
    this.session = session;
    this.listing = new CassandraCollectionListing(session);
    this.select =
        session.prepare(
            "SELECT uuid, collection, name, version, created, body, connections, connecting"
                + " FROM entities WHERE app_id = ? AND uuid = ?");
    this.selectMany =
        session.prepare(
            "SELECT uuid, collection, name, version, created, body, connections, connecting"
                + " FROM entities WHERE app_id = ? AND uuid IN ?");
    // UPDATE, not INSERT: no row marker, so a deleted entity leaves no live row behind.
    this.upsert =
        session.prepare(
            "UPDATE entities USING TIMESTAMP ? SET collection = ?, name = ?, created = ?,"
                + " modified = ?, version = ?, body = ? WHERE app_id = ? AND uuid = ?");
    this.delete =
        session.prepare(
            "DELETE collection, name, created, modified, version, body FROM entities"
                + " USING TIMESTAMP ? WHERE app_id = ? AND uuid = ?");
    this.names = new CassandraUniqueNames(session);
  }

  @Override
  public Optional<StoredEntity> load(UUID applicationId, UUID uuid) {
    if (!TimeUuids.isTimeBased(uuid)) {
      return Optional.empty(); // every entity has a v1 uuid; the column cannot even hold another
    }
    return toEntity(session.execute(select.bind(applicationId, uuid)).one());
  }

  /**
   * Reads the entities in one multi-partition request per replica group: the keys are grouped by
   * the replicas that own them (token-aware), at most {@link #KEYS_PER_READ} to a request, and each
   * request goes to a replica of its group. One request for a page of 25 entities costs Cassandra
   * far less than 25 single-partition requests (one protocol frame, one statement execution), and a
   * coordinator that owns every key reads them all locally. Without a token map (no metadata yet)
   * the keys form one group and the driver picks the coordinator.
   */
  @Override
  public Map<UUID, StoredEntity> loadAll(UUID applicationId, Collection<UUID> uuids) {
    List<UUID> keys = uuids.stream().filter(TimeUuids::isTimeBased).distinct().toList();
    if (keys.size() == 1) {
      Map<UUID, StoredEntity> found = new HashMap<>();
      load(applicationId, keys.get(0)).ifPresent(entity -> found.put(entity.uuid(), entity));
      return found;
    }
    List<BoundStatement> reads = new ArrayList<>();
    for (ReplicaGroup group : byReplicas(applicationId, keys)) {
      List<UUID> members = group.keys();
      for (int start = 0; start < members.size(); start += KEYS_PER_READ) {
        List<UUID> chunk = members.subList(start, Math.min(members.size(), start + KEYS_PER_READ));
        reads.add(selectMany.bind(applicationId, chunk).setRoutingKey(group.routing()));
      }
    }
    // Every page of each result is read, though an IN of 100 keys fits one page of 5,000 rows.
    List<List<Row>> pages =
        Concurrently.map(
            reads,
            Concurrently.DEFAULT_WINDOW,
            read ->
                session
                    .executeAsync(read)
                    .thenCompose(page -> CassandraRows.all(page, row -> row)));
    Map<UUID, StoredEntity> found = new HashMap<>();
    for (List<Row> rows : pages) {
      for (Row row : rows) {
        toEntity(row).ifPresent(entity -> found.put(entity.uuid(), entity));
      }
    }
    return found;
  }

  /** Keys owned by the same replicas, and the routing key of one of them (it routes them all). */
  private record ReplicaGroup(ByteBuffer routing, List<UUID> keys) {}

  /**
   * Keys grouped by the replicas that own their partition, in the order first seen; one group when
   * the driver has no token map.
   */
  private Collection<ReplicaGroup> byReplicas(UUID applicationId, List<UUID> keys) {
    Map<Object, ReplicaGroup> groups = new LinkedHashMap<>();
    Optional<TokenMap> tokens = session.getMetadata().getTokenMap();
    Optional<CqlIdentifier> keyspace = session.getKeyspace();
    for (UUID key : keys) {
      ByteBuffer routing = select.bind(applicationId, key).getRoutingKey();
      Object replicas =
          tokens.isPresent() && keyspace.isPresent()
              ? tokens.get().getReplicas(keyspace.get(), routing)
              : Set.of();
      groups
          .computeIfAbsent(replicas, any -> new ReplicaGroup(routing, new ArrayList<>()))
          .keys()
          .add(key);
    }
    return groups.values();
  }

  @Override
  public void save(UUID applicationId, StoredEntity entity) {
    saveAll(applicationId, List.of(entity));
  }

  /** Registers new listing buckets first, then writes every entity row and listing row at once. */
  @Override
  public void saveAll(UUID applicationId, List<StoredEntity> entities) {
    listing.register(applicationId, entities);
    List<BoundStatement> writes = new ArrayList<>(entities.size() * 2);
    for (StoredEntity entity : entities) {
      writes.add(bindUpsert(applicationId, entity));
      writes.add(listing.insert(applicationId, entity));
    }
    Concurrently.map(writes, Concurrently.DEFAULT_WINDOW, session::executeAsync);
  }

  @Override
  public void relist(UUID applicationId, List<StoredEntity> entities) {
    listing.register(applicationId, entities);
    Concurrently.map(
        entities.stream().map(entity -> listing.insert(applicationId, entity)).toList(),
        Concurrently.DEFAULT_WINDOW,
        session::executeAsync);
  }

  private BoundStatement bindUpsert(UUID applicationId, StoredEntity entity) {
    return upsert.bind(
        entity.version(),
        entity.collection(),
        entity.name(),
        entity.created(),
        entity.version() / 1000,
        entity.version(),
        entity.json(),
        applicationId,
        entity.uuid());
  }

  @Override
  public void delete(UUID applicationId, StoredEntity entity, long version) {
    Concurrently.map(
        List.of(
            delete.bind(version, applicationId, entity.uuid()),
            listing.delete(applicationId, entity, version)),
        Concurrently.DEFAULT_WINDOW,
        session::executeAsync);
  }

  @Override
  public List<UUID> list(UUID applicationId, String collection, Optional<UUID> after, int limit) {
    return listing.list(applicationId, collection, after, limit);
  }

  @Override
  public List<String> collections(UUID applicationId) {
    return listing.collections(applicationId);
  }

  @Override
  public boolean hasCollection(UUID applicationId, String collection) {
    return listing.exists(applicationId, collection);
  }

  @Override
  public Optional<NameHolder> nameHolder(UUID applicationId, String collection, String name) {
    return names.holder(applicationId, collection, name);
  }

  @Override
  public boolean claimName(UUID applicationId, String collection, String name, UUID uuid) {
    return names.claim(applicationId, collection, name, uuid);
  }

  @Override
  public List<Boolean> claimNames(UUID applicationId, String collection, List<NameClaim> claims) {
    return names.claimAll(applicationId, collection, claims);
  }

  @Override
  public boolean takeOverName(
      UUID applicationId, String collection, String name, UUID expectedHolder, UUID uuid) {
    return names.takeOver(applicationId, collection, name, expectedHolder, uuid);
  }

  @Override
  public void releaseName(UUID applicationId, String collection, String name, UUID holder) {
    names.release(applicationId, collection, name, holder);
  }

  /**
   * The entity of a row, absent when there is no row or only connection verbs are left on it (the
   * entity was deleted). The verbs are rendered into the JSON's metadata.
   */
  private static Optional<StoredEntity> toEntity(Row row) {
    if (row == null || row.isNull(BODY_COLUMN)) {
      return Optional.empty();
    }
    UUID uuid = row.getUuid(UUID_COLUMN);
    String collection = row.getString(COLLECTION_COLUMN);
    String json =
        EntityDocuments.withConnectionMetadata(
            row.getString(BODY_COLUMN),
            collection,
            uuid,
            verbs(row, CONNECTIONS_COLUMN),
            verbs(row, CONNECTING_COLUMN));
    return Optional.of(
        new StoredEntity(
            uuid,
            collection,
            row.getString(NAME_COLUMN),
            row.getLong(VERSION_COLUMN),
            row.getLong(CREATED_COLUMN),
            json));
  }

  /** A verb set; a null cell (no verbs, the common case) is read without decoding anything. */
  private static Set<String> verbs(Row row, int column) {
    return row.isNull(column) ? Set.of() : row.get(column, SET_OF_TEXT);
  }
}
