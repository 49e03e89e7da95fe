package io.meridian.rest.push;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.identity.access.RoleService;
import io.meridian.core.push.NotificationService;
import io.meridian.core.push.PushTarget;
import io.meridian.rest.access.Caller;

/** Turns a request path's entity into the target of a notification sent to it. */
public final class PushTargets {
  private PushTargets() {}

  /**
   * {@code /devices/{id}}, {@code /devices/*} (every device), {@code /users/{id}}, {@code
   * /groups/{id}}; 400 for any other collection, 404 for a missing entity.
   */
  public static PushTarget of(
      EntityService entities, ApplicationRef app, String collection, String entity) {
    CollectionName name = CollectionName.of(collection);
    if (name.equals(NotificationService.DEVICES) && entity.equals("*")) {
      return new PushTarget(PushTarget.Kind.QUERY, null, null);
    }
    PushTarget.Kind kind;
    if (name.equals(NotificationService.DEVICES)) {
      kind = PushTarget.Kind.DEVICE;
    } else if (name.equals(RoleService.USERS)) {
      kind = PushTarget.Kind.USER;
    } else if (name.equals(RoleService.GROUPS)) {
      kind = PushTarget.Kind.GROUP;
    } else {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "Notifications are sent to devices, users or groups");
    }
    return new PushTarget(kind, entities.get(app, name, Caller.entity(name, entity)).uuid(), null);
  }
}
