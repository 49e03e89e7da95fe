package io.meridian.core.identity.access;

import io.meridian.core.identity.permission.Permission;
import java.util.Objects;
import java.util.UUID;

/**
 * One permission a caller holds and where it comes from, so that a decision can be explained: the
 * holder it is granted to (the user itself, one of its groups, or a role) and, for a role, who
 * holds the role for the caller (the user, one of its groups); a role with no {@code through}
 * applies by its name ({@code default} to every signed-in user, {@code guest} to anonymous
 * callers).
 *
 * @param permission the permission, parsed
 * @param holder the user, group or role it is granted to
 * @param through for a role, the user or group holding it; null for a role applying by name and for
 *     a permission granted to the user or group itself
 */
public record PermissionGrant(Permission permission, Holder holder, Holder through) {

  public PermissionGrant {
    Objects.requireNonNull(permission, "permission");
    Objects.requireNonNull(holder, "holder");
  }

  /** What can hold grants. */
  public enum Kind {
    USER,
    GROUP,
    ROLE
  }

  /** A user, group or role, by its uuid (what grants are keyed by). */
  public record Holder(Kind kind, UUID id) {
    public Holder {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(id, "id");
    }
  }
}
