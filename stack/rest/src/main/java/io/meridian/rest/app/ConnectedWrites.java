package io.meridian.rest.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.core.identity.permission.Verb;
import io.meridian.core.identity.user.UserService;
import io.meridian.rest.access.Caller;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;

/**
 * A {@code PUT} through a connection path ({@code /users/fred/likes/dogs/rex}): Usergrid merged the
 * body into the connected entity. Meridian does the same, but asks for more than the path's own
 * permission, which the access filter has checked: the caller must also be allowed to {@code PUT}
 * the entity at its own path ({@code /dogs/rex} or by uuid). Otherwise a user allowed to write
 * under its own connections could change any entity it can connect to.
 */
public final class ConnectedWrites {
  private final EntityService entities;
  private final UserService users;
  private final AccessControl access;

  public ConnectedWrites(EntityService entities, UserService users, AccessControl access) {
    this.entities = entities;
    this.users = users;
    this.access = access;
  }

  StoredEntity update(
      ApplicationRef application,
      StoredEntity target,
      JsonNode body,
      WriteOptions options,
      HttpServletRequest servlet) {
    requireWritableAtItsOwnPath(application, target);
    CollectionName collection = CollectionName.of(target.collection());
    String id = target.uuid().toString();
    return collection.equals(UserService.USERS)
        ? users.update(application, id, body, options, Requesters.of(access, application, servlet))
        : entities.update(application, collection, id, body, options);
  }

  private void requireWritableAtItsOwnPath(ApplicationRef application, StoredEntity target) {
    try {
      access.authorize(
          Caller.current(),
          application,
          Verb.PUT,
          List.of(target.collection(), target.uuid().toString()));
    } catch (MeridianException byUuid) {
      if (target.name() == null) {
        throw byUuid;
      }
      access.authorize(
          Caller.current(), application, Verb.PUT, List.of(target.collection(), target.name()));
    }
  }
}
