package io.meridian.core.entity;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Persistence of entities and of the unique names within a collection. */
public interface EntityStore {

  Optional<StoredEntity> load(UUID applicationId, UUID uuid);

  /** Loads many entities concurrently; missing ones are absent from the result. */
  Map<UUID, StoredEntity> loadAll(UUID applicationId, Collection<UUID> uuids);

  /** Writes the entity with its version as the write time: a newer version always wins. */
  void save(UUID applicationId, StoredEntity entity);

  /** Writes entities concurrently, as {@link #save} each; returns once all are written. */
  void saveAll(UUID applicationId, List<StoredEntity> entities);

  /**
   * Deletes the entity as of {@code version} (and its place in its collection's listing): writes
   * older than that can never bring it back.
   */
  void delete(UUID applicationId, StoredEntity entity, long version);

  /**
   * A page of a collection's listing, newest entity first (by the time in its v1 uuid): at most
   * {@code limit} uuids, all strictly older than {@code after} when given. Fewer than {@code limit}
   * means the listing is exhausted. The listing is written with the entity, so it reflects every
   * acknowledged write.
   */
  List<UUID> list(UUID applicationId, String collection, Optional<UUID> after, int limit);

  /**
   * Writes the entities' listing rows again (idempotent, at each entity's version): for a repairer
   * finishing a write that stopped between the entity row and its listing row.
   */
  void relist(UUID applicationId, List<StoredEntity> entities);

  /** The collections of an application that ever held an entity, in name order. */
  List<String> collections(UUID applicationId);

  /** Whether the collection ever held an entity; cheap to ask again once true. */
  boolean hasCollection(UUID applicationId, String collection);

  /** Who holds a name in a collection (names compare case-insensitively), if anyone. */
  Optional<NameHolder> nameHolder(UUID applicationId, String collection, String name);

  /**
   * Claims a name for an entity. Of concurrent claims on any node exactly one succeeds.
   *
   * @return whether {@code uuid} now holds the name
   */
  boolean claimName(UUID applicationId, String collection, String name, UUID uuid);

  /**
   * Claims names concurrently, as {@link #claimName} each.
   *
   * @return for each claim, in order, whether it succeeded
   */
  List<Boolean> claimNames(UUID applicationId, String collection, List<NameClaim> claims);

  /**
   * Moves a name from {@code expectedHolder} to {@code uuid}, only if {@code expectedHolder} still
   * holds it (used to take over names left behind by a write that crashed half way).
   */
  boolean takeOverName(
      UUID applicationId, String collection, String name, UUID expectedHolder, UUID uuid);

  /** Frees a name, only if {@code holder} still holds it. */
  void releaseName(UUID applicationId, String collection, String name, UUID holder);

  /** A name and the entity that wants it. */
  record NameClaim(String name, UUID uuid) {}

  /**
   * @param claimedAtMicros when the holder claimed the name (Cassandra write time)
   */
  record NameHolder(UUID uuid, long claimedAtMicros) {}
}
