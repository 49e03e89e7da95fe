package io.meridian.core.entity;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.meridian.core.common.Concurrently;
import io.meridian.core.common.TimeUuids;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Collection listings: one row per entity in {@code collection_entities}, one partition per
 * collection and UTC day of the uuid's time, newest first, written with the entity's version as
 * write time so that a replayed write older than a delete cannot bring a row back. A day is
 * registered in {@code collection_buckets} before its first row is written; each node remembers
 * what it registered, so that costs one extra write per collection per day per node.
 */
final class CassandraCollectionListing {
  static final long BUCKET_MILLIS = Duration.ofDays(1).toMillis();

  /** Buckets fetched at a time while listing: most pages end within the first few days. */
  private static final int BUCKET_PAGE_SIZE = 8;

  private final CqlSession session;
  private final Cache<ListingBucket, Boolean> registeredBuckets =
      Caffeine.newBuilder().maximumSize(100_000).build();
  private final PreparedStatement insertListing;
  private final PreparedStatement deleteListing;
  private final PreparedStatement registerBucket;
  private final PreparedStatement selectBuckets;
  private final PreparedStatement selectListing;
  private final PreparedStatement selectListingBefore;
  private final PreparedStatement selectCollections;
  private final PreparedStatement selectAnyBucket;

  /**
   * Collections known to exist. A collection never stops existing (its registry rows are never
   * deleted), so a positive answer is kept for good; only the first check per node reads.
   */
  private final Cache<CollectionKey, Boolean> knownCollections =
      Caffeine.newBuilder().maximumSize(100_000).build();

  CassandraCollectionListing(CqlSession session) {
    this.session = session;
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
    this.selectAnyBucket =
        session.prepare(
            "SELECT bucket FROM collection_buckets WHERE app_id = ? AND collection = ? LIMIT 1");
  }

  /** The listing row of an entity, to write along with the entity's row. */
  BoundStatement insert(UUID applicationId, StoredEntity entity) {
    return insertListing.bind(
        applicationId,
        entity.collection(),
        bucketOf(entity.uuid()),
        entity.uuid(),
        entity.version());
  }

  /** Removes an entity's listing row as of {@code version}. */
  BoundStatement delete(UUID applicationId, StoredEntity entity, long version) {
    return deleteListing.bind(
        version, applicationId, entity.collection(), bucketOf(entity.uuid()), entity.uuid());
  }

  /**
   * A listing row is only found through its registered bucket, so the bucket is written (and
   * remembered) before any row in it.
   */
  void register(UUID applicationId, List<StoredEntity> entities) {
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

  /**
   * Walks the collection's registered days from the one holding {@code after} (or the newest)
   * backwards, reading each with the page's remaining size as limit: a day that returns fewer rows
   * than asked is exhausted, and a day whose entities were all deleted simply returns none.
   */
  List<UUID> list(UUID applicationId, String collection, Optional<UUID> after, int limit) {
    List<UUID> page = new ArrayList<>();
    if (limit <= 0) {
      return page;
    }
    long firstBucket = after.map(CassandraCollectionListing::bucketOf).orElse(Long.MAX_VALUE);
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

  List<String> collections(UUID applicationId) {
    List<String> collections = new ArrayList<>();
    for (Row row : session.execute(selectCollections.bind(applicationId))) {
      collections.add(row.getString("collection"));
    }
    return collections;
  }

  boolean exists(UUID applicationId, String collection) {
    CollectionKey key = new CollectionKey(applicationId, collection);
    if (knownCollections.getIfPresent(key) != null) {
      return true;
    }
    boolean exists = session.execute(selectAnyBucket.bind(applicationId, collection)).one() != null;
    if (exists) {
      knownCollections.put(key, Boolean.TRUE);
    }
    return exists;
  }

  /** The listing bucket of an entity: the UTC day of its uuid's time. */
  static long bucketOf(UUID uuid) {
    return Math.floorDiv(TimeUuids.millis(uuid), BUCKET_MILLIS);
  }

  private record ListingBucket(UUID applicationId, String collection, long day) {}

  private record CollectionKey(UUID applicationId, String collection) {}
}
