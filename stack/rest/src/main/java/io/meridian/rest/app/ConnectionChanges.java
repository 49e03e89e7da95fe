package io.meridian.rest.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.collection.CollectionWrites;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.connection.ConnectionService;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.identity.access.Visibility;
import io.meridian.rest.access.Caller;
import io.meridian.rest.param.VerbPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Writes under an entity's connections, as {@link ConnectionResource} serves them: connecting,
 * disconnecting, and merging a body into a connected entity; each answers in Usergrid's envelope.
 */
final class ConnectionChanges {
  /** The verbs of a user's credential routes: never a collection to create entities in. */
  private static final Set<String> CREDENTIAL_ACTIONS =
      Set.of("password", "revoketoken", "revoketokens", "activate", "deactivate");

  /** The most entities one {@code POST} through a connection creates, as a collection's. */
  private static final int MAX_CREATED = 1000;

  private final EntityService entities;
  private final ConnectionService connections;
  private final CollectionWrites writes;

  ConnectionChanges(
      EntityService entities, ConnectionService connections, CollectionWrites writes) {
    this.entities = entities;
    this.connections = connections;
    this.writes = writes;
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
    return Responses.entity(
        connect ? "post" : "delete",
        application,
        answered,
        ConnectionListings.under("/" + answered, found));
  }

  /**
   * Usergrid's {@code POST} of a body through a connection path: {@code /users/me/devices} or
   * {@code /users/fred/likes/dogs} creates the body's entities (one, or an array) in the collection
   * the path names last ({@code devices}, {@code dogs}) and connects the source to each under the
   * verb. The caller needs the path's permission and also that to {@code POST} to the collection
   * itself ({@link CollectionWrites#requireCreatableAtItsOwnPath}); a missing source creates
   * nothing.
   */
  byte[] createAndConnect(
      ApplicationRef application,
      VerbPath path,
      String targetCollection,
      JsonNode json,
      WriteOptions options,
      String address) {
    CollectionName name = CollectionName.of(path.collection());
    CollectionName targets = CollectionName.of(targetCollection);
    String verb = ConnectionService.requireVerb(path.verb());
    if (CREDENTIAL_ACTIONS.contains(verb)) {
      // A user's are served by UserCredentialsResource; aimed anywhere else, a body meant for a
      // credential (a new password) must not be stored as an entity of a 'passwords' collection.
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "'" + verb + "' is a user's credential action: only /users/{user}/" + verb + " has one");
    }
    StoredEntity source = entities.get(application, name, Caller.entity(name, path.entity()));
    writes.requireCreatableAtItsOwnPath(application, Caller.current(), targets);
    List<JsonNode> bodies = new ArrayList<>();
    if (json.isArray()) {
      if (json.isEmpty() || json.size() > MAX_CREATED) {
        throw new MeridianException(
            ErrorCode.ILLEGAL_ARGUMENT,
            "Post between 1 and " + MAX_CREATED + " entities at a time through a connection");
      }
      json.forEach(bodies::add);
    } else {
      bodies.add(json);
    }
    List<StoredEntity> created =
        writes.create(
            application,
            targets,
            bodies,
            options,
            writes.requester(application, Caller.current(), address));
    String base = "/" + String.join("/", name.plural(), source.uuid().toString(), verb);
    List<StoredEntity> connected = new ArrayList<>(created.size());
    for (StoredEntity entity : created) {
      // The caller just created it: it connects it whether or not it may read it.
      StoredEntity target =
          connections.connect(
              application,
              Visibility.ALL,
              name,
              source.uuid().toString(),
              verb,
              Optional.of(targets),
              entity.uuid().toString());
      connected.add(ConnectionListings.under(base, target));
    }
    return Responses.entities("post", application, base.substring(1), connected);
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
    // Usergrid connects what a PUT names through a connection path if it is not connected yet;
    // only when the PUT itself is allowed, so that the connection comes with the write or not at
    // all.
    CollectionName name = CollectionName.of(path.collection());
    Optional<CollectionName> targetName =
        Optional.ofNullable(targetCollection).map(CollectionName::of);
    String source = Caller.entity(name, path.entity());
    StoredEntity found =
        connections.target(
            application, Caller.visibility(), name, source, path.verb(), targetName, target);
    writes.requireWritableAtItsOwnPath(application, Caller.current(), found);
    connections.connect(
        application,
        Caller.visibility(),
        name,
        source,
        path.verb(),
        Optional.of(CollectionName.of(found.collection())),
        found.uuid().toString());
    StoredEntity updated =
        writes.updateConnected(
            application,
            Caller.current(),
            found,
            json,
            options,
            writes.requester(application, Caller.current(), address));
    String answered = ConnectionListings.connectedPath(path, targetCollection, target);
    return Responses.entity(
        "put",
        application,
        answered,
        ConnectionListings.under("/" + answered.substring(0, answered.lastIndexOf('/')), updated));
  }
}
