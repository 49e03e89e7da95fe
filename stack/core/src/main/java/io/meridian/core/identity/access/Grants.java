package io.meridian.core.identity.access;

import java.util.Set;

/** What one holder is granted: permissions (Usergrid's text form), role names and group ids. */
public record Grants(Set<String> permissions, Set<String> roles, Set<String> groups) {
  public static final Grants NONE = new Grants(Set.of(), Set.of(), Set.of());
}
