package io.meridian.rest.access;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.permission.PathPattern;
import io.meridian.core.identity.permission.Verb;
import jakarta.ws.rs.core.PathSegment;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * What a request inside an application needs, from its verb and its path after {@code
 * /{org}/{app}}: anyone (the sign-in), credentials that reach the application (its WebSocket), an
 * administrator (whatever a permission says), or a permission for a verb on a canonical path.
 * {@link AccessFilter} enforces it on every request and the permission simulator explains it, so
 * both read the same rules.
 */
public final class ApplicationRequests {
  /** The application's sign-in, open to anyone. */
  static final String TOKEN = "token";

  /**
   * The application's WebSocket; no collection can take the name, which must start with a letter.
   */
  static final String REALTIME = "_realtime";

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

  private final EntityService entities;

  public ApplicationRequests(EntityService entities) {
    this.entities = entities;
  }

  /**
   * What a request of {@code caller} with this verb on these decoded segments (after {@code
   * /{org}/{app}}, checked by {@link AccessFilter#segments}) needs; 400 for a path a permission
   * could misread (see {@link AccessFilter#requireQueryOnlyWhereRead}) or that names no valid
   * collection.
   */
  public Requirement requirement(
      Principal caller, ApplicationRef application, Verb verb, List<PathSegment> rest) {
    if (rest.size() == 1) {
      switch (rest.get(0).getPath()) {
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
    AccessFilter.requireQueryOnlyWhereRead(rest, verb);
    List<String> path =
        AccessFilter.writesByQuery(
            selfByUsername(caller, application, AccessFilter.canonical(rest, caller)), verb);
    if (verb != Verb.GET && AccessFilter.administers(path)
        || AccessFilter.administersEvenToRead(path)) {
      return new Requirement(Rule.ADMINISTRATORS, verb, path);
    }
    if (verb == Verb.POST && AccessFilter.isBatchLookup(path)) {
      return new Requirement(Rule.PERMISSION, Verb.GET, path.subList(0, 1));
    }
    return new Requirement(Rule.PERMISSION, verb, path);
  }

  /**
   * Whether the path is one of the application's own endpoints that only read ({@code _realtime},
   * {@code _access}): any other method is 405, never handed to the collection routes.
   */
  static boolean readOnly(List<PathSegment> rest) {
    return rest.size() == 1
        && (rest.get(0).getPath().equals(REALTIME) || rest.get(0).getPath().equals(ACCESS));
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
}
