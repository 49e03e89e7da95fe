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
import java.util.Optional;
import java.util.Set;
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

  private final EntityService entities;
  private final EntityStore store;
  private final ConnectionStore connections;

  public ConnectionService(EntityService entities, EntityStore store, ConnectionStore connections) {
    this.entities = entities;
    this.store = store;
    this.connections = connections;
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
        resolve(app, visibility, sourceCollection, sourceId, verb, targetCollection, targetId);
    connections.connect(app.id(), connection);
    return target(app, connection);
  }

  /** Removes a connection; returns the target. A 404 when the two are not connected. */
  public StoredEntity disconnect(
      ApplicationRef app,
      Visibility visibility,
      CollectionName sourceCollection,
      String sourceId,
      String verb,
      Optional<CollectionName> targetCollection,
      String targetId) {
    Connection connection =
        resolve(app, visibility, sourceCollection, sourceId, verb, targetCollection, targetId);
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
        resolve(app, visibility, sourceCollection, sourceId, verb, targetCollection, targetId);
    if (!connections.exists(app.id(), connection)) {
      throw notFound(targetId);
    }
    return target(app, connection);
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

  private Connection resolve(
      ApplicationRef app,
      Visibility visibility,
      CollectionName sourceCollection,
      String sourceId,
      String verb,
      Optional<CollectionName> targetCollection,
      String targetId) {
    requireVerb(verb);
    StoredEntity source = entities.get(app, sourceCollection, sourceId);
    StoredEntity target =
        targetCollection.isPresent()
            ? entities.get(app, targetCollection.get(), targetId)
            : byUuid(app, targetId);
    if (!visibility.canRead(target)) {
      throw targetCollection.isPresent()
          ? EntityService.notFound(targetCollection.get(), targetId)
          : notFound(targetId);
    }
    return new Connection(
        source.uuid(), source.collection(), verb, target.uuid(), target.collection());
  }

  private StoredEntity byUuid(ApplicationRef app, String targetId) {
    UUID uuid;
    try {
      uuid = UUID.fromString(targetId);
    } catch (IllegalArgumentException e) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "Name the target's collection (/{verb}/{collection}/{name}) or give its uuid, got '"
              + targetId
              + "'");
    }
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
