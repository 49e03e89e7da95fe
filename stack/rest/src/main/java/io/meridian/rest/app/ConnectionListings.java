package io.meridian.rest.app;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.connection.ConnectionService;
import io.meridian.core.connection.Direction;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.QueryPage;
import io.meridian.core.entity.StoredEntity;
import io.meridian.rest.access.Caller;
import java.util.Optional;

/**
 * Reads of an entity's connections: the listings and the connected entities that {@link
 * ConnectionResource} serves under any verb, and that resources owning a verb's path (activities,
 * feeds) serve under theirs.
 */
final class ConnectionListings {
  private final EntityService entities;
  private final ConnectionService connections;
  private final EntityQueries queries;

  ConnectionListings(EntityService entities, ConnectionService connections, EntityQueries queries) {
    this.entities = entities;
    this.connections = connections;
    this.queries = queries;
  }

  /**
   * The entities the source connects to under a verb it owns, newest first, or those a query
   * selects; a page of them, under the path as the caller named the source.
   */
  byte[] list(
      ApplicationRef application,
      String collection,
      String entity,
      String verb,
      String ql,
      String limit,
      String cursor) {
    CollectionName name = CollectionName.of(collection);
    StoredEntity source = entities.get(application, name, Caller.entity(name, entity));
    return page(
        application,
        source,
        Direction.OUT,
        verb,
        ql,
        limit,
        cursor,
        name.plural() + "/" + entity + "/" + verb);
  }

  /**
   * The entities connected to the source under any verb, in either direction; a page of them, under
   * the source's path by uuid followed by {@code pathSuffix}.
   */
  byte[] list(
      ApplicationRef application,
      String collection,
      String entity,
      Direction direction,
      String verb,
      String ql,
      String limit,
      String cursor,
      String pathSuffix) {
    CollectionName name = CollectionName.of(collection);
    ConnectionService.requireVerb(verb);
    StoredEntity source = entities.get(application, name, Caller.entity(name, entity));
    return page(
        application,
        source,
        direction,
        verb,
        ql,
        limit,
        cursor,
        name.plural() + "/" + source.uuid() + "/" + pathSuffix);
  }

  private byte[] page(
      ApplicationRef application,
      StoredEntity source,
      Direction direction,
      String verb,
      String ql,
      String limit,
      String cursor,
      String path) {
    QueryPage page =
        queries.connected(
            application, source, direction, verb, ql, QueryParameters.limit(limit), cursor);
    return Responses.page(Responses.envelope("get", application, path), page);
  }

  /**
   * One connected entity, by uuid or name; 404 unless it is connected and the caller may read it.
   */
  byte[] one(
      ApplicationRef application, String collection, String entity, String verb, String target) {
    CollectionName name = CollectionName.of(collection);
    StoredEntity found =
        connections.connectedEntity(
            application, Caller.visibility(), name, Caller.entity(name, entity), verb, target);
    return Responses.entity(
        "get", application, String.join("/", name.plural(), entity, verb, target), found);
  }

  /**
   * The connected entity, named in its collection or (without one) by uuid; a 404 when it is not
   * connected or the caller may not read it.
   */
  StoredEntity connected(
      ApplicationRef application,
      String collection,
      String entity,
      String verb,
      String targetCollection,
      String target) {
    CollectionName name = CollectionName.of(collection);
    return connections.connectedEntity(
        application,
        Caller.visibility(),
        name,
        Caller.entity(name, entity),
        verb,
        Optional.ofNullable(targetCollection).map(CollectionName::of),
        target);
  }

  /** The path of a connected entity as the request named it, for the answer. */
  static String connectedPath(
      String collection, String entity, String verb, String targetCollection, String target) {
    return String.join("/", CollectionName.of(collection).plural(), entity, verb)
        + (targetCollection == null ? "" : "/" + targetCollection)
        + "/"
        + target;
  }
}
