package io.meridian.core.identity.permission;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * A permission's path pattern compiled for one caller, matched against request paths.
 *
 * <p>A path is the request's canonical, decoded segments relative to the application ({@code
 * ["users", "7b0f...", "likes"]}, empty for the root). Pattern segments mean:
 *
 * <ul>
 *   <li>a literal: that segment, case-insensitively;
 *   <li>{@code *}: exactly one segment; inside a segment {@code *} is any run of characters and
 *       {@code ?} one character, never crossing a '/';
 *   <li>{@code **}: zero or more whole segments, anywhere;
 *   <li>{@code ${user}}, and {@code me} right after a first segment {@code users}: the caller's
 *       user id, a literal. Without a user the whole pattern matches nothing.
 * </ul>
 *
 * <p>{@link #ANY_ENTITY} in a path stands for every entity of a collection at once; only {@code *},
 * {@code **} and all-{@code *} globs match it, as only they grant every entity.
 *
 * <p>Immutable and thread-safe.
 */
public final class PathPattern {
  /**
   * A path segment meaning "every entity of the collection", for requests such as queries that
   * reach entities not named in the path. No pattern can contain it (control characters are
   * rejected), so no literal can ever equal it.
   */
  public static final String ANY_ENTITY = "\u0000*";

  private enum Kind {
    LITERAL,
    ONE,
    GLOB,
    ANY_DEPTH
  }

  private record Segment(Kind kind, String literal, Glob glob) {
    boolean matches(String pathSegment) {
      boolean anyEntity = ANY_ENTITY.equals(pathSegment);
      return switch (kind) {
        case ONE, ANY_DEPTH -> true;
        case LITERAL ->
            !anyEntity
                && (literal.equals(pathSegment)
                    || literal.equals(pathSegment.toLowerCase(Locale.ROOT)));
        case GLOB ->
            anyEntity ? glob.acceptsAnything() : glob.matches(pathSegment.toLowerCase(Locale.ROOT));
      };
    }
  }

  private final String pattern;
  private final String userId;
  private final Segment[] segments;
  private final boolean matchesNothing;

  private PathPattern(String pattern, String userId, Segment[] segments, boolean matchesNothing) {
    this.pattern = pattern;
    this.userId = userId;
    this.segments = segments;
    this.matchesNothing = matchesNothing;
  }

  /**
   * Compiles a pattern (checked again, so any text is safe to pass) for the caller with this user
   * id; {@code userId} is null or blank for callers that are not a user, such as the guest.
   */
  public static PathPattern compile(String pattern, String userId) {
    List<String> texts = PatternSyntax.segments(pattern);
    String user = userId == null || userId.isBlank() ? null : userId.toLowerCase(Locale.ROOT);
    List<Segment> segments = new ArrayList<>(texts.size());
    boolean usesUser = false;
    boolean matchesNothing = false;
    for (int i = 0; i < texts.size(); i++) {
      String text = texts.get(i);
      if (isUser(texts, i)) {
        // The user id is compared as a literal, never read as a glob: an id of "*" grants nothing.
        usesUser = true;
        matchesNothing |= user == null;
        segments.add(new Segment(Kind.LITERAL, user, null));
      } else if (text.equals(PatternSyntax.ANY_DEPTH)) {
        boolean repeated =
            !segments.isEmpty() && segments.get(segments.size() - 1).kind() == Kind.ANY_DEPTH;
        if (!repeated) {
          segments.add(new Segment(Kind.ANY_DEPTH, null, null));
        }
      } else if (text.equals(PatternSyntax.ANY_SEGMENT)) {
        segments.add(new Segment(Kind.ONE, null, null));
      } else if (Glob.isGlob(text)) {
        segments.add(new Segment(Kind.GLOB, null, Glob.compile(text)));
      } else {
        segments.add(new Segment(Kind.LITERAL, text, null));
      }
    }
    String canonical = "/" + String.join("/", texts);
    // The id only takes part in equality when the pattern uses it, so "/devices" is one pattern
    // whoever it was compiled for.
    return new PathPattern(
        canonical, usesUser ? user : null, segments.toArray(Segment[]::new), matchesNothing);
  }

  /** Usergrid's {@code /users/me} is the caller, exactly like {@code /users/${user}}. */
  private static boolean isUser(List<String> texts, int index) {
    String text = texts.get(index);
    return text.equals(PatternSyntax.USER)
        || (index == 1 && text.equals("me") && texts.get(0).equals("users"));
  }

  /** Whether the path (canonical segments, none null) is one this pattern grants. */
  public boolean matches(List<String> path) {
    return matchesChecked(checked(path));
  }

  /** The path, with random access, after checking it holds no null segment. */
  static List<String> checked(List<String> path) {
    List<String> segments = path instanceof RandomAccess ? path : List.copyOf(path);
    for (int i = 0; i < segments.size(); i++) {
      Objects.requireNonNull(segments.get(i), "path segment");
    }
    return segments;
  }

  /**
   * Matches with the two-pointer wildcard algorithm over segments: on a mismatch only the most
   * recent {@code **} is revisited, which suffices because every other pattern segment consumes
   * exactly one path segment. At most pattern length times path length steps, no recursion, no
   * allocation (when the path is already lowercase, as canonical paths are).
   */
  boolean matchesChecked(List<String> path) {
    if (matchesNothing) {
      return false;
    }
    int next = 0;
    int at = 0;
    int lastAnyDepth = -1;
    int anyDepthStart = 0;
    while (at < path.size()) {
      if (next < segments.length && segments[next].kind() == Kind.ANY_DEPTH) {
        lastAnyDepth = next++;
        anyDepthStart = at;
      } else if (next < segments.length && segments[next].matches(path.get(at))) {
        next++;
        at++;
      } else if (lastAnyDepth >= 0) {
        // Let the last '**' take one more segment and retry what follows it from there.
        next = lastAnyDepth + 1;
        at = ++anyDepthStart;
      } else {
        return false;
      }
    }
    while (next < segments.length && segments[next].kind() == Kind.ANY_DEPTH) {
      next++;
    }
    return next == segments.length;
  }

  /** Whether this pattern grants every path, as {@code /**} does. */
  boolean matchesEverything() {
    return segments.length == 1 && segments[0].kind() == Kind.ANY_DEPTH;
  }

  /** Whether this pattern grants nothing, as one naming the user does for a caller without one. */
  boolean matchesNothing() {
    return matchesNothing;
  }

  /** The canonical pattern, with {@code ${user}} (not the id) where the user goes. */
  public String pattern() {
    return pattern;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof PathPattern that
        && pattern.equals(that.pattern)
        && Objects.equals(userId, that.userId);
  }

  @Override
  public int hashCode() {
    return Objects.hash(pattern, userId);
  }

  @Override
  public String toString() {
    return userId == null ? pattern : pattern + " (user " + userId + ")";
  }
}
