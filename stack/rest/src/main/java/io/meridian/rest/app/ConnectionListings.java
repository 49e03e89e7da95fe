package io.meridian.rest.app;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.common.TimeUuids;
import io.meridian.core.connection.ConnectionService;
import io.meridian.core.connection.Direction;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.QueryPage;
import io.meridian.core.entity.StoredEntity;
import io.meridian.rest.access.Caller;
import io.meridian.rest.param.ConnectionsShown;
import io.meridian.rest.param.EntityPath;
import io.meridian.rest.param.Selection;
import io.meridian.rest.param.VerbPath;
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
      EntityPath source,
      String verb,
      Selection selection,
      String cursor) {
    CollectionName name = CollectionName.of(source.collection());
    StoredEntity found = entities.get(application, name, Caller.entity(name, source.entity()));
    return page(
        application,
        found,
        Direction.OUT,
        verb,
        selection,
        cursor,
        name.plural() + "/" + source.entity() + "/" + verb);
  }

  /**
   * The entities connected to the source under any verb, in either direction; a page of them, under
   * the source's path by uuid followed by {@code pathSuffix}.
   */
  byte[] list(
      ApplicationRef application,
      EntityPath source,
      Direction direction,
      String verb,
      Selection selection,
      String cursor,
      String pathSuffix) {
    return list(
        application, source, direction, verb, Optional.empty(), selection, cursor, pathSuffix);
  }

  /**
   * {@link #list(ApplicationRef, EntityPath, Direction, String, Selection, String, String)} among
   * the connected entities of one collection when {@code of} names one. Each entity is rendered
   * under the path it was reached by, as Usergrid does (see {@link ConnectionMetadata}).
   */
  private byte[] list(
      ApplicationRef application,
      EntityPath source,
      Direction direction,
      String verb,
      Optional<CollectionName> of,
      Selection selection,
      String cursor,
      String pathSuffix) {
    CollectionName name = CollectionName.of(source.collection());
    ConnectionService.requireVerb(verb);
    ConnectionsShown shown = selection.connectionsShown();
    StoredEntity found = entities.get(application, name, Caller.entity(name, source.entity()));
    String sourcePath = "/" + name.plural() + "/" + found.uuid();
    String base = sourcePath + (direction == Direction.OUT ? "/" + verb : "/connecting");
    QueryPage page =
        queries.connected(
            application,
            found,
            direction,
            verb,
            of,
            selection.ql(),
            QueryParameters.limit(selection.limit()),
            cursor);
    return Responses.page(
        Responses.envelope("get", application, sourcePath.substring(1) + "/" + pathSuffix),
        page,
        json -> ConnectionMetadata.render(json, base, shown));
  }

  private byte[] page(
      ApplicationRef application,
      StoredEntity source,
      Direction direction,
      String verb,
      Selection selection,
      String cursor,
      String path) {
    QueryPage page =
        queries.connected(
            application,
            source,
            direction,
            verb,
            selection.ql(),
            QueryParameters.limit(selection.limit()),
            cursor);
    return Responses.page(Responses.envelope("get", application, path), page);
  }

  /**
   * {@code GET /{coll}/{id}/{verb}/{target}}: one connected entity by uuid or name, or, when no
   * entity of that name is connected and the application has a collection of that name, the
   * connected entities of that collection ({@code /users/fred/likes/dogs}), as Usergrid reads the
   * path.
   */
  byte[] oneOrCollection(
      ApplicationRef application,
      VerbPath source,
      String target,
      Selection selection,
      String cursor) {
    try {
      QueryParameters.limit(selection.limit());
      selection.connectionsShown();
      return one(application, source, source.verb(), target);
    } catch (MeridianException missing) {
      boolean notFound =
          missing.code() == ErrorCode.ENTITY_NOT_FOUND || missing.code() == ErrorCode.NOT_FOUND;
      Optional<CollectionName> collection = collectionNamed(application, target);
      if (!notFound || collection.isEmpty()) {
        throw missing;
      }
      return list(
          application,
          source,
          Direction.OUT,
          source.verb(),
          collection,
          selection,
          cursor,
          source.verb() + "/" + target);
    }
  }

  private Optional<CollectionName> collectionNamed(ApplicationRef application, String segment) {
    if (TimeUuids.isUuidText(segment)) {
      return Optional.empty();
    }
    CollectionName collection;
    try {
      collection = CollectionName.of(segment);
    } catch (MeridianException notACollectionName) {
      return Optional.empty();
    }
    return queries.hasCollection(application, collection)
        ? Optional.of(collection)
        : Optional.empty();
  }

  /**
   * One connected entity, by uuid or name; 404 unless it is connected and the caller may read it.
   */
  byte[] one(ApplicationRef application, EntityPath source, String verb, String target) {
    CollectionName name = CollectionName.of(source.collection());
    StoredEntity found =
        connections.connectedEntity(
            application,
            Caller.visibility(),
            name,
            Caller.entity(name, source.entity()),
            verb,
            target);
    String base = "/" + String.join("/", name.plural(), source.entity(), verb);
    return Responses.entity(
        "get", application, base.substring(1) + "/" + target, under(base, found));
  }

  /**
   * The entity as an answer reached through a connection shows it: its metadata under {@code base}
   * (the connection path without the entity's uuid).
   */
  static StoredEntity under(String base, StoredEntity entity) {
    return new StoredEntity(
        entity.uuid(),
        entity.collection(),
        entity.name(),
        entity.version(),
        entity.created(),
        ConnectionMetadata.render(entity.json(), base, ConnectionsShown.ALL));
  }

  /**
   * The connected entity, named in its collection or (without one) by uuid; a 404 when it is not
   * connected or the caller may not read it.
   */
  StoredEntity connected(
      ApplicationRef application, VerbPath source, String targetCollection, String target) {
    CollectionName name = CollectionName.of(source.collection());
    return connections.connectedEntity(
        application,
        Caller.visibility(),
        name,
        Caller.entity(name, source.entity()),
        source.verb(),
        Optional.ofNullable(targetCollection).map(CollectionName::of),
        target);
  }

  /** The path of a connected entity as the request named it, for the answer. */
  static String connectedPath(VerbPath source, String targetCollection, String target) {
    return String.join(
            "/", CollectionName.of(source.collection()).plural(), source.entity(), source.verb())
        + (targetCollection == null ? "" : "/" + targetCollection)
        + "/"
        + target;
  }
}
