package io.meridian.rest.access;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.core.identity.admin.ManagementService;
import io.meridian.core.identity.admin.Organization;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.glassfish.jersey.server.ExtendedUriInfo;
import org.glassfish.jersey.server.model.ResourceMethod;

/**
 * Enforces the {@link Access} rule of the resource method a request matched, after {@link
 * AccessFilter} authenticated the caller (and authorised an application's path). Deny by default: a
 * method without a rule answers 403 to everyone.
 */
@Priority(Priorities.AUTHORIZATION)
public final class DeclaredAccessFilter implements ContainerRequestFilter {
  /** Set by {@link AccessFilter} once it authorised the request's application path. */
  static final String APPLICATION_AUTHORISED = "meridian.access.application-authorised";

  private final AccessControl access;
  private final ManagementService management;

  /** Each matched method's rule, looked up once; empty for a method of ours without one. */
  private final Map<ResourceMethod, Optional<Access.Rule>> rules = new ConcurrentHashMap<>();

  public DeclaredAccessFilter(AccessControl access, ManagementService management) {
    this.access = access;
    this.management = management;
  }

  @Override
  public void filter(ContainerRequestContext request) {
    // The matched method from the request's own route, not an injected proxy: no lookup per call.
    ResourceMethod matched = ((ExtendedUriInfo) request.getUriInfo()).getMatchedResourceMethod();
    if (matched == null) {
      return;
    }
    Access.Rule rule =
        rules
            .computeIfAbsent(matched, DeclaredAccessFilter::ruleOf)
            .orElseThrow(() -> new MeridianException(ErrorCode.FORBIDDEN, "No one may call this"));
    Principal caller = Caller.current();
    switch (rule) {
      case ANYONE, SCRAPER -> {}
      case APPLICATION -> {
        if (request.getProperty(APPLICATION_AUTHORISED) == null) {
          throw new MeridianException(ErrorCode.FORBIDDEN, "You are not allowed to do this");
        }
      }
      case ORGANIZATION_ADMIN ->
          requireOrganizationAdmin(
              caller, request.getUriInfo().getPathParameters().getFirst("org"));
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
   * The rule of a matched method. Jersey's model processors answer OPTIONS and 405s with handlers
   * that are not resource classes of ours (no {@code @Path}): they run no code of ours.
   */
  private static Optional<Access.Rule> ruleOf(ResourceMethod method) {
    Class<?> type = method.getInvocable().getHandler().getHandlerClass();
    if (type == null || !type.isAnnotationPresent(Path.class)) {
      return Optional.of(Access.Rule.ANYONE);
    }
    return Optional.ofNullable(ruleOf(method.getInvocable().getDefinitionMethod(), type));
  }

  /** The method's rule, else its class's; null when neither declares one. */
  public static Access.Rule ruleOf(Method method, Class<?> resourceClass) {
    Access declared = method.getAnnotation(Access.class);
    if (declared == null && resourceClass != null) {
      declared = resourceClass.getAnnotation(Access.class);
    }
    return declared == null ? null : declared.value();
  }

  /** An unknown organization and one the caller may not administer answer alike. */
  private void requireOrganizationAdmin(Principal caller, String name) {
    if (caller.isGuest()) {
      throw new MeridianException(ErrorCode.UNAUTHORIZED, "Sign in as an admin");
    }
    if (caller.kind() == PrincipalKind.SUPERUSER) {
      return; // the resource answers 404 for an unknown organization
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
