package io.meridian.rest.access;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.core.identity.permission.PathPattern;
import io.meridian.core.identity.permission.Verb;
import io.meridian.core.identity.token.AccessFeed;
import io.meridian.core.identity.token.ClientCredentials;
import io.meridian.core.identity.token.TokenService;
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
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Authenticates every request and authorises every application request before it is matched to a
 * resource, by its method and path, so that what a permission names is exactly what is served.
 * Every other rule (management, {@code /system}, the open endpoints) is declared on the resource
 * with {@link Access} and enforced by {@link DeclaredAccessFilter} once the request is matched;
 * {@link Access.Rule#APPLICATION} routes require that this filter authorised their path.
 *
 * <p>The path is checked as decoded segments: a segment that decodes to contain a slash or
 * backslash, or that is {@code .} or {@code ..}, is refused outright, so what the permission sees
 * is exactly what the resource serves.
 */
@PreMatching
@Priority(Priorities.AUTHENTICATION)
public final class AccessFilter implements ContainerRequestFilter, ContainerResponseFilter {
  /**
   * Paths served to anyone without looking at credentials (health checks stay free of crypto): the
   * root, the health checks, the API documents (OpenAPI, and AsyncAPI for the WebSocket) and the
   * reference page with the page's files. The console ({@code /console} and every file under it) is
   * open too: its files hold no data, and its calls carry the admin's own token.
   */
  private static final Set<String> PUBLIC =
      Set.of("", "status", "lb-status", "openapi.json", "openapi.yaml", "asyncapi.json", "docs");

  /**
   * The application's WebSocket ({@code /{org}/{app}/_realtime}); no collection can take the name,
   * which must start with a letter.
   */
  private static final String REALTIME = "_realtime";

  private static final String REFERENCE_FILES = "docs";

  private static final String CONSOLE = "console";

  private static final CollectionName USERS = CollectionName.of("users");

  private static final Set<String> MEMBERSHIPS_OF_USERS = Set.of("roles", "permissions", "groups");
  private static final Set<String> MEMBERSHIPS_OF_GROUPS = Set.of("roles", "permissions", "users");
  private static final Set<String> PUSH = Set.of("notifiers", "notifications");

  private final TokenService tokens;
  private final ClientCredentials clients;
  private final ApplicationService applications;
  private final AccessControl access;
  private final AccessFeed feed;
  private final EntityService entities;

  public AccessFilter(
      TokenService tokens,
      ClientCredentials clients,
      ApplicationService applications,
      AccessControl access,
      AccessFeed feed,
      EntityService entities) {
    this.tokens = tokens;
    this.clients = clients;
    this.applications = applications;
    this.access = access;
    this.feed = feed;
    this.entities = entities;
  }

  @Override
  public void filter(ContainerRequestContext request) {
    Caller.clear();
    List<PathSegment> segments = segments(request.getUriInfo().getPathSegments(true));
    String first = segments.isEmpty() ? "" : segments.get(0).getPath();
    if (segments.size() <= 1 && PUBLIC.contains(first)
        || segments.size() == 2 && first.equals(REFERENCE_FILES)
        || first.equals(CONSOLE)) {
      return;
    }
    if (first.equals("metrics")) {
      return; // MetricsResource checks its caller: a scrape token is not an access token
    }
    if (CometaPaths.matches(segments)) {
      // Cometa's application API: the key in the path is the client id, the OAuth header its
      // secret.
      Principal application = CometaPaths.authenticate(request, segments, clients);
      Caller.set(application);
      request.setProperty(DeclaredAccessFilter.APPLICATION_AUTHORISED, Boolean.TRUE);
      return;
    }
    Principal caller = authenticate(request, segments);
    Caller.set(caller);
    if (first.equals("management") || first.equals("system")) {
      return; // not an application's path: their resources declare their rules (Access)
    }
    if (segments.size() < 3 || segments.size() == 3 && segments.get(2).getPath().equals("token")) {
      return; // nothing to authorise: 404s, and the application's sign-in
    }
    Optional<Verb> verb = Verb.ofMethod(request.getMethod());
    if (verb.isEmpty()) {
      return; // answered 405 by the resource layer
    }
    feed.requireFresh();
    ApplicationRef application = application(caller, segments);
    List<PathSegment> rest = segments.subList(2, segments.size());
    if (rest.size() == 1 && rest.get(0).getPath().equals(REALTIME)) {
      // Opening the socket needs only credentials that reach the application (a guest's do):
      // every subscription, event and request is authorised inside the connection.
      access.requireReach(caller, application);
      if (verb.get() != Verb.GET) {
        // Jersey would hand another method to the collection routes, which refuse the name.
        throw new NotAllowedException("GET", new String[] {"HEAD", "OPTIONS"});
      }
      Caller.visibility(access.visibility(caller, application));
      request.setProperty(DeclaredAccessFilter.APPLICATION_AUTHORISED, Boolean.TRUE);
      return;
    }
    requireQueryOnlyWhereRead(rest, verb.get());
    List<String> path =
        writesByQuery(selfByUsername(caller, application, canonical(rest, caller)), verb.get());
    if (verb.get() != Verb.GET && administers(path) || administersEvenToRead(path)) {
      access.requireAdministrator(caller, application);
    } else if (verb.get() == Verb.POST && isBatchLookup(path)) {
      access.authorize(caller, application, Verb.GET, path.subList(0, 1));
    } else {
      access.authorize(caller, application, verb.get(), path);
    }
    Caller.visibility(access.visibility(caller, application));
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

  /** Bearer tokens first: the query string is only decoded when no header is sent. */
  private Principal authenticate(ContainerRequestContext request, List<PathSegment> segments) {
    String bearer = BearerToken.of(request.getHeaderString("Authorization"));
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
      return clients.authenticate(clientId, clientSecret);
    }
    return Principal.GUEST;
  }

  /** The decoded segments without a trailing empty one; 400 for anything that could mislead. */
  static List<PathSegment> segments(List<PathSegment> decoded) {
    int size = decoded.size();
    if (size > 0 && decoded.get(size - 1).getPath().isEmpty()) {
      size--;
    }
    for (int i = 0; i < size; i++) {
      String path = decoded.get(i).getPath();
      if (path.isEmpty()
          || path.equals(".")
          || path.equals("..")
          || path.indexOf('/') >= 0
          || path.indexOf('\\') >= 0) {
        throw new MeridianException(
            ErrorCode.BAD_REQUEST,
            "The path has an empty, '.' or '..' segment or an encoded slash");
      }
    }
    return decoded.subList(0, size);
  }

  /**
   * 400 for matrix parameters anywhere but where a resource reads them as a query: on the
   * collection segment, alone ({@code /users;ql=...}) or before a verb in a GET ({@code
   * /users;ql=.../devices}). Elsewhere the resources ignore them, so {@code
   * /users;ql=x/me/roles/admin} would be checked as a query but served as {@code
   * /users/me/roles/admin}.
   */
  static void requireQueryOnlyWhereRead(List<PathSegment> rest, Verb verb) {
    for (int i = 1; i < rest.size(); i++) {
      if (!rest.get(i).getMatrixParameters().isEmpty()) {
        throw new MeridianException(
            ErrorCode.BAD_REQUEST, "Matrix parameters are only read on the collection segment");
      }
    }
    if (!rest.get(0).getMatrixParameters().isEmpty()
        && (rest.size() > 2 || rest.size() == 2 && verb != Verb.GET && !notifies(rest, verb))) {
      throw new MeridianException(
          ErrorCode.BAD_REQUEST,
          "A query in the path ('/users;ql=...') may only be followed by a verb, in a GET");
    }
  }

  /**
   * The path a permission is checked against: the collection by its canonical plural, entity names
   * lower-cased, the caller's own user as its uuid ({@code me} included), and for a query across a
   * collection's entities ({@code /users;ql=.../devices}) the entity segment as "any".
   */
  static List<String> canonical(List<PathSegment> rest, Principal caller) {
    List<String> path = new ArrayList<>(rest.size());
    String collection = CollectionName.of(rest.get(0).getPath()).plural();
    path.add(collection);
    if (rest.size() > 1) {
      int next;
      if (rest.get(0).getMatrixParameters().isEmpty()) {
        path.add(entity(collection, rest.get(1).getPath(), caller));
        next = 2;
      } else {
        path.add(PathPattern.ANY_ENTITY); // the segment after a query is a verb, not an entity
        next = 1;
      }
      for (int i = next; i < rest.size(); i++) {
        String segment = rest.get(i).getPath();
        boolean targetCollection = next == 2 && i == 3 && rest.size() == 5;
        path.add(targetCollection ? collectionOrLiteral(segment) : lower(segment));
      }
    }
    return path;
  }

  private static String entity(String collection, String entity, Principal caller) {
    if (collection.equals("users")
        && caller.kind() == PrincipalKind.APP_USER
        && (entity.equalsIgnoreCase("me")
            || entity.equalsIgnoreCase(caller.subject().toString()))) {
      return caller.subject().toString();
    }
    return lower(entity);
  }

  /**
   * An app user naming itself by its username ({@code /users/fred/password}) is checked as itself,
   * as with {@code me} or its uuid: the rule Usergrid recommends, {@code /users/${user}/**}, names
   * the uuid. The name is looked up only for an app user addressing a user by a name; any other
   * user's name is checked as written.
   */
  private List<String> selfByUsername(
      Principal caller, ApplicationRef application, List<String> path) {
    if (caller.kind() != PrincipalKind.APP_USER
        || path.size() < 2
        || !path.get(0).equals(USERS.plural())
        || path.get(1).equals(caller.subject().toString())
        || path.get(1).equals(PathPattern.ANY_ENTITY)
        || looksLikeUuid(path.get(1))) {
      return path;
    }
    boolean self =
        entities
            .find(application, USERS, path.get(1))
            .filter(user -> user.uuid().equals(caller.subject()))
            .isPresent();
    if (!self) {
      return path;
    }
    List<String> own = new ArrayList<>(path);
    own.set(1, caller.subject().toString());
    return own;
  }

  private static boolean looksLikeUuid(String segment) {
    try {
      UUID.fromString(segment);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static String collectionOrLiteral(String segment) {
    try {
      return CollectionName.of(segment).plural();
    } catch (MeridianException e) {
      return lower(segment);
    }
  }

  /**
   * A {@code PUT} or {@code DELETE} of a collection changes every entity its query selects, so it
   * needs a permission covering every entity ({@code put:/things/*}), as a query across entities
   * does, never only one naming the collection.
   */
  static List<String> writesByQuery(List<String> path, Verb verb) {
    if (path.size() == 1 && (verb == Verb.PUT || verb == Verb.DELETE)) {
      return List.of(path.get(0), PathPattern.ANY_ENTITY);
    }
    return path;
  }

  /** The batch point lookup, a read sent as a POST for its body of points. */
  static boolean isBatchLookup(List<String> path) {
    return path.size() == 2 && path.get(1).equals("_contains");
  }

  /**
   * Requests that change who may do what, or how a collection is held: administrators only,
   * whatever a permission says.
   */
  static boolean administers(List<String> path) {
    String collection = path.get(0);
    if (collection.equals("roles") || path.size() == 2 && path.get(1).equals("_settings")) {
      return true;
    }
    // Push: notifiers hold provider credentials, and a notification reaches people's devices.
    if (PUSH.contains(collection) || path.get(path.size() - 1).equals("notifications")) {
      return true;
    }
    if (path.size() < 3) {
      return false;
    }
    return collection.equals("users") && MEMBERSHIPS_OF_USERS.contains(path.get(2))
        || collection.equals("groups") && MEMBERSHIPS_OF_GROUPS.contains(path.get(2));
  }

  /**
   * Reads that hand out what lets something act for the application: its devices' secrets, and its
   * edge settings (the webhook events go to). Administrators only, whatever a permission says.
   */
  static boolean administersEvenToRead(List<String> path) {
    if (!path.get(0).equals("devices")) {
      return false;
    }
    return path.size() == 2 && path.get(1).equals("_settings")
        || path.size() == 3 && path.get(2).equals("secret");
  }

  /** {@code POST /devices;ql=.../notifications}: a notification to the devices a query selects. */
  private static boolean notifies(List<PathSegment> rest, Verb verb) {
    return verb == Verb.POST && rest.size() == 2 && rest.get(1).getPath().equals("notifications");
  }

  private static String lower(String text) {
    return text.toLowerCase(Locale.ROOT);
  }
}
