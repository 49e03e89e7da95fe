package io.meridian.core.entity;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.meridian.core.common.Concurrently;
import io.meridian.core.common.TimeUuids;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Entities in one partition each, written with their version as the write time so that Cassandra's
 * last-write-wins and the index's external versions agree on which write is newest.
 *
 * <p>Every write also writes the entity's row in its collection's listing ({@code
 * collection_entities}, one partition per collection and UTC day of the uuid's time) with the same
 * write time, so a replayed write older than a delete cannot bring the listing row back either. A
 * day is registered in {@code collection_buckets} before its first listing row is written; each
 * node remembers what it registered, so that costs one extra write per collection per day per node.
 *
 * <p>Writes set only the entity's own columns: the {@code connections} and {@code connecting} verb
 * sets, which the connection store maintains, survive updates and deletes (the connection store
 * needs them to clean up after a deleted entity). A row whose body is gone is a deleted entity,
 * whatever sets are left on it.
 */
public final class CassandraEntityStore implements EntityStore {
  static final long BUCKET_MILLIS = Duration.ofDays(1).toMillis();

  /** Buckets fetched at a time while listing: most pages end within the first few days. */
  private static final int BUCKET_PAGE_SIZE = 8;

  private final CqlSession session;
  private final Cache<ListingBucket, Boolean> registeredBuckets =
      Caffeine.newBuilder().maximumSize(100_000).build();
  private final PreparedStatement select;
  private final PreparedStatement upsert;
  private final PreparedStatement delete;
  private final PreparedStatement insertListing;
  private final PreparedStatement deleteListing;
  private final PreparedStatement registerBucket;
  private final PreparedStatement selectBuckets;
  private final PreparedStatement selectListing;
  private final PreparedStatement selectListingBefore;
  private final PreparedStatement selectCollections;
  private final PreparedStatement selectName;
  private final PreparedStatement claimName;
  private final PreparedStatement takeOverName;
  private final PreparedStatement releaseName;

  public CassandraEntityStore(CqlSession session) {
    this.session = session;
    this.select =
        session.prepare(
            "SELECT uuid, collection, name, version, created, body, connections, connecting"
                + " FROM entities WHERE app_id = ? AND uuid = ?");
    // UPDATE, not INSERT: no row marker, so a deleted entity leaves no live row behind.
    this.upsert =
        session.prepare(
            "UPDATE entities USING TIMESTAMP ? SET collection = ?, name = ?, created = ?,"
                + " modified = ?, version = ?, body = ? WHERE app_id = ? AND uuid = ?");
    this.delete =
        session.prepare(
            "DELETE collection, name, created, modified, version, body FROM entities"
                + " USING TIMESTAMP ? WHERE app_id = ? AND uuid = ?");
    this.insertListing =
        session.prepare(
            "INSERT INTO collection_entities (app_id, collection, bucket, uuid)"
                + " VALUES (?, ?, ?, ?) USING TIMESTAMP ?");
    this.deleteListing =
        session.prepare(
            "DELETE FROM collection_entities USING TIMESTAMP ?"
                + " WHERE app_id = ? AND collection = ? AND bucket = ? AND uuid = ?");
    this.registerBucket =
        session.prepare(
            "INSERT INTO collection_buckets (app_id, collection, bucket) VALUES (?, ?, ?)");
    this.selectBuckets =
        session.prepare(
            "SELECT bucket FROM collection_buckets"
                + " WHERE app_id = ? AND collection = ? AND bucket <= ?");
    this.selectListing =
        session.prepare(
            "SELECT uuid FROM collection_entities"
                + " WHERE app_id = ? AND collection = ? AND bucket = ? LIMIT ?");
    this.selectListingBefore =
        session.prepare(
            "SELECT uuid FROM collection_entities"
                + " WHERE app_id = ? AND collection = ? AND bucket = ? AND uuid < ? LIMIT ?");
    this.selectCollections =
        session.prepare(
            "SELECT collection FROM collection_buckets WHERE app_id = ? GROUP BY collection");
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
    if (!TimeUuids.isTimeBased(uuid)) {
      return Optional.empty(); // every entity has a v1 uuid; the column cannot even hold another
    }
    return toEntity(session.execute(select.bind(applicationId, uuid)).one());
  }

  @Override
  public Map<UUID, StoredEntity> loadAll(UUID applicationId, Collection<UUID> uuids) {
    List<Row> rows =
        Concurrently.map(
            uuids.stream().filter(TimeUuids::isTimeBased).toList(),
            Concurrently.DEFAULT_WINDOW,
            uuid ->
                session
                    .executeAsync(select.bind(applicationId, uuid))
                    .thenApply(AsyncResultSet::one));
    Map<UUID, StoredEntity> found = new HashMap<>();
    for (Row row : rows) {
      toEntity(row).ifPresent(entity -> found.put(entity.uuid(), entity));
    }
    return found;
  }

  @Override
  public void save(UUID applicationId, StoredEntity entity) {
    saveAll(applicationId, List.of(entity));
  }

  /** Registers new listing buckets first, then writes every entity row and listing row at once. */
  @Override
  public void saveAll(UUID applicationId, List<StoredEntity> entities) {
    registerBuckets(applicationId, entities);
    List<BoundStatement> writes = new ArrayList<>(entities.size() * 2);
    for (StoredEntity entity : entities) {
      writes.add(bindUpsert(applicationId, entity));
      writes.add(bindListing(applicationId, entity));
    }
    Concurrently.map(writes, Concurrently.DEFAULT_WINDOW, session::executeAsync);
  }

  @Override
  public void relist(UUID applicationId, List<StoredEntity> entities) {
    registerBuckets(applicationId, entities);
    Concurrently.map(
        entities.stream().map(entity -> bindListing(applicationId, entity)).toList(),
        Concurrently.DEFAULT_WINDOW,
        session::executeAsync);
  }

  private BoundStatement bindListing(UUID applicationId, StoredEntity entity) {
    return insertListing.bind(
        applicationId,
        entity.collection(),
        bucketOf(entity.uuid()),
        entity.uuid(),
        entity.version());
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

  /**
   * A listing row is only found through its registered bucket, so the bucket is written (and
   * remembered) before any row in it.
   */
  private void registerBuckets(UUID applicationId, List<StoredEntity> entities) {
    Set<ListingBucket> missing = new LinkedHashSet<>();
    for (StoredEntity entity : entities) {
      ListingBucket bucket =
          new ListingBucket(applicationId, entity.collection(), bucketOf(entity.uuid()));
      if (registeredBuckets.getIfPresent(bucket) == null) {
        missing.add(bucket);
      }
    }
    if (missing.isEmpty()) {
      return;
    }
    Concurrently.map(
        List.copyOf(missing),
        Concurrently.DEFAULT_WINDOW,
        bucket ->
            session
                .executeAsync(
                    registerBucket.bind(bucket.applicationId(), bucket.collection(), bucket.day()))
                .thenAccept(done -> registeredBuckets.put(bucket, Boolean.TRUE)));
  }

  @Override
  public void delete(UUID applicationId, StoredEntity entity, long version) {
    Concurrently.map(
        List.of(
            delete.bind(version, applicationId, entity.uuid()),
            deleteListing.bind(
                version,
                applicationId,
                entity.collection(),
                bucketOf(entity.uuid()),
                entity.uuid())),
        Concurrently.DEFAULT_WINDOW,
        session::executeAsync);
  }

  /**
   * Walks the collection's registered days from the one holding {@code after} (or the newest)
   * backwards, reading each with the page's remaining size as limit: a day that returns fewer rows
   * than asked is exhausted, and a day whose entities were all deleted simply returns none.
   */
  @Override
  public List<UUID> list(UUID applicationId, String collection, Optional<UUID> after, int limit) {
    List<UUID> page = new ArrayList<>();
    if (limit <= 0) {
      return page;
    }
    long firstBucket = after.map(CassandraEntityStore::bucketOf).orElse(Long.MAX_VALUE);
    BoundStatement buckets =
        selectBuckets.bind(applicationId, collection, firstBucket).setPageSize(BUCKET_PAGE_SIZE);
    for (Row bucketRow : session.execute(buckets)) {
      long bucket = bucketRow.getLong("bucket");
      int remaining = limit - page.size();
      BoundStatement read =
          after.isPresent() && bucket == firstBucket
              ? selectListingBefore.bind(applicationId, collection, bucket, after.get(), remaining)
              : selectListing.bind(applicationId, collection, bucket, remaining);
      for (Row row : session.execute(read)) {
        page.add(row.getUuid("uuid"));
      }
      if (page.size() >= limit) {
        break;
      }
    }
    return page;
  }

  @Override
  public List<String> collections(UUID applicationId) {
    List<String> collections = new ArrayList<>();
    for (Row row : session.execute(selectCollections.bind(applicationId))) {
      collections.add(row.getString("collection"));
    }
    return collections;
  }

  /** The listing bucket of an entity: the UTC day of its uuid's time. */
  static long bucketOf(UUID uuid) {
    return Math.floorDiv(TimeUuids.millis(uuid), BUCKET_MILLIS);
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

  /**
   * The entity of a row, absent when there is no row or only connection verbs are left on it (the
   * entity was deleted). The verbs are rendered into the JSON's metadata.
   */
  private static Optional<StoredEntity> toEntity(Row row) {
    if (row == null || row.isNull("body")) {
      return Optional.empty();
    }
    UUID uuid = row.getUuid("uuid");
    String collection = row.getString("collection");
    String json =
        EntityDocuments.withConnectionMetadata(
            row.getString("body"),
            collection,
            uuid,
            row.getSet("connections", String.class),
            row.getSet("connecting", String.class));
    return Optional.of(
        new StoredEntity(
            uuid,
            collection,
            row.getString("name"),
            row.getLong("version"),
            row.getLong("created"),
            json));
  }

  private record ListingBucket(UUID applicationId, String collection, long day) {}
}
