package io.meridian.core.identity.access;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.admin.Organization;
import io.meridian.core.identity.admin.OrganizationStore;
import io.meridian.core.identity.permission.PermissionSet;
import io.meridian.core.identity.permission.Verb;
import io.meridian.core.identity.token.AccessEvent;
import io.meridian.core.identity.token.AccessFeed;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Decides whether a caller may do something in an application. Tenancy first: a credential of one
 * application or organization never reaches another. Then app users and guests are checked against
 * their effective permissions: their own, their roles', their groups' and their groups' roles',
 * plus the {@code default} role for any signed-in user ({@code guest} alone for anonymous callers).
 *
 * <p>Effective permissions are computed once per node and kept per application; any grant change in
 * an application publishes an event that makes every node drop that application's entry, and loads
 * racing with the drop land in the dropped entry, never in the new one.
 */
public final class AccessControl {
  public static final String GUEST_ROLE = "guest";
  public static final String DEFAULT_ROLE = "default";
  public static final String ADMIN_ROLE = "admin";

  private final GrantStore grants;
  private final RoleDirectory roles;
  private final OrganizationStore organizations;
  private final Cache<UUID, ApplicationAccess> applications =
      Caffeine.newBuilder().maximumSize(10_000).build();
  private final LoadingCache<UUID, Set<UUID>> adminOrganizations;

  public AccessControl(
      GrantStore grants, RoleDirectory roles, OrganizationStore organizations, AccessFeed feed) {
    this.grants = grants;
    this.roles = roles;
    this.organizations = organizations;
    this.adminOrganizations =
        Caffeine.newBuilder()
            .maximumSize(100_000)
            .build(admin -> Set.copyOf(organizations.organizationsOf(admin)));
    feed.subscribe(
        event -> {
          switch (event.kind()) {
            case APPLICATION, APPLICATION_DELETED -> applications.invalidate(event.target());
            case SUBJECT -> adminOrganizations.invalidate(event.target());
          }
        });
  }

  /**
   * Returns normally when the caller may apply {@code verb} to {@code path} (canonical segments
   * relative to the application); 401 when its credentials do not reach this application (or it is
   * anonymous and the guest role does not allow it), 403 when they do but do not allow this.
   */
  public void authorize(
      Principal caller, ApplicationRef application, Verb verb, List<String> path) {
    if (reachesAsAdministrator(caller, application)) {
      return;
    }
    PermissionSet permissions = permissions(caller, application);
    if (!permissions.allows(verb, path)) {
      throw caller.isGuest()
          ? guestRefused()
          : new MeridianException(ErrorCode.FORBIDDEN, "You are not allowed to do this");
    }
  }

  /**
   * Authorises as a request of this verb on this canonical path would be ({@link RequestAccess}):
   * administrators only where the path changes who may do what or holds push credentials ({@code
   * /roles}, {@code /notifiers}), else the caller's permission. For a use case that writes at a
   * path other than the request's (an entity created or written through a connection path).
   */
  public void authorizeAsRequest(
      Principal caller, ApplicationRef application, Verb verb, List<String> path) {
    if (verb != Verb.GET && ApplicationPaths.administers(path)
        || ApplicationPaths.administersEvenToRead(path)) {
      requireAdministrator(caller, application);
      return;
    }
    authorize(caller, application, verb, path);
  }

  /**
   * Returns normally when the caller administers the application (its client credentials, its
   * organization's credentials or admins, the superuser); app users never do, whatever their
   * permissions, so no one can raise their own rights through a wide permission.
   */
  public void requireAdministrator(Principal caller, ApplicationRef application) {
    if (!reachesAsAdministrator(caller, application)) {
      throw caller.isGuest()
          ? guestRefused()
          : new MeridianException(
              ErrorCode.FORBIDDEN, "Only the application's administrators may do this");
    }
  }

  /**
   * The entities of the application the caller may see: all of them for its administrators, for
   * anyone else those a {@code GET} of the entity by uuid or by name would allow; none for a
   * credential that does not reach the application.
   */
  public Visibility visibility(Principal caller, ApplicationRef application) {
    try {
      if (reachesAsAdministrator(caller, application)) {
        return Visibility.ALL;
      }
    } catch (MeridianException e) {
      return Visibility.NONE;
    }
    PermissionSet permissions = permissions(caller, application);
    // An app user always reads itself, as GET /users/me does (RequestAccess).
    UUID self = caller.kind() == PrincipalKind.APP_USER ? caller.subject() : null;
    return entity ->
        entity.uuid().equals(self) && entity.collection().equals("users")
            || permissions.allows(Verb.GET, List.of(entity.collection(), entity.uuid().toString()))
            || entity.name() != null
                && permissions.allows(Verb.GET, List.of(entity.collection(), entity.name()));
  }

  /**
   * Refuses (403) anyone but the user itself and the application's administrators, for what only
   * they may do to a user's credentials (its password, its tokens); whether the caller is an
   * administrator.
   */
  public boolean requireSelfOrAdministrator(
      Principal caller, ApplicationRef application, UUID user) {
    boolean administrator = isAdministrator(caller, application);
    boolean self = caller.kind() == PrincipalKind.APP_USER && user.equals(caller.subject());
    if (!self && !administrator) {
      throw new MeridianException(
          ErrorCode.FORBIDDEN, "Only the user or an administrator may do this");
    }
    return administrator;
  }

  /**
   * Returns normally when the caller's credentials reach the application, whatever they are allowed
   * in it: its administrators, its own users, and anonymous callers (its guest role); 401 for a
   * credential of another application or organization (403 for another organization's admin). What
   * such a caller may then read or change is checked for each thing it touches.
   */
  public void requireReach(Principal caller, ApplicationRef application) {
    reachesAsAdministrator(caller, application);
  }

  /** Whether the caller administers the application (see {@link #requireAdministrator}). */
  public boolean isAdministrator(Principal caller, ApplicationRef application) {
    try {
      return reachesAsAdministrator(caller, application);
    } catch (MeridianException e) {
      return false;
    }
  }

  /**
   * The answer to a request for an application that does not exist: {@code notFound} for those who
   * would see the application if it did (the superuser, the organization's admins and credentials),
   * and for anyone else exactly the refusal an application they cannot reach gives them, so that no
   * one learns which applications exist before being authorised for the organization.
   */
  public MeridianException missingApplication(
      Principal caller, String organization, MeridianException notFound) {
    return switch (caller.kind()) {
      case SUPERUSER -> notFound;
      case ADMIN, ORGANIZATION -> {
        Optional<UUID> id;
        try {
          id = organizations.find(organization).map(Organization::id);
        } catch (MeridianException e) {
          id = Optional.empty(); // a name that could not exist
        }
        if (id.isPresent() && administersOrganization(caller, id.get())) {
          yield notFound;
        }
        yield caller.kind() == PrincipalKind.ADMIN
            ? new MeridianException(
                ErrorCode.FORBIDDEN, "You are not an administrator of this organization")
            : notReached();
      }
      case APPLICATION, APP_USER -> notReached();
      case GUEST -> guestRefused();
    };
  }

  /** Whether the caller administers the organization: one of its admins, its credentials, root. */
  public boolean administersOrganization(Principal caller, UUID organization) {
    return switch (caller.kind()) {
      case SUPERUSER -> true;
      case ORGANIZATION -> organization.equals(caller.scope());
      case ADMIN -> adminOrganizations.get(caller.subject()).contains(organization);
      default -> false;
    };
  }

  /** The organizations an admin belongs to, as this node knows them. */
  public Set<UUID> organizationsOf(UUID admin) {
    return adminOrganizations.get(admin);
  }

  /** The effective permissions of an app user (its own view of {@code /users/me/permissions}). */
  public PermissionSet userPermissions(ApplicationRef application, UUID user) {
    return access(application).user(user);
  }

  /**
   * Why an app user ({@code user} null: an anonymous caller) may or may not apply {@code verb} to
   * {@code path} by its permissions: the grant that allows it and every grant it holds, read afresh
   * and decided by the same walk as {@link #authorize}. Reaching the application is not considered:
   * the caller is assumed to be one of its users (or its guest).
   */
  public AccessExplanation explain(
      ApplicationRef application, UUID user, Verb verb, List<String> path) {
    ApplicationAccess access = access(application);
    List<PermissionGrant> held = user == null ? access.heldByGuest() : access.held(user);
    PermissionSet permissions = ApplicationAccess.permissionSet(held, user);
    Optional<PermissionGrant> by =
        permissions
            .granting(verb, path)
            .flatMap(
                granting ->
                    held.stream().filter(grant -> grant.permission().equals(granting)).findFirst());
    return new AccessExplanation(by, held);
  }

  /** Tells every node that access within the application changed. */
  public static AccessEvent changed(UUID application) {
    return new AccessEvent(AccessEvent.Kind.APPLICATION, application);
  }

  private boolean reachesAsAdministrator(Principal caller, ApplicationRef application) {
    return switch (caller.kind()) {
      case SUPERUSER -> true;
      case ADMIN -> {
        if (application.organizationId() == null
            || !adminOrganizations.get(caller.subject()).contains(application.organizationId())) {
          throw new MeridianException(
              ErrorCode.FORBIDDEN, "You are not an administrator of this organization");
        }
        yield true;
      }
      case ORGANIZATION -> {
        requireScope(caller.scope(), application.organizationId());
        yield true;
      }
      case APPLICATION -> {
        requireScope(caller.scope(), application.id());
        yield true;
      }
      case APP_USER -> {
        requireScope(caller.scope(), application.id());
        yield false;
      }
      case GUEST -> false;
    };
  }

  private PermissionSet permissions(Principal caller, ApplicationRef application) {
    ApplicationAccess access = access(application);
    return caller.kind() == PrincipalKind.APP_USER ? access.user(caller.subject()) : access.guest();
  }

  private ApplicationAccess access(ApplicationRef application) {
    return applications.get(
        application.id(), id -> new ApplicationAccess(application, grants, roles));
  }

  private static void requireScope(UUID granted, UUID wanted) {
    if (granted == null || !granted.equals(wanted)) {
      throw notReached();
    }
  }

  private static MeridianException notReached() {
    return new MeridianException(
        ErrorCode.UNAUTHORIZED, "These credentials are not valid for this application");
  }

  private static MeridianException guestRefused() {
    return new MeridianException(
        ErrorCode.UNAUTHORIZED, "Sign in: anonymous callers may not do this");
  }
}
