package io.meridian.core.connection;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.common.TimeUuids;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.EntityStore;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.access.Visibility;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Connection use cases: {@code source -verb-> target} between any two entities of an application.
 * Connections are idempotent (connecting twice leaves one connection) and vanish with either end
 * (see {@link EntityService#delete}).
 */
public final class ConnectionService {
  /** Path words that address something else under an entity, never a verb. */
  private static final Set<String> RESERVED = Set.of("connecting", "connections");

  private static final Pattern VERB = Pattern.compile("[A-Za-z0-9_.~-]{1,128}");

  /** How many connections of a verb are searched for a target given by name alone. */
  static final int MAX_NAME_SCOPE = 10_000;

  private static final int NAME_PAGE = 1_000;

  private final EntityService entities;
  private final EntityStore store;
  private final ConnectionStore connections;

  /** Told of each connection made, in order. */
  private final List<ConnectionObserver> observers;

  public ConnectionService(EntityService entities, EntityStore store, ConnectionStore connections) {
    this(entities, store, connections, List.of());
  }

  public ConnectionService(
      EntityService entities,
      EntityStore store,
      ConnectionStore connections,
      List<ConnectionObserver> observers) {
    this.entities = entities;
    this.store = store;
    this.connections = connections;
    this.observers = List.copyOf(observers);
  }

  /**
   * Connects two entities; returns the target as it now is. A target the caller may not read is
   * answered exactly as a missing one, here and in the other calls, so a connection never shows or
   * confirms an entity that a {@code GET} of it would not.
   *
   * @param targetCollection empty when the target is addressed by uuid alone
   * @param visibility what the caller may read
   */
  public StoredEntity connect(
      ApplicationRef app,
      Visibility visibility,
      CollectionName sourceCollection,
      String sourceId,
      String verb,
      Optional<CollectionName> targetCollection,
      String targetId) {
    Connection connection =
        resolve(
            app, visibility, sourceCollection, sourceId, verb, targetCollection, targetId, false);
    connections.connect(app.id(), connection);
    observers.forEach(observer -> observer.connected(app, connection));
    return target(app, connection);
  }

  /**
   * Removes a connection; returns the target. A 404 when the two are not connected. A target given
   * by name alone is looked for among the entities connected under the verb, as in Usergrid.
   */
  public StoredEntity disconnect(
      ApplicationRef app,
      Visibility visibility,
      CollectionName sourceCollection,
      String sourceId,
      String verb,
      Optional<CollectionName> targetCollection,
      String targetId) {
    Connection connection =
        resolve(
            app, visibility, sourceCollection, sourceId, verb, targetCollection, targetId, true);
    if (!connections.exists(app.id(), connection)) {
      throw new MeridianException(
          ErrorCode.NOT_FOUND,
          "Entity " + sourceId + " has no '" + verb + "' connection to " + targetId);
    }
    connections.disconnect(app.id(), connection);
    return target(app, connection);
  }

  /** The target of {@code source -verb-> target}, if they are connected; else a 404. */
  public StoredEntity connectedEntity(
      ApplicationRef app,
      Visibility visibility,
      CollectionName sourceCollection,
      String sourceId,
      String verb,
      String targetId) {
    return connectedEntity(
        app, visibility, sourceCollection, sourceId, verb, Optional.empty(), targetId);
  }

  /**
   * The target of {@code source -verb-> target}, the target named in its collection by uuid or name
   * (or by uuid alone when {@code targetCollection} is empty), if they are connected; else a 404,
   * as for a target the caller may not read.
   */
  public StoredEntity connectedEntity(
      ApplicationRef app,
      Visibility visibility,
      CollectionName sourceCollection,
      String sourceId,
      String verb,
      Optional<CollectionName> targetCollection,
      String targetId) {
    Connection connection =
        resolve(
            app, visibility, sourceCollection, sourceId, verb, targetCollection, targetId, true);
    if (!connections.exists(app.id(), connection)) {
      throw notFound(targetId);
    }
    return target(app, connection);
  }

  /**
   * The entity a connection path names as its target, connected yet or not: named in its
   * collection, by uuid, or by the name of an entity already connected under the verb; a 404 as for
   * {@link #connectedEntity} when there is none the caller may read.
   */
  public StoredEntity target(
      ApplicationRef app,
      Visibility visibility,
      CollectionName sourceCollection,
      String sourceId,
      String verb,
      Optional<CollectionName> targetCollection,
      String targetId) {
    return target(
        app,
        resolve(
            app, visibility, sourceCollection, sourceId, verb, targetCollection, targetId, true));
  }

  /** The target as it is now (its metadata shows the connection's verb). */
  private StoredEntity target(ApplicationRef app, Connection connection) {
    return store
        .load(app.id(), connection.target())
        .orElseThrow(() -> notFound(connection.target().toString()));
  }

  /** Checks a verb taken from a path: a 400 for one that could never name a connection. */
  public static String requireVerb(String verb) {
    if (verb == null || !VERB.matcher(verb).matches() || RESERVED.contains(verb)) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "A connection verb is 1 to 128 letters, digits or '_.~-' and not 'connecting' or"
              + " 'connections', got '"
              + verb
              + "'");
    }
    return verb;
  }

  /**
   * @param connectedName whether a target given without its collection may be the name of an entity
   *     already connected under the verb (reads and disconnects); else only a uuid
   */
  private Connection resolve(
      ApplicationRef app,
      Visibility visibility,
      CollectionName sourceCollection,
      String sourceId,
      String verb,
      Optional<CollectionName> targetCollection,
      String targetId,
      boolean connectedName) {
    requireVerb(verb);
    StoredEntity source = entities.get(app, sourceCollection, sourceId);
    StoredEntity target =
        targetCollection.isPresent()
            ? entities.get(app, targetCollection.get(), targetId)
            : byUuidOrConnectedName(app, visibility, source, verb, targetId, connectedName);
    if (!visibility.canRead(target)) {
      throw targetCollection.isPresent()
          ? EntityService.notFound(targetCollection.get(), targetId)
          : notFound(targetId);
    }
    return new Connection(
        source.uuid(), source.collection(), verb, target.uuid(), target.collection());
  }

  /**
   * A target given without its collection: by uuid, or, as Usergrid resolved it, by the name of an
   * entity the source already connects to under the verb (so it can be read or disconnected; a new
   * target needs its collection). The connections searched are at most {@link #MAX_NAME_SCOPE}; a
   * name carried by connected entities of two collections is ambiguous.
   */
  private StoredEntity byUuidOrConnectedName(
      ApplicationRef app,
      Visibility visibility,
      StoredEntity source,
      String verb,
      String targetId,
      boolean connectedName) {
    UUID uuid;
    try {
      uuid = UUID.fromString(targetId);
    } catch (IllegalArgumentException e) {
      uuid = null;
    }
    if (uuid != null) {
      return byUuid(app, uuid, targetId);
    }
    if (!connectedName) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "Name the target's collection (/{verb}/{collection}/{name}) or give its uuid, got '"
              + targetId
              + "'");
    }
    Map<UUID, String> connected = new HashMap<>();
    Optional<UUID> after = Optional.empty();
    while (connected.size() < MAX_NAME_SCOPE) {
      List<ConnectionRef> page =
          connections.list(app.id(), source.uuid(), Direction.OUT, verb, after, NAME_PAGE);
      page.forEach(ref -> connected.put(ref.entity(), ref.collection()));
      if (page.size() < NAME_PAGE) {
        break;
      }
      after = Optional.of(page.get(page.size() - 1).entity());
    }
    List<StoredEntity> named = new ArrayList<>();
    for (String collection : new TreeSet<>(connected.values())) {
      entities
          .find(app, CollectionName.of(collection), targetId)
          .filter(entity -> connected.containsKey(entity.uuid()) && visibility.canRead(entity))
          .ifPresent(named::add);
    }
    if (named.size() > 1) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "Entities of several collections named '"
              + targetId
              + "' are connected under '"
              + verb
              + "': name the collection (/{verb}/{collection}/{name})");
    }
    return named.stream()
        .findFirst()
        .orElseThrow(
            () ->
                new MeridianException(
                    ErrorCode.ENTITY_NOT_FOUND,
                    "No entity named '" + targetId + "' is connected under '" + verb + "'"));
  }

  private StoredEntity byUuid(ApplicationRef app, UUID uuid, String targetId) {
    if (!TimeUuids.isTimeBased(uuid)) {
      throw notFound(targetId);
    }
    return store.load(app.id(), uuid).orElseThrow(() -> notFound(targetId));
  }

  private static MeridianException notFound(String id) {
    return new MeridianException(
        ErrorCode.ENTITY_NOT_FOUND, "Entity with identifier " + id + " not found");
  }
}
