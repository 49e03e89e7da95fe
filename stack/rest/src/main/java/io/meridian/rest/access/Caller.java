package io.meridian.rest.access;

import io.meridian.core.entity.CollectionName;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;

/**
 * Who the request on this thread acts for, set by {@link AccessFilter} before any resource runs
 * (resources are synchronous, so the filter's thread serves the whole request).
 */
public final class Caller {
  private static final ThreadLocal<Principal> CURRENT = new ThreadLocal<>();

  private Caller() {}

  static void set(Principal principal) {
    CURRENT.set(principal);
  }

  static void clear() {
    CURRENT.remove();
  }

  /** The caller; a guest when the request carried no credentials. */
  public static Principal current() {
    Principal principal = CURRENT.get();
    return principal == null ? Principal.GUEST : principal;
  }

  /**
   * The entity a path segment names: Usergrid's {@code /users/me} is the signed-in app user (its
   * uuid); anything else is as given.
   */
  public static String entity(CollectionName collection, String entity) {
    Principal caller = current();
    if (collection.plural().equals("users")
        && entity.equalsIgnoreCase("me")
        && caller.kind() == PrincipalKind.APP_USER) {
      return caller.subject().toString();
    }
    return entity;
  }
}
