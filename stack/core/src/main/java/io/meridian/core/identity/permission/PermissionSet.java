package io.meridian.core.identity.permission;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Everything one caller may do: built once from its permissions (its own and its roles') and asked
 * on every request. A request is allowed when any permission grants its verb on its path; nothing
 * is allowed otherwise.
 *
 * <p>Immutable and thread-safe. The patterns are compiled up front and grouped by verb, so {@link
 * #allows} only walks the patterns that grant the request's verb and allocates nothing. Each
 * pattern keeps the first permission it was compiled from, so {@link #granting} can say which
 * permission decided; {@link #allows} is that same walk.
 */
public final class PermissionSet {
  public static final PermissionSet EMPTY =
      new PermissionSet(List.of(), emptyByVerb(), emptyGrantedByVerb());

  private final List<Permission> permissions;

  /** Indexed by {@link Verb#ordinal()}; arrays never written after construction. */
  private final PathPattern[][] byVerb;

  /** {@code grantedBy[v][i]} is the permission {@code byVerb[v][i]} was compiled from. */
  private final Permission[][] grantedBy;

  private PermissionSet(
      List<Permission> permissions, PathPattern[][] byVerb, Permission[][] grantedBy) {
    this.permissions = permissions;
    this.byVerb = byVerb;
    this.grantedBy = grantedBy;
  }

  /**
   * The permissions of a caller with this user id ({@code ${user}} and {@code /users/me} become
   * it); {@code userId} is null for callers that are not a user, for whom those patterns grant
   * nothing.
   */
  public static PermissionSet of(Collection<Permission> permissions, String userId) {
    Set<Permission> distinct = new LinkedHashSet<>(permissions);
    List<List<Compiled>> patterns = new ArrayList<>();
    for (Verb verb : Verb.values()) {
      patterns.add(new ArrayList<>());
    }
    for (Permission permission : distinct) {
      PathPattern pattern = PathPattern.compile(permission.pattern(), userId);
      for (Verb verb : permission.verbs()) {
        patterns.get(verb.ordinal()).add(new Compiled(pattern, permission));
      }
    }
    return build(List.copyOf(distinct), patterns);
  }

  /** Whether a request with this verb on this path (canonical segments) is allowed. */
  public boolean allows(Verb verb, List<String> path) {
    return grantingOrNull(verb, path) != null;
  }

  /**
   * The permission that allows a request with this verb on this path (canonical segments): the
   * first one given, in the order of {@link #of}, whose pattern matches; empty when none does and
   * the request is refused. The same walk as {@link #allows}.
   */
  public Optional<Permission> granting(Verb verb, List<String> path) {
    return Optional.ofNullable(grantingOrNull(verb, path));
  }

  private Permission grantingOrNull(Verb verb, List<String> path) {
    Objects.requireNonNull(verb, "verb");
    List<String> segments = PathPattern.canonical(path);
    Permission granted = matching(verb, segments);
    if (granted == null && verb == Verb.POST && segments.size() == 1) {
      // Usergrid's reading: a grant to post to every entity of a collection (post:/cats/*) also
      // creates entities in it (POST /cats). Only a pattern that covers every entity does (see
      // PathPattern.ANY_ENTITY): post:/cats/tom creates nothing.
      granted = matching(verb, List.of(segments.get(0), PathPattern.ANY_ENTITY));
    }
    return granted;
  }

  private Permission matching(Verb verb, List<String> segments) {
    PathPattern[] patterns = byVerb[verb.ordinal()];
    for (int i = 0; i < patterns.length; i++) {
      if (patterns[i].matchesCanonical(segments)) {
        return grantedBy[verb.ordinal()][i];
      }
    }
    return null;
  }

  /**
   * Everything either set allows. Each side keeps the user it was built for, so the union of two
   * callers' sets is not the set of a single caller; it is meant for one caller's sets.
   */
  public PermissionSet union(PermissionSet other) {
    Set<Permission> distinct = new LinkedHashSet<>(permissions);
    distinct.addAll(other.permissions);
    List<List<Compiled>> patterns = new ArrayList<>();
    for (Verb verb : Verb.values()) {
      List<Compiled> both = new ArrayList<>(this.compiled(verb));
      both.addAll(other.compiled(verb));
      patterns.add(both);
    }
    return build(List.copyOf(distinct), patterns);
  }

  /** The distinct permissions, in the order given. */
  public List<Permission> permissions() {
    return permissions;
  }

  @Override
  public String toString() {
    return permissions.stream().map(Permission::format).collect(Collectors.joining(" ", "[", "]"));
  }

  /** A compiled pattern and the permission it came from. */
  private record Compiled(PathPattern pattern, Permission permission) {}

  private List<Compiled> compiled(Verb verb) {
    List<Compiled> compiled = new ArrayList<>();
    PathPattern[] patterns = byVerb[verb.ordinal()];
    for (int i = 0; i < patterns.length; i++) {
      compiled.add(new Compiled(patterns[i], grantedBy[verb.ordinal()][i]));
    }
    return compiled;
  }

  private static PermissionSet build(List<Permission> permissions, List<List<Compiled>> byVerb) {
    PathPattern[][] patterns = new PathPattern[Verb.values().length][];
    Permission[][] grantedBy = new Permission[Verb.values().length][];
    for (Verb verb : Verb.values()) {
      List<Compiled> kept = simplified(byVerb.get(verb.ordinal()));
      patterns[verb.ordinal()] = kept.stream().map(Compiled::pattern).toArray(PathPattern[]::new);
      grantedBy[verb.ordinal()] =
          kept.stream().map(Compiled::permission).toArray(Permission[]::new);
    }
    return new PermissionSet(permissions, patterns, grantedBy);
  }

  /**
   * Without duplicates (the first permission of a pattern is kept) and without patterns that can
   * never match; a pattern granting everything makes every other one redundant.
   */
  private static List<Compiled> simplified(List<Compiled> patterns) {
    Map<PathPattern, Compiled> distinct = new LinkedHashMap<>();
    for (Compiled compiled : patterns) {
      if (compiled.pattern().matchesEverything()) {
        return List.of(compiled);
      }
      if (!compiled.pattern().matchesNothing()) {
        distinct.putIfAbsent(compiled.pattern(), compiled);
      }
    }
    return List.copyOf(distinct.values());
  }

  private static PathPattern[][] emptyByVerb() {
    PathPattern[][] byVerb = new PathPattern[Verb.values().length][];
    Arrays.fill(byVerb, new PathPattern[0]);
    return byVerb;
  }

  private static Permission[][] emptyGrantedByVerb() {
    Permission[][] grantedBy = new Permission[Verb.values().length][];
    Arrays.fill(grantedBy, new Permission[0]);
    return grantedBy;
  }
}
