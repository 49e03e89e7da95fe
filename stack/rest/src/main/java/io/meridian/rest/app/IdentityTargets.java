package io.meridian.rest.app;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.access.RoleService;
import io.meridian.core.identity.user.UserService;
import io.meridian.rest.access.Caller;
import io.meridian.rest.param.EntityPath;

/**
 * What the identity sub-resources share: the user, group or role a path names (users found by uuid,
 * username or email), and the rule that only the user itself or an administrator may act on a
 * user's credentials.
 */
public final class IdentityTargets {
  /** The entity a path names, its application and collection, and the holder of its grants. */
  public record Target(
      ApplicationRef application, CollectionName collection, StoredEntity entity, String holder) {}

  private final ApplicationService applications;
  private final EntityService entities;
  private final UserService users;

  public IdentityTargets(
      ApplicationService applications, EntityService entities, UserService users) {
    this.applications = applications;
    this.entities = entities;
    this.users = users;
  }

  /** The user, group or role the path names, found once its application is. */
  Target target(EntityPath path) {
    ApplicationRef application = applications.require(path.org(), path.app());
    CollectionName name = CollectionName.of(path.collection());
    String entity = path.entity();
    String id = Caller.entity(name, entity);
    StoredEntity found =
        name.equals(RoleService.USERS)
            ? users
                .find(application, id)
                .orElseThrow(
                    () ->
                        new MeridianException(
                            ErrorCode.ENTITY_NOT_FOUND,
                            "Entity user with identifier " + entity + " not found"))
            : entities.get(application, name, id);
    return new Target(application, name, found, RoleService.holder(found));
  }
}
