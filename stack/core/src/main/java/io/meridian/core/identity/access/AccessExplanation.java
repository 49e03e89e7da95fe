package io.meridian.core.identity.access;

import java.util.List;
import java.util.Optional;

/**
 * Why an app user (or an anonymous caller) may or may not do something: the grant whose permission
 * allowed it, found by the same walk that decides requests ({@link
 * io.meridian.core.identity.permission.PermissionSet#granting}), and every grant the caller holds.
 *
 * @param by the grant that allows the request; empty when the request is refused
 * @param considered every grant of the caller, in the order they are tried
 */
public record AccessExplanation(Optional<PermissionGrant> by, List<PermissionGrant> considered) {
  public AccessExplanation {
    considered = List.copyOf(considered);
  }

  public boolean allowed() {
    return by.isPresent();
  }
}
