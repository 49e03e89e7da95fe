package io.meridian.rest.access;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.access.Visibility;

/**
 * Who the request on this thread acts for, set by {@link AccessFilter} before any resource runs
 * (resources are synchronous, so the filter's thread serves the whole request).
 */
public final class Caller {
  private static final ThreadLocal<Principal> CURRENT = new ThreadLocal<>();
  private static final ThreadLocal<Visibility> VISIBILITY = new ThreadLocal<>();

  private Caller() {}

  static void set(Principal principal) {
    CURRENT.set(principal);
  }

  static void clear() {
    CURRENT.remove();
    VISIBILITY.remove();
  }

  static void visibility(Visibility visibility) {
    VISIBILITY.set(visibility);
  }

  /**
   * The entities the caller may see in the application the request addresses, decided where the
   * request was authorised; nothing when no application was authorised (deny by default).
   */
  public static Visibility visibility() {
    Visibility visibility = VISIBILITY.get();
    return visibility == null ? Visibility.NONE : visibility;
  }

  /** Whether the request was authorised as one inside an application ({@code /{org}/{app}/...}). */
  public static boolean inApplication() {
    return VISIBILITY.get() != null;
  }

  /** The caller; a guest when the request carried no credentials. */
  public static Principal current() {
    Principal principal = CURRENT.get();
    return principal == null ? Principal.GUEST : principal;
  }

  /**
   * The entity a path segment names: Usergrid's {@code /users/me} is the signed-in app user (its
   * uuid); anything else is as given. {@code me} names no user when no app user signed in (no user
   * may be called so), which Usergrid answers {@code service_resource_not_found}: 404, or 401 to a
   * caller without credentials.
   */
  public static String entity(CollectionName collection, String entity) {
    if (!collection.plural().equals("users") || !entity.equalsIgnoreCase("me")) {
      return entity;
    }
    Principal caller = current();
    if (caller.kind() == PrincipalKind.APP_USER) {
      return caller.subject().toString();
    }
    throw new MeridianException(
        caller.isGuest()
            ? ErrorCode.SERVICE_RESOURCE_NOT_FOUND_ANONYMOUS
            : ErrorCode.SERVICE_RESOURCE_NOT_FOUND,
        "/users/me names the signed-in app user, and no app user signed in");
  }
}
