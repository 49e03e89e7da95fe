package io.meridian.rest.access;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.core.identity.access.AccessExplanation;
import io.meridian.core.identity.access.RequestAccess;
import io.meridian.core.identity.permission.Verb;
import io.meridian.core.identity.user.UserService;
import jakarta.ws.rs.core.PathSegment;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.glassfish.jersey.uri.UriComponent;

/**
 * Answers "may this user do METHOD on PATH in this application, and which grant decides": the path
 * is read as {@link AccessFilter} reads a request's ({@link RequestAccess}) and the decision is
 * {@link AccessControl#explain}, the walk that authorises requests, so the answer cannot drift from
 * what the server does.
 */
public final class PermissionSimulator {
  /** Longer paths are refused: no request path of the API comes near. */
  public static final int MAX_PATH_LENGTH = 2048;

  /** What was decided, and why. */
  public record Simulation(
      Optional<StoredEntity> user,
      String method,
      String path,
      RequestAccess.Requirement requirement,
      Optional<AccessExplanation> explanation,
      boolean allowed,
      String reason) {}

  private final RequestAccess requests;
  private final AccessControl access;
  private final UserService users;

  public PermissionSimulator(RequestAccess requests, AccessControl access, UserService users) {
    this.requests = requests;
    this.access = access;
    this.users = users;
  }

  /**
   * @param user a user's uuid, username or email; null or blank for an anonymous caller (the {@code
   *     guest} role)
   */
  public Simulation simulate(ApplicationRef application, String user, String method, String path) {
    Verb verb = verb(method);
    List<RequestAccess.Segment> segments = AccessFilter.applicationPath(segments(path));
    Optional<StoredEntity> found = user(application, user);
    Principal caller =
        found
            .map(u -> new Principal(PrincipalKind.APP_USER, u.uuid(), application.id(), null))
            .orElse(Principal.GUEST);
    RequestAccess.Requirement needed = requests.requirement(caller, application, verb, segments);
    String shownMethod = method.strip().toUpperCase(Locale.ROOT);
    Decision decision =
        switch (needed.rule()) {
          case ANYONE -> Decision.of(true, "Anyone may sign in here");
          case REACH ->
              needed.path().equals(List.of(RequestAccess.REALTIME))
                  ? Decision.of(
                      verb == Verb.GET,
                      verb == Verb.GET
                          ? "Anyone may open the real-time socket; each subscription is then"
                              + " checked"
                          : "The real-time socket is opened with GET")
                  : Decision.of(true, "A signed-in user may always read itself (/users/me)");
          case ADMINISTRATORS ->
              Decision.of(
                  false,
                  "Only the application's administrators may do this, whatever a permission says");
          case PERMISSION -> {
            AccessExplanation explanation =
                access.explain(
                    application,
                    found.map(StoredEntity::uuid).orElse(null),
                    needed.verb(),
                    needed.path());
            yield new Decision(
                Optional.of(explanation),
                explanation.allowed(),
                explanation.allowed()
                    ? "Allowed by a permission"
                    : "No permission "
                        + (found.isPresent() ? "of this user" : "of the guest role")
                        + " grants "
                        + needed.verb().name().toLowerCase(Locale.ROOT)
                        + " on this path");
          }
        };
    return new Simulation(
        found,
        shownMethod,
        path,
        needed,
        decision.explanation(),
        decision.allowed(),
        decision.reason());
  }

  /** What a rule decided; only a permission's decision has an explanation. */
  private record Decision(Optional<AccessExplanation> explanation, boolean allowed, String reason) {
    static Decision of(boolean allowed, String reason) {
      return new Decision(Optional.empty(), allowed, reason);
    }
  }

  private static Verb verb(String method) {
    if (method == null || method.isBlank()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "Name a method: GET, PUT, POST, DELETE or HEAD");
    }
    return Verb.ofMethod(method.strip())
        .orElseThrow(
            () ->
                new MeridianException(
                    ErrorCode.ILLEGAL_ARGUMENT,
                    "Unknown method: use GET, PUT, POST, DELETE or HEAD"));
  }

  /** The decoded segments of a path inside the application, checked as a request's are. */
  static List<PathSegment> segments(String path) {
    if (path == null || path.isBlank()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "Name a path inside the application, e.g. /cats/fido");
    }
    if (path.length() > MAX_PATH_LENGTH) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "The path is longer than " + MAX_PATH_LENGTH + " characters");
    }
    if (path.indexOf('?') >= 0 || path.indexOf('#') >= 0) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "Give the path alone, without a query or fragment");
    }
    String relative = path.strip();
    relative = relative.startsWith("/") ? relative.substring(1) : relative;
    List<PathSegment> segments;
    try {
      segments = AccessFilter.segments(UriComponent.decodePath(relative, true));
    } catch (IllegalArgumentException e) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "The path is not a valid URL path");
    }
    if (segments.isEmpty()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "Name a path inside the application, e.g. /cats/fido");
    }
    return segments;
  }

  private Optional<StoredEntity> user(ApplicationRef application, String user) {
    if (user == null || user.isBlank()) {
      return Optional.empty();
    }
    if (user.length() > 256) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "The user is longer than 256");
    }
    return Optional.of(
        users
            .find(application, user.strip())
            .orElseThrow(
                () ->
                    new MeridianException(
                        ErrorCode.ENTITY_NOT_FOUND, "No user " + user.strip() + " here")));
  }
}
