package io.meridian.core.identity;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.access.Access;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.core.identity.admin.ManagementService;
import io.meridian.core.identity.admin.Organization;

/**
 * Decides the rule an operation declares ({@link Access}) for a caller the protocol authenticated.
 * Deny by default: an operation without a rule is refused to everyone. Paths inside an application
 * ({@link Access.Rule#APPLICATION}) are decided before the operation is matched, by {@link
 * io.meridian.core.identity.access.RequestAccess}; this only checks that it happened.
 */
public final class RouteAccess {
  private final AccessControl access;
  private final ManagementService management;
  private final boolean openRegistration;

  /**
   * @param openRegistration whether anyone may register an organization or an admin ({@link
   *     Access.Rule#REGISTRATION}); else only the superuser may
   */
  public RouteAccess(AccessControl access, ManagementService management, boolean openRegistration) {
    this.access = access;
    this.management = management;
    this.openRegistration = openRegistration;
  }

  /** Whether anyone may register organizations and admins. */
  public boolean openRegistration() {
    return openRegistration;
  }

  /**
   * Refuses the caller unless the rule lets it in.
   *
   * @param rule the operation's rule, null for one that declares none
   * @param organization the {@code {org}} the operation addresses, for {@link
   *     Access.Rule#ORGANIZATION_ADMIN}; else ignored
   * @param applicationAuthorised whether the request's application path was authorised
   */
  public void require(
      Access.Rule rule, Principal caller, String organization, boolean applicationAuthorised) {
    if (rule == null) {
      throw new MeridianException(ErrorCode.FORBIDDEN, "No one may call this");
    }
    switch (rule) {
      case PUBLIC, ANYONE, SCRAPER -> {}
      case REGISTRATION -> {
        if (!openRegistration && caller.kind() != PrincipalKind.SUPERUSER) {
          throw caller.isGuest()
              ? new MeridianException(
                  ErrorCode.UNAUTHORIZED, "Registration is closed: sign in as the superuser")
              : new MeridianException(ErrorCode.FORBIDDEN, "Only the superuser may register");
        }
      }
      case APPLICATION -> {
        if (!applicationAuthorised) {
          throw new MeridianException(ErrorCode.FORBIDDEN, "You are not allowed to do this");
        }
      }
      case ORGANIZATION_ADMIN -> requireOrganizationAdmin(caller, organization);
      case ADMIN -> {
        if (caller.kind() != PrincipalKind.ADMIN && caller.kind() != PrincipalKind.SUPERUSER) {
          throw signIn(caller, "Sign in as an admin", "Only admins may do this");
        }
      }
      case SUPERUSER -> {
        if (caller.kind() != PrincipalKind.SUPERUSER) {
          throw signIn(caller, "Sign in as the superuser", "Only the superuser may do this");
        }
      }
    }
  }

  /**
   * A {@code /system} path the server does not serve: 404 to the superuser, who may know; 401 to
   * anyone else, as any {@code /system} route answers them (never 403, and never taken for an
   * application: {@code system} is a reserved organization name).
   */
  public static MeridianException systemPathNotServed(Principal caller, String path) {
    return caller.kind() == PrincipalKind.SUPERUSER
        ? new MeridianException(ErrorCode.NOT_FOUND, "No resource at " + path)
        : new MeridianException(ErrorCode.UNAUTHORIZED, "Sign in as the superuser");
  }

  /** An unknown organization and one the caller may not administer answer alike. */
  private void requireOrganizationAdmin(Principal caller, String name) {
    if (caller.isGuest()) {
      throw new MeridianException(ErrorCode.UNAUTHORIZED, "Sign in as an admin");
    }
    if (caller.kind() == PrincipalKind.SUPERUSER) {
      return; // the operation answers 404 for an unknown organization
    }
    Organization organization;
    try {
      organization = management.organization(name);
    } catch (MeridianException e) {
      throw notAdministrator();
    }
    if (!access.administersOrganization(caller, organization.id())) {
      throw notAdministrator();
    }
  }

  private static MeridianException notAdministrator() {
    return new MeridianException(
        ErrorCode.FORBIDDEN, "You are not an administrator of this organization");
  }

  private static MeridianException signIn(Principal caller, String guest, String other) {
    return caller.isGuest()
        ? new MeridianException(ErrorCode.UNAUTHORIZED, guest)
        : new MeridianException(ErrorCode.FORBIDDEN, other);
  }
}
