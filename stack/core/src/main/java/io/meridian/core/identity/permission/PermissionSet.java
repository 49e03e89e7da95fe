package io.meridian.core.identity.permission;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Everything one caller may do: built once from its permissions (its own and its roles') and asked
 * on every request. A request is allowed when any permission grants its verb on its path; nothing
 * is allowed otherwise.
 *
 * <p>Immutable and thread-safe. The patterns are compiled up front and grouped by verb, so {@link
 * #allows} only walks the patterns that grant the request's verb and allocates nothing.
 */
public final class PermissionSet {
  public static final PermissionSet EMPTY = new PermissionSet(List.of(), emptyByVerb());

  private final List<Permission> permissions;

  /** Indexed by {@link Verb#ordinal()}; arrays never written after construction. */
  private final PathPattern[][] byVerb;

  private PermissionSet(List<Permission> permissions, PathPattern[][] byVerb) {
    this.permissions = permissions;
    this.byVerb = byVerb;
  }

  /**
   * The permissions of a caller with this user id ({@code ${user}} and {@code /users/me} become
   * it); {@code userId} is null for callers that are not a user, for whom those patterns grant
   * nothing.
   */
  public static PermissionSet of(Collection<Permission> permissions, String userId) {
    Set<Permission> distinct = new LinkedHashSet<>(permissions);
    List<List<PathPattern>> patterns = new ArrayList<>();
    for (Verb verb : Verb.values()) {
      patterns.add(new ArrayList<>());
    }
    for (Permission permission : distinct) {
      PathPattern pattern = PathPattern.compile(permission.pattern(), userId);
      for (Verb verb : permission.verbs()) {
        patterns.get(verb.ordinal()).add(pattern);
      }
    }
    PathPattern[][] byVerb = new PathPattern[Verb.values().length][];
    for (Verb verb : Verb.values()) {
      byVerb[verb.ordinal()] = simplified(patterns.get(verb.ordinal()));
    }
    return new PermissionSet(List.copyOf(distinct), byVerb);
  }

  /** Whether a request with this verb on this path (canonical segments) is allowed. */
  public boolean allows(Verb verb, List<String> path) {
    Objects.requireNonNull(verb, "verb");
    List<String> segments = PathPattern.canonical(path);
    for (PathPattern pattern : byVerb[verb.ordinal()]) {
      if (pattern.matchesCanonical(segments)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Everything either set allows. Each side keeps the user it was built for, so the union of two
   * callers' sets is not the set of a single caller; it is meant for one caller's sets.
   */
  public PermissionSet union(PermissionSet other) {
    Set<Permission> distinct = new LinkedHashSet<>(permissions);
    distinct.addAll(other.permissions);
    PathPattern[][] byVerb = new PathPattern[Verb.values().length][];
    for (Verb verb : Verb.values()) {
      List<PathPattern> both = new ArrayList<>(Arrays.asList(this.byVerb[verb.ordinal()]));
      both.addAll(Arrays.asList(other.byVerb[verb.ordinal()]));
      byVerb[verb.ordinal()] = simplified(both);
    }
    return new PermissionSet(List.copyOf(distinct), byVerb);
  }

  /** The distinct permissions, in the order given. */
  public List<Permission> permissions() {
    return permissions;
  }

  @Override
  public String toString() {
    return permissions.stream().map(Permission::format).collect(Collectors.joining(" ", "[", "]"));
  }

  /**
   * Without duplicates and without patterns that can never match; a pattern granting everything
   * makes every other one redundant.
   */
  private static PathPattern[] simplified(List<PathPattern> patterns) {
    Set<PathPattern> distinct = new LinkedHashSet<>();
    for (PathPattern pattern : patterns) {
      if (pattern.matchesEverything()) {
        return new PathPattern[] {pattern};
      }
      if (!pattern.matchesNothing()) {
        distinct.add(pattern);
      }
    }
    return distinct.toArray(PathPattern[]::new);
  }

  private static PathPattern[][] emptyByVerb() {
    PathPattern[][] byVerb = new PathPattern[Verb.values().length][];
    Arrays.fill(byVerb, new PathPattern[0]);
    return byVerb;
  }
}
