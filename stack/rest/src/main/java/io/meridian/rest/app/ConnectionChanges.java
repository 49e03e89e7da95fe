package io.meridian.rest.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.collection.CollectionWrites;
import io.meridian.core.connection.ConnectionService;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.rest.access.Caller;
import io.meridian.rest.param.VerbPath;
import java.util.Optional;
import java.util.UUID;

/**
 * Writes under an entity's connections, as {@link ConnectionResource} serves them: connecting,
 * disconnecting, and merging a body into a connected entity; each answers in Usergrid's envelope.
 */
final class ConnectionChanges {
  private final EntityService entities;
  private final ConnectionService connections;
  private final CollectionWrites writes;
  private final ConnectionListings listings;

  ConnectionChanges(
      EntityService entities,
      ConnectionService connections,
      CollectionWrites writes,
      ConnectionListings listings) {
    this.entities = entities;
    this.connections = connections;
    this.writes = writes;
    this.listings = listings;
  }

  /**
   * Connects ({@code connect}) or disconnects the source and the target, named in its collection or
   * (without one) by uuid; the answer is the target under the source's path by uuid.
   */
  byte[] connect(
      ApplicationRef application,
      VerbPath path,
      String targetCollection,
      String target,
      boolean connect) {
    CollectionName name = CollectionName.of(path.collection());
    Optional<CollectionName> targetName =
        Optional.ofNullable(targetCollection).map(CollectionName::of);
    String source = Caller.entity(name, path.entity());
    String verb = path.verb();
    StoredEntity found =
        connect
            ? connections.connect(
                application, Caller.visibility(), name, source, verb, targetName, target)
            : connections.disconnect(
                application, Caller.visibility(), name, source, verb, targetName, target);
    // Usergrid's answer: the source's connections under the verb, by uuid, and the target.
    String answered =
        String.join("/", name.plural(), sourceUuid(application, name, path.entity()), verb);
    return Responses.entity(connect ? "post" : "delete", application, answered, found);
  }

  /** The source's uuid, read only when the path named it. */
  private String sourceUuid(ApplicationRef application, CollectionName name, String entity) {
    String id = Caller.entity(name, entity);
    try {
      return UUID.fromString(id).toString();
    } catch (IllegalArgumentException e) {
      return entities.get(application, name, id).uuid().toString();
    }
  }

  /** Merges the body into the connected entity (404 unless it is connected and readable). */
  byte[] updateConnected(
      ApplicationRef application,
      VerbPath path,
      String targetCollection,
      String target,
      JsonNode json,
      WriteOptions options,
      String address) {
    StoredEntity found = listings.connected(application, path, targetCollection, target);
    StoredEntity updated =
        writes.updateConnected(
            application,
            Caller.current(),
            found,
            json,
            options,
            writes.requester(application, Caller.current(), address));
    return Responses.entity(
        "put",
        application,
        ConnectionListings.connectedPath(path, targetCollection, target),
        updated);
  }
}
