package io.meridian.testing.entity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import io.meridian.core.common.TimeUuids;
import io.meridian.core.connection.ConnectionStore;
import io.meridian.core.connection.Direction;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.entity.StoredEntity;
import io.meridian.testing.TimeUuidOrder;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;

/**
 * {@link EntityStore} in memory with {@code CassandraEntityStore}'s rules. Every row and listing
 * row carries its write time (the entity's version) and remembers its newest delete: a write wins
 * over anything older, a delete removes what was written at or before it, and a write no newer than
 * a delete never brings the entity back. Listings are newest first in {@code timeuuid} order; a
 * collection that ever held an entity stays known. Names are compare-and-set claims, compared
 * without case, each stamped with the store clock's time (Cassandra's write time of the claim).
 *
 * <p>A loaded entity shows the verbs its connections are under in its metadata, read from the
 * connection store given (as the Cassandra row holds them beside the entity's columns).
 */
public final class MemoryEntityStore implements EntityStore {
  private record Key(UUID app, UUID uuid) {}

  private record ListingKey(UUID app, String collection) {}

  private record NameKey(UUID app, String collection, String name) {}

  /** A row or listing row: what it holds (null once deleted), its write time, its newest delete. */
  private record Cell<T>(T value, long written, long deletedAt) {
    boolean accepts(long writeTime) {
      return writeTime > deletedAt && (value == null || writeTime >= written);
    }

    Cell<T> deleted(long at) {
      long newest = Math.max(deletedAt, at);
      return value != null && written <= at
          ? new Cell<>(null, written, newest)
          : new Cell<>(value, written, newest);
    }
  }

  private final Clock clock;
  private final ConnectionStore connections;
  private final Map<Key, Cell<StoredEntity>> rows = new HashMap<>();
  private final Map<ListingKey, Map<UUID, Cell<Boolean>>> listings = new HashMap<>();
  private final Map<UUID, TreeSet<String>> collections = new HashMap<>();
  private final Map<NameKey, NameHolder> names = new HashMap<>();

  /** Entity writes not applied yet while {@link #holdWrites} is on, in order; null when off. */
  private List<Runnable> held;

  /**
   * @param clock stamps name claims (their {@code claimedAtMicros})
   * @param connections whose verbs a loaded entity shows; null for none
   */
  public MemoryEntityStore(Clock clock, ConnectionStore connections) {
    this.clock = clock;
    this.connections = connections;
  }

  @Override
  public synchronized Optional<StoredEntity> load(UUID applicationId, UUID uuid) {
    if (!TimeUuids.isTimeBased(uuid)) {
      return Optional.empty(); // the uuid column is a timeuuid
    }
    Cell<StoredEntity> row = rows.get(new Key(applicationId, uuid));
    return row == null || row.value() == null
        ? Optional.empty()
        : Optional.of(withVerbs(applicationId, row.value()));
  }

  @Override
  public synchronized Map<UUID, StoredEntity> loadAll(UUID applicationId, Collection<UUID> uuids) {
    Map<UUID, StoredEntity> found = new HashMap<>();
    for (UUID uuid : uuids) {
      load(applicationId, uuid).ifPresent(entity -> found.put(uuid, entity));
    }
    return found;
  }

  /**
   * Holds back entity writes (saves and deletes) until {@link #releaseWrites}: what a reader sees
   * while a write is under way, between its change log entry and its entity row.
   */
  public synchronized void holdWrites() {
    held = new ArrayList<>();
  }

  /** Applies the writes held back, in order, and stops holding. */
  public synchronized void releaseWrites() {
    List<Runnable> writes = held;
    held = null;
    writes.forEach(Runnable::run);
  }

  @Override
  public synchronized void save(UUID applicationId, StoredEntity entity) {
    if (held != null) {
      held.add(() -> save(applicationId, entity));
      return;
    }
    Key key = new Key(applicationId, entity.uuid());
    Cell<StoredEntity> row = rows.getOrDefault(key, new Cell<>(null, 0, Long.MIN_VALUE));
    if (row.accepts(entity.version())) {
      rows.put(key, new Cell<>(entity, entity.version(), row.deletedAt()));
    }
    relist(applicationId, List.of(entity));
  }

  @Override
  public synchronized void saveAll(UUID applicationId, List<StoredEntity> entities) {
    entities.forEach(entity -> save(applicationId, entity));
  }

  @Override
  public synchronized void delete(UUID applicationId, StoredEntity entity, long version) {
    if (held != null) {
      held.add(() -> delete(applicationId, entity, version));
      return;
    }
    Key key = new Key(applicationId, entity.uuid());
    rows.put(key, rows.getOrDefault(key, new Cell<>(null, 0, Long.MIN_VALUE)).deleted(version));
    Map<UUID, Cell<Boolean>> listing = listing(applicationId, entity.collection());
    listing.put(
        entity.uuid(),
        listing.getOrDefault(entity.uuid(), new Cell<>(null, 0, Long.MIN_VALUE)).deleted(version));
  }

  @Override
  public synchronized List<UUID> list(
      UUID applicationId, String collection, Optional<UUID> after, int limit) {
    List<UUID> live = new ArrayList<>();
    listing(applicationId, collection)
        .forEach(
            (uuid, cell) -> {
              if (cell.value() != null
                  && (after.isEmpty() || TimeUuidOrder.compare(uuid, after.get()) < 0)) {
                live.add(uuid);
              }
            });
    live.sort(TimeUuidOrder.DESCENDING);
    return List.copyOf(live.subList(0, Math.max(0, Math.min(limit, live.size()))));
  }

  @Override
  public synchronized void relist(UUID applicationId, List<StoredEntity> entities) {
    for (StoredEntity entity : entities) {
      collections.computeIfAbsent(applicationId, app -> new TreeSet<>()).add(entity.collection());
      Map<UUID, Cell<Boolean>> listing = listing(applicationId, entity.collection());
      Cell<Boolean> cell = listing.getOrDefault(entity.uuid(), new Cell<>(null, 0, Long.MIN_VALUE));
      if (cell.accepts(entity.version())) {
        listing.put(entity.uuid(), new Cell<>(Boolean.TRUE, entity.version(), cell.deletedAt()));
      }
    }
  }

  /**
   * Drops an entity's listing row and nothing else, as a write that stopped between the entity's
   * row and its listing row leaves it (the repairer's {@link #relist} puts it back).
   */
  public synchronized void dropListingRow(UUID applicationId, String collection, UUID uuid) {
    listing(applicationId, collection).remove(uuid);
  }

  @Override
  public synchronized List<String> collections(UUID applicationId) {
    return List.copyOf(collections.getOrDefault(applicationId, new TreeSet<>()));
  }

  @Override
  public synchronized boolean hasCollection(UUID applicationId, String collection) {
    return collections.getOrDefault(applicationId, new TreeSet<>()).contains(collection);
  }

  @Override
  public synchronized Optional<NameHolder> nameHolder(
      UUID applicationId, String collection, String name) {
    return Optional.ofNullable(names.get(nameKey(applicationId, collection, name)));
  }

  @Override
  public synchronized boolean claimName(
      UUID applicationId, String collection, String name, UUID uuid) {
    return names.putIfAbsent(nameKey(applicationId, collection, name), holder(uuid)) == null;
  }

  @Override
  public synchronized List<Boolean> claimNames(
      UUID applicationId, String collection, List<NameClaim> claims) {
    return claims.stream()
        .map(claim -> claimName(applicationId, collection, claim.name(), claim.uuid()))
        .toList();
  }

  @Override
  public synchronized boolean takeOverName(
      UUID applicationId, String collection, String name, UUID expectedHolder, UUID uuid) {
    NameKey key = nameKey(applicationId, collection, name);
    NameHolder current = names.get(key);
    if (current == null || !current.uuid().equals(expectedHolder)) {
      return false;
    }
    names.put(key, holder(uuid));
    return true;
  }

  @Override
  public synchronized void releaseName(
      UUID applicationId, String collection, String name, UUID holder) {
    NameKey key = nameKey(applicationId, collection, name);
    NameHolder current = names.get(key);
    if (current != null && current.uuid().equals(holder)) {
      names.remove(key);
    }
  }

  private Map<UUID, Cell<Boolean>> listing(UUID applicationId, String collection) {
    return listings.computeIfAbsent(
        new ListingKey(applicationId, collection), key -> new HashMap<>());
  }

  private NameHolder holder(UUID uuid) {
    Instant now = clock.instant();
    return new NameHolder(uuid, now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000);
  }

  private static NameKey nameKey(UUID applicationId, String collection, String name) {
    return new NameKey(applicationId, collection, name.toLowerCase(Locale.ROOT));
  }

  /** As {@code EntityDocuments.withConnectionMetadata} renders a row's verbs into its JSON. */
  private StoredEntity withVerbs(UUID applicationId, StoredEntity entity) {
    if (connections == null) {
      return entity;
    }
    List<String> out = connections.verbs(applicationId, entity.uuid(), Direction.OUT);
    List<String> in = connections.verbs(applicationId, entity.uuid(), Direction.IN);
    if (out.isEmpty() && in.isEmpty()) {
      return entity;
    }
    ObjectNode json = Json.parseStoredObject(entity.json());
    JsonNode existing = json.get("metadata");
    ObjectNode metadata =
        existing instanceof ObjectNode object ? object : json.putObject("metadata");
    String path = "/" + entity.collection() + "/" + entity.uuid() + "/";
    if (!out.isEmpty()) {
      ObjectNode paths = metadata.putObject("connections");
      new TreeSet<>(out).forEach(verb -> paths.put(verb, path + verb));
    }
    if (!in.isEmpty()) {
      ObjectNode paths = metadata.putObject("connecting");
      new TreeSet<>(in).forEach(verb -> paths.put(verb, path + "connecting/" + verb));
    }
    return new StoredEntity(
        entity.uuid(),
        entity.collection(),
        entity.name(),
        entity.version(),
        entity.created(),
        Json.write(json));
  }
}
