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
import java.util.List;

/**
 * Reads of an entity's outbound connections under one verb, as {@link ConnectionResource} serves
 * them, for resources that own a verb's path (activities, feeds).
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

  /** The connected entities, newest first, or those a query selects; a page of them. */
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
    QueryPage page =
        queries.connected(
            application, source, Direction.OUT, verb, ql, QueryParameters.limit(limit), cursor);
    return Responses.page(
        Responses.envelope("get", application, name.plural() + "/" + entity + "/" + verb), page);
  }

  /** One connected entity, by uuid; 404 unless it is connected and the caller may read it. */
  byte[] one(
      ApplicationRef application, String collection, String entity, String verb, String target) {
    CollectionName name = CollectionName.of(collection);
    StoredEntity found =
        connections.connectedEntity(
            application, Caller.visibility(), name, Caller.entity(name, entity), verb, target);
    return Responses.envelope(
            "get", application, String.join("/", name.plural(), entity, verb, target))
        .entities(Responses.shown(List.of(found)))
        .toJson();
  }
}
