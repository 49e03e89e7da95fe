package io.meridian.core.collection;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.BulkOperations;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.Requester;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.core.identity.permission.Verb;
import io.meridian.core.identity.user.UserService;
import io.meridian.core.push.NotificationService;
import io.meridian.core.push.NotifierService;
import java.util.List;
import java.util.function.Supplier;

/**
 * The one entry point for writes to a collection by its path, whatever the collection: the
 * collections with rules of their own are written through their service ({@code users}: email
 * claims, passwords and their cost; {@code notifiers}: sealed credentials), {@code notifications}
 * are never written as plain entities (they are sent), and every other collection is plain
 * entities. A protocol hands any write here and never branches on a collection's name.
 */
public final class CollectionWrites {
  private final EntityService entities;
  private final BulkOperations bulk;
  private final UserService users;
  private final NotifierService notifiers;
  private final AccessControl access;

  public CollectionWrites(
      EntityService entities,
      BulkOperations bulk,
      UserService users,
      NotifierService notifiers,
      AccessControl access) {
    this.entities = entities;
    this.bulk = bulk;
    this.users = users;
    this.notifiers = notifiers;
    this.access = access;
  }

  /**
   * Who asks for a write, for the writes that cost a password hash: the client's address, and
   * whether the caller administers the application (administrators' work is not rationed). Decided
   * only when such a write asks for it.
   */
  public Supplier<Requester> requester(ApplicationRef app, Principal caller, String address) {
    return () -> new Requester(address, access.isAdministrator(caller, app));
  }

  /**
   * Creates entities from their bodies.
   *
   * @param requester who asks, charged for the password hashing of new users ({@link #requester})
   */
  public List<StoredEntity> create(
      ApplicationRef app,
      CollectionName collection,
      List<JsonNode> bodies,
      WriteOptions options,
      Supplier<Requester> requester) {
    refuseNotificationWrite(collection);
    if (collection.equals(UserService.USERS)) {
      return users.create(app, bodies, options, requester.get());
    }
    if (collection.equals(NotifierService.NOTIFIERS)) {
      return notifiers.create(app, bodies, options);
    }
    return entities.create(app, collection, bodies, options);
  }

  /** Merges the body into an entity by uuid or name, creating it by name if missing. */
  public StoredEntity update(
      ApplicationRef app,
      CollectionName collection,
      String uuidOrName,
      JsonNode body,
      WriteOptions options,
      Supplier<Requester> requester) {
    refuseNotificationWrite(collection);
    if (collection.equals(UserService.USERS)) {
      return users.update(app, uuidOrName, body, options, requester.get());
    }
    if (collection.equals(NotifierService.NOTIFIERS)) {
      return notifiers.update(app, uuidOrName, body, options);
    }
    return entities.update(app, collection, uuidOrName, body, options);
  }

  /**
   * Merges the body into every entity the query selects, at most {@code max} of them. A user's
   * password, email or username and a notifier's credentials are never set this way.
   */
  public List<StoredEntity> updateMatching(
      ApplicationRef app,
      CollectionName collection,
      String ql,
      int max,
      JsonNode body,
      WriteOptions options) {
    if (collection.equals(UserService.USERS)
        && (body.has("password")
            || body.has("email")
            || body.has("username")
            || body.has("activated"))) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "An update by query cannot set a user's password, email, username or activated");
    }
    refuseNotificationWrite(collection);
    if (collection.equals(NotifierService.NOTIFIERS)) {
      NotifierService.refuseCredentials(body);
    }
    return bulk.updateMatching(app, collection, ql, max, body, options);
  }

  /**
   * A {@code PUT} to a collection: with a query, merges the body into every entity it selects (at
   * most {@code max}); without one, creates one entity from the body, as Usergrid's SDKs use it
   * ({@code client.PUT(entity)} for an entity with no uuid or name yet). Creating asks for more
   * than the route's own permission ({@code put:/things/*}): the caller must also be allowed to
   * {@code POST} to the collection, so that a permission to change entities never grants creating
   * them.
   */
  public List<StoredEntity> put(
      ApplicationRef app,
      Principal caller,
      CollectionName collection,
      String ql,
      int max,
      JsonNode body,
      WriteOptions options,
      Supplier<Requester> requester) {
    if (ql != null && !ql.isBlank()) {
      return updateMatching(app, collection, ql, max, body, options);
    }
    if (!body.isObject()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "A PUT to a collection without a query creates one entity: send a JSON object");
    }
    access.authorize(caller, app, Verb.POST, List.of(collection.plural()));
    return create(app, collection, List.of(body), options, requester);
  }

  /**
   * A {@code PUT} through a connection path ({@code /users/fred/likes/dogs/rex}) merges the body
   * into the connected entity, as Usergrid did, but asks for more than the path's own permission:
   * the caller must also be allowed to {@code PUT} the entity at its own path ({@code /dogs/rex} or
   * by uuid). Otherwise a user allowed to write under its own connections could change any entity
   * it can connect to.
   */
  public StoredEntity updateConnected(
      ApplicationRef app,
      Principal caller,
      StoredEntity target,
      JsonNode body,
      WriteOptions options,
      Supplier<Requester> requester) {
    requireWritableAtItsOwnPath(app, caller, target);
    return update(
        app,
        CollectionName.of(target.collection()),
        target.uuid().toString(),
        body,
        options,
        requester);
  }

  /** An entity by uuid or name; a user also by its email. */
  public StoredEntity get(ApplicationRef app, CollectionName collection, String entity) {
    if (collection.equals(UserService.USERS)) {
      return users
          .find(app, entity)
          .orElseThrow(
              () ->
                  new MeridianException(
                      ErrorCode.ENTITY_NOT_FOUND,
                      "Entity user with identifier " + entity + " not found"));
    }
    return entities.get(app, collection, entity);
  }

  /**
   * A {@code POST} with a body through a connection path ({@code /users/me/devices}, {@code
   * /users/fred/likes/dogs}) creates entities of the named collection and connects them; like
   * {@link #updateConnected} it asks for more than the path's own permission: the caller must also
   * be allowed to {@code POST} to the collection itself ({@code /devices}). Otherwise a permission
   * under one's own connections would create entities in any collection, and, as for any request,
   * only administrators create in {@code /roles} or {@code /notifiers}.
   */
  public void requireCreatableAtItsOwnPath(
      ApplicationRef app, Principal caller, CollectionName collection) {
    access.authorizeAsRequest(caller, app, Verb.POST, List.of(collection.plural()));
  }

  /**
   * See {@link #updateConnected}: the caller may {@code PUT} the entity at its own path, by uuid or
   * by name.
   */
  public void requireWritableAtItsOwnPath(
      ApplicationRef app, Principal caller, StoredEntity target) {
    try {
      access.authorizeAsRequest(
          caller, app, Verb.PUT, List.of(target.collection(), target.uuid().toString()));
    } catch (MeridianException byUuid) {
      if (target.name() == null) {
        throw byUuid;
      }
      access.authorizeAsRequest(caller, app, Verb.PUT, List.of(target.collection(), target.name()));
    }
  }

  /** Notifications are written by sending them and by their delivery, never as plain entities. */
  private static void refuseNotificationWrite(CollectionName collection) {
    if (collection.equals(NotificationService.NOTIFICATIONS)) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "Send a notification by POST to /devices/{id}/notifications, /users/{id}/notifications,"
              + " /groups/{id}/notifications or /devices;ql=.../notifications");
    }
  }
}
