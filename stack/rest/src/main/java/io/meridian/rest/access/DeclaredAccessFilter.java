package io.meridian.rest.access;

import io.meridian.core.identity.RouteAccess;
import io.meridian.core.identity.access.Access;
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
 * Hands the {@link Access} rule of the resource method a request matched to core's {@link
 * RouteAccess}, after {@link AccessFilter} authenticated the caller (and authorised an
 * application's path). Deny by default: a method without a rule answers 403 to everyone.
 */
@Priority(Priorities.AUTHORIZATION)
public final class DeclaredAccessFilter implements ContainerRequestFilter {
  /** Set by {@link AccessFilter} once it authorised the request's application path. */
  static final String APPLICATION_AUTHORISED = "meridian.access.application-authorised";

  /** Set by {@link AccessFilter} on a request under {@code /system}. */
  static final String SYSTEM_PATH = "meridian.access.system-path";

  private final RouteAccess routes;

  /** Each matched method's rule, looked up once; empty for a method of ours without one. */
  private final Map<ResourceMethod, Optional<Access.Rule>> rules = new ConcurrentHashMap<>();

  public DeclaredAccessFilter(RouteAccess routes) {
    this.routes = routes;
  }

  @Override
  public void filter(ContainerRequestContext request) {
    // The matched method from the request's own route, not an injected proxy: no lookup per call.
    ResourceMethod matched = ((ExtendedUriInfo) request.getUriInfo()).getMatchedResourceMethod();
    if (matched == null) {
      return;
    }
    if (request.getProperty(SYSTEM_PATH) != null && !servesSystem(matched)) {
      // /system/x/y/z would otherwise match an application's routes (org "system", reserved).
      throw RouteAccess.systemPathNotServed(
          Caller.current(), "/" + request.getUriInfo().getPath(true));
    }
    routes.require(
        rules.computeIfAbsent(matched, DeclaredAccessFilter::ruleOf).orElse(null),
        Caller.current(),
        request.getUriInfo().getPathParameters().getFirst("org"),
        request.getProperty(APPLICATION_AUTHORISED) != null);
  }

  /** Whether the matched method is one of the {@code /system} resources. */
  private static boolean servesSystem(ResourceMethod method) {
    Class<?> type = method.getInvocable().getHandler().getHandlerClass();
    Path path = type == null ? null : type.getAnnotation(Path.class);
    return path == null || path.value().startsWith("/system/") || path.value().equals("/system");
  }

  /**
   * The rule of a matched method. Jersey's model processors answer OPTIONS and 405s with handlers
   * that are not resource classes of ours (no {@code @Path}): they run no code of ours.
   */
  private static Optional<Access.Rule> ruleOf(ResourceMethod method) {
    Class<?> type = method.getInvocable().getHandler().getHandlerClass();
    if (type == null || !type.isAnnotationPresent(Path.class)) {
      return Optional.of(Access.Rule.PUBLIC);
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
}
