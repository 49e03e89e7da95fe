package io.meridian.core.identity.access;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.access.RequestAccess.Segment;
import io.meridian.core.identity.permission.PathPattern;
import io.meridian.core.identity.permission.Verb;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * How a path inside an application reads to a permission: which segments may carry a query, the
 * canonical path a permission is checked against, and which paths only administrators may use,
 * whatever a permission says. What a permission sees is exactly what is served.
 */
public final class ApplicationPaths {
  private static final Set<String> MEMBERSHIPS_OF_USERS = Set.of("roles", "permissions", "groups");
  private static final Set<String> MEMBERSHIPS_OF_GROUPS = Set.of("roles", "permissions", "users");
  private static final Set<String> PUSH = Set.of("notifiers", "notifications");

  /** Whether a user may sign in at all: Usergrid's {@code /users/{u}/activate|deactivate}. */
  private static final Set<String> ACTIVATION_OF_USERS = Set.of("activate", "deactivate");

  private ApplicationPaths() {}

  /**
   * The decoded segments without a trailing empty one; 400 for a segment that is empty, {@code .}
   * or {@code ..}, or that decodes to contain a slash or backslash, so that what a permission sees
   * is exactly what the resource serves.
   */
  public static <T> List<T> checked(List<T> decoded, Function<T, String> path) {
    int size = decoded.size();
    if (size > 0 && path.apply(decoded.get(size - 1)).isEmpty()) {
      size--;
    }
    for (int i = 0; i < size; i++) {
      String segment = path.apply(decoded.get(i));
      if (segment.isEmpty()
          || segment.equals(".")
          || segment.equals("..")
          || segment.indexOf('/') >= 0
          || segment.indexOf('\\') >= 0) {
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
  static void requireQueryOnlyWhereRead(List<Segment> rest, Verb verb) {
    for (int i = 1; i < rest.size(); i++) {
      if (rest.get(i).matrix()) {
        throw new MeridianException(
            ErrorCode.BAD_REQUEST, "Matrix parameters are only read on the collection segment");
      }
    }
    if (rest.get(0).matrix()
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
  static List<String> canonical(List<Segment> rest, Principal caller) {
    List<String> path = new ArrayList<>(rest.size());
    String collection = CollectionName.of(rest.get(0).path()).plural();
    path.add(collection);
    if (rest.size() > 1) {
      int next;
      if (!rest.get(0).matrix()) {
        path.add(entity(collection, rest.get(1).path(), caller));
        next = 2;
      } else {
        path.add(PathPattern.ANY_ENTITY); // the segment after a query is a verb, not an entity
        next = 1;
      }
      for (int i = next; i < rest.size(); i++) {
        String segment = rest.get(i).path();
        boolean targetCollection = next == 2 && i == 3 && rest.size() == 5;
        path.add(targetCollection ? collectionOrLiteral(segment) : lower(segment));
      }
    }
    return path;
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
    return collection.equals("users")
            && (MEMBERSHIPS_OF_USERS.contains(path.get(2))
                || path.size() == 3 && ACTIVATION_OF_USERS.contains(path.get(2)))
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

  static boolean isAnyEntity(String segment) {
    return segment.equals(PathPattern.ANY_ENTITY);
  }

  static boolean looksLikeUuid(String segment) {
    try {
      UUID.fromString(segment);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** {@code POST /devices;ql=.../notifications}: a notification to the devices a query selects. */
  private static boolean notifies(List<Segment> rest, Verb verb) {
    return verb == Verb.POST
        && rest.size() == 2
        && rest.get(1).path().equals("notifications")
        && CollectionName.of(rest.get(0).path()).plural().equals("devices");
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

  private static String collectionOrLiteral(String segment) {
    try {
      return CollectionName.of(segment).plural();
    } catch (MeridianException e) {
      return lower(segment);
    }
  }

  private static String lower(String text) {
    return text.toLowerCase(Locale.ROOT);
  }
}
