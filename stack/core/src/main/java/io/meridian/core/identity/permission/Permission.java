package io.meridian.core.identity.permission;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A Usergrid permission: the verbs it grants on the application paths its Ant-style pattern
 * matches, written {@code get,put:/users/${user}/**}.
 *
 * <p>Always canonical, however it was built: the verbs are an immutable set iterated in {@link
 * Verb} order and the pattern passed {@link PatternSyntax}'s checks and is lowercase (but for
 * {@code ${user}}) without a trailing '/'. So two permissions that grant the same thing are equal
 * and {@link #format()} round-trips through {@link #parse(String)}.
 *
 * @param verbs the verbs granted, at least one
 * @param pattern the path pattern relative to the application, starting with '/'
 */
public record Permission(Set<Verb> verbs, String pattern) {

  public Permission {
    Objects.requireNonNull(verbs, "verbs");
    if (verbs.isEmpty()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "A permission needs at least one verb");
    }
    verbs = Collections.unmodifiableSet(EnumSet.copyOf(verbs));
    pattern = PatternSyntax.canonical(pattern);
  }

  /**
   * Reads {@code verbs:pattern}, e.g. {@code "GET, post : /users/me/**"}: verbs are separated by
   * ',', case-insensitive, may repeat; whitespace around verbs and pattern is ignored. The pattern
   * starts after the first ':'.
   */
  public static Permission parse(String text) {
    if (text == null) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "A permission is required");
    }
    int colon = text.indexOf(':');
    if (colon < 0) {
      throw invalid(text, "expected verbs and a pattern separated by ':', e.g. 'get:/users/me/**'");
    }
    String verbList = text.substring(0, colon);
    if (verbList.isBlank()) {
      throw invalid(text, "at least one verb is required");
    }
    Set<Verb> verbs = EnumSet.noneOf(Verb.class);
    for (String item : verbList.split(",", -1)) {
      String name = item.strip();
      if (name.isEmpty()) {
        throw invalid(text, "empty verb between ','");
      }
      verbs.add(
          Verb.named(name)
              .orElseThrow(
                  () ->
                      invalid(text, "unknown verb '" + name + "', use get, put, post or delete")));
    }
    return new Permission(verbs, text.substring(colon + 1));
  }

  /** The canonical text, e.g. {@code get,post:/users/${user}/**}. */
  public String format() {
    return verbs.stream().map(Verb::label).collect(Collectors.joining(",")) + ":" + pattern;
  }

  @Override
  public String toString() {
    return format();
  }

  private static MeridianException invalid(String text, String problem) {
    String shown = text.length() > 600 ? text.substring(0, 600) + "..." : text;
    return new MeridianException(
        ErrorCode.ILLEGAL_ARGUMENT, "Invalid permission '" + shown + "': " + problem);
  }
}
