package io.meridian.core.identity.access;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.permission.Verb;
import java.util.ArrayList;
import java.util.List;

/**
 * What a request inside an application needs, from its verb and its path after {@code
 * /{org}/{app}}: anyone (the sign-in), credentials that reach the application (its WebSocket), an
 * administrator (whatever a permission says), or a permission for a verb on a canonical path (see
 * {@link ApplicationPaths}). The HTTP API enforces it on every request before the request is
 * matched to a resource, and the permission simulator explains it, so both read the same rules.
 */
public final class RequestAccess {
  /** The application's sign-in, open to anyone. */
  public static final String TOKEN = "token";

  /**
   * The application's WebSocket; no collection can take the name, which must start with a letter.
   */
  public static final String REALTIME = "_realtime";

  /** The permission simulator, for the application's administrators. */
  public static final String ACCESS = "_access";

  private static final CollectionName USERS = CollectionName.of("users");

  /** Who may make a request. */
  public enum Rule {
    ANYONE,
    REACH,
    ADMINISTRATORS,
    PERMISSION
  }

  /**
   * What a request needs.
   *
   * @param verb the verb checked (a batch point lookup, a POST, is checked as the GET it is)
   * @param path the canonical path checked, relative to the application
   */
  public record Requirement(Rule rule, Verb verb, List<String> path) {}

  /**
   * One decoded segment of a request path: its text, and whether it carried matrix parameters
   * ({@code ;ql=...}).
   */
  public record Segment(String path, boolean matrix) {}

  private final AccessControl access;
  private final EntityService entities;

  public RequestAccess(AccessControl access, EntityService entities) {
    this.access = access;
    this.entities = entities;
  }

  /**
   * Authorises a request of {@code caller} with this verb on these decoded segments (after {@code
   * /{org}/{app}}, checked by {@link ApplicationPaths#checked}); returns what the caller may read
   * of the entities in the answer.
   *
   * @throws MeridianException with {@code UNAUTHORIZED} or {@code FORBIDDEN} when refused, {@code
   *     BAD_REQUEST} for a path a permission could misread
   */
  public Visibility authorize(
      Principal caller, ApplicationRef application, Verb verb, List<Segment> rest) {
    Requirement needed = requirement(caller, application, verb, rest);
    switch (needed.rule()) {
      case ANYONE -> {}
      // Opening the socket needs only credentials that reach the application (a guest's do):
      // every subscription, event and request is authorised inside the connection.
      case REACH -> access.requireReach(caller, application);
      case ADMINISTRATORS -> access.requireAdministrator(caller, application);
      case PERMISSION -> access.authorize(caller, application, needed.verb(), needed.path());
    }
    return access.visibility(caller, application);
  }

  /**
   * What a request of {@code caller} with this verb on these decoded segments needs; 400 for a path
   * a permission could misread (see {@link ApplicationPaths#requireQueryOnlyWhereRead}) or that
   * names no valid collection.
   */
  public Requirement requirement(
      Principal caller, ApplicationRef application, Verb verb, List<Segment> rest) {
    if (rest.isEmpty()) {
      // The application itself ({@code /{org}/{app}}): its collections and their counts.
      return new Requirement(Rule.ADMINISTRATORS, verb, List.of());
    }
    if (rest.size() == 1) {
      switch (rest.get(0).path()) {
        case TOKEN -> {
          return new Requirement(Rule.ANYONE, verb, List.of(TOKEN));
        }
        case REALTIME -> {
          return new Requirement(Rule.REACH, verb, List.of(REALTIME));
        }
        case ACCESS -> {
          return new Requirement(Rule.ADMINISTRATORS, verb, List.of(ACCESS));
        }
        default -> {}
      }
    }
    ApplicationPaths.requireQueryOnlyWhereRead(rest, verb);
    List<String> path =
        ApplicationPaths.writesByQuery(
            selfByUsername(caller, application, ApplicationPaths.canonical(rest, caller)), verb);
    if (verb != Verb.GET && ApplicationPaths.administers(path)
        || ApplicationPaths.administersEvenToRead(path)) {
      return new Requirement(Rule.ADMINISTRATORS, verb, path);
    }
    if (verb == Verb.GET && isSelf(caller, path)) {
      // Usergrid's GET /users/me answers any signed-in user, whatever its roles grant.
      return new Requirement(Rule.REACH, verb, path);
    }
    if (verb == Verb.POST && ApplicationPaths.isBatchLookup(path)) {
      return new Requirement(Rule.PERMISSION, Verb.GET, path.subList(0, 1));
    }
    return new Requirement(Rule.PERMISSION, verb, path);
  }

  /** Whether the canonical path is the calling app user's own entity ({@code /users/me}). */
  static boolean isSelf(Principal caller, List<String> path) {
    return caller.kind() == PrincipalKind.APP_USER
        && path.size() == 2
        && path.get(0).equals(USERS.plural())
        && path.get(1).equals(caller.subject().toString());
  }

  /**
   * Whether the path is one of the application's own endpoints that only read ({@code _realtime},
   * {@code _access}): any other method is 405, never handed to the collection routes.
   */
  public static boolean readOnly(List<Segment> rest) {
    return rest.size() == 1
        && (rest.get(0).path().equals(REALTIME) || rest.get(0).path().equals(ACCESS));
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
        || ApplicationPaths.isAnyEntity(path.get(1))
        || ApplicationPaths.looksLikeUuid(path.get(1))) {
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
}
