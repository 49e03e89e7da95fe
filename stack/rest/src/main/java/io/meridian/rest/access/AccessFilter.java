package io.meridian.rest.access;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.identity.AuthService;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.core.identity.access.ApplicationPaths;
import io.meridian.core.identity.access.RequestAccess;
import io.meridian.core.identity.access.Visibility;
import io.meridian.core.identity.admin.ManagementService;
import io.meridian.core.identity.permission.Verb;
import io.meridian.core.identity.token.AccessFeed;
import io.meridian.core.identity.token.BearerToken;
import io.meridian.core.identity.token.TokenService;
import io.meridian.rest.request.ClientAddressFilter;
import jakarta.annotation.Priority;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.PathSegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Authenticates every request before it is matched to a resource, and hands a request inside an
 * application to core's {@link RequestAccess} by its method and decoded path, so that what a
 * permission names is exactly what is served. Which operations skip authentication comes from their
 * declared rules ({@link OpenRoutes}); every other rule is enforced by {@link DeclaredAccessFilter}
 * once the request is matched.
 *
 * <p>The path is checked as decoded segments: a segment that decodes to contain a slash or
 * backslash, or that is {@code .} or {@code ..}, is refused outright.
 */
@PreMatching
@Priority(Priorities.AUTHENTICATION)
public final class AccessFilter implements ContainerRequestFilter, ContainerResponseFilter {
  /**
   * The request property holding the {@link ApplicationRef} a request addresses, once resolved
   * (before it is authorised, so refusals count too): the per-application request counts read it.
   */
  public static final String APPLICATION = AccessFilter.class.getName() + ".application";

  private final TokenService tokens;
  private final AuthService clients;
  private final ApplicationService applications;
  private final AccessControl access;
  private final AccessFeed feed;
  private final RequestAccess requests;
  private final OpenRoutes open;

  /**
   * @param clients checks client credentials sent with a request, counting wrong secrets as the
   *     token endpoints do
   */
  public AccessFilter(
      TokenService tokens,
      AuthService clients,
      ApplicationService applications,
      AccessControl access,
      AccessFeed feed,
      RequestAccess requests,
      OpenRoutes open) {
    this.tokens = tokens;
    this.clients = clients;
    this.applications = applications;
    this.access = access;
    this.feed = feed;
    this.requests = requests;
    this.open = open;
  }

  @Override
  public void filter(ContainerRequestContext request) {
    Caller.clear();
    List<PathSegment> segments = segments(request.getUriInfo().getPathSegments(true));
    if (segments.isEmpty() || open.matches(path(segments))) {
      return; // the root serves nothing; open routes read no credentials
    }
    if (CometaPaths.matches(segments)) {
      // Cometa's application API: the key in the path is the client id, the OAuth header its
      // secret.
      Principal application =
          CometaPaths.authenticate(
              request,
              segments,
              (id, secret) -> clients.authenticateClient(id, secret, clientAddress(request)));
      Caller.set(application);
      request.setProperty(DeclaredAccessFilter.APPLICATION_AUTHORISED, Boolean.TRUE);
      return;
    }
    Principal caller = authenticate(request, segments);
    Caller.set(caller);
    String first = segments.get(0).getPath();
    if (first.equals("system")) {
      request.setProperty(DeclaredAccessFilter.SYSTEM_PATH, Boolean.TRUE);
      return; // the operators' routes declare their rules (Access)
    }
    if (first.equals("management")) {
      return; // not an application's path: its resources declare their rules (Access)
    }
    if (segments.size() < 2 || segments.size() == 2 && ManagementService.isReservedName(first)) {
      return; // nothing to authorise: 404s, or another root's paths (/docs/{page})
    }
    Optional<Verb> verb = Verb.ofMethod(request.getMethod());
    List<RequestAccess.Segment> rest = applicationPath(segments.subList(2, segments.size()));
    if (rest.size() == 1 && rest.get(0).path().equals(RequestAccess.TOKEN)) {
      return; // the application's sign-in, open to anyone
    }
    if (verb.isEmpty()) {
      return; // answered 405 by the resource layer
    }
    feed.requireFresh();
    ApplicationRef application = application(caller, segments);
    request.setProperty(APPLICATION, application);
    Visibility visibility = requests.authorize(caller, application, verb.get(), rest);
    if (verb.get() != Verb.GET && RequestAccess.readOnly(rest)) {
      // Jersey would hand another method to the collection routes, which refuse the name.
      throw new NotAllowedException("GET", new String[] {"HEAD", "OPTIONS"});
    }
    Caller.visibility(visibility);
    request.setProperty(DeclaredAccessFilter.APPLICATION_AUTHORISED, Boolean.TRUE);
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    Caller.clear();
  }

  /** The application addressed; a missing one is told only to those who could see it. */
  private ApplicationRef application(Principal caller, List<PathSegment> segments) {
    String organization = segments.get(0).getPath();
    String name = segments.get(1).getPath();
    try {
      return applications.require(organization, name);
    } catch (MeridianException e) {
      if (e.code() != ErrorCode.APPLICATION_NOT_FOUND) {
        throw e; // a name that could never exist, told alike to everyone
      }
      throw access.missingApplication(caller, organization, e);
    }
  }

  /**
   * Bearer tokens first: the query string is only decoded when no header is sent. On {@code
   * /system} only, the superuser's HTTP Basic credentials too, checked as a sign-in (throttled).
   */
  private Principal authenticate(ContainerRequestContext request, List<PathSegment> segments) {
    String authorization = request.getHeaderString("Authorization");
    if (BasicCredentials.isBasic(authorization) && isSystem(segments)) {
      BasicCredentials basic = BasicCredentials.of(authorization);
      return clients.authenticateSuperuser(
          basic.username(), basic.password(), clientAddress(request));
    }
    String bearer = BearerToken.of(authorization);
    if (bearer != null) {
      return tokens.authenticate(bearer);
    }
    MultivaluedMap<String, String> query = request.getUriInfo().getQueryParameters();
    String token = query.getFirst("access_token");
    if (token != null) {
      return tokens.authenticate(token);
    }
    String clientId = query.getFirst("client_id");
    String clientSecret = query.getFirst("client_secret");
    if (clientId != null || clientSecret != null) {
      if (!segments.isEmpty() && segments.get(segments.size() - 1).getPath().equals("token")) {
        return Principal.GUEST; // the token endpoint takes them as its own grant
      }
      return clients.authenticateClient(clientId, clientSecret, clientAddress(request));
    }
    return Principal.GUEST;
  }

  /** Whether the path is the operators' {@code /system} (a reserved organization name). */
  static boolean isSystem(List<PathSegment> segments) {
    return !segments.isEmpty() && segments.get(0).getPath().equals("system");
  }

  /** The address {@code ClientAddressFilter} (or the socket) decided, or null. */
  private static String clientAddress(ContainerRequestContext request) {
    return request.getProperty(ClientAddressFilter.ATTRIBUTE) instanceof String address
        ? address
        : null;
  }

  /** The decoded segments without a trailing empty one; 400 for anything that could mislead. */
  static List<PathSegment> segments(List<PathSegment> decoded) {
    return ApplicationPaths.checked(decoded, PathSegment::getPath);
  }

  /** The segments after {@code /{org}/{app}} as core reads them. */
  static List<RequestAccess.Segment> applicationPath(List<PathSegment> rest) {
    List<RequestAccess.Segment> path = new ArrayList<>(rest.size());
    for (PathSegment segment : rest) {
      path.add(
          new RequestAccess.Segment(segment.getPath(), !segment.getMatrixParameters().isEmpty()));
    }
    return path;
  }

  private static String path(List<PathSegment> segments) {
    StringBuilder path = new StringBuilder();
    for (PathSegment segment : segments) {
      path.append('/').append(segment.getPath());
    }
    return path.toString();
  }
}
