package io.meridian.core.identity.access;

import java.util.List;
import java.util.UUID;

/**
 * Grants within an application. A holder is {@code user:<uuid>}, {@code group:<uuid>} or {@code
 * role:<uuid>}; a grant is a permission, a role (by its uuid) or (for users) a group membership (by
 * the group's uuid). Both directions are kept, so "the users of a role" is one read too.
 *
 * <p>Everything is keyed by the entity's uuid, never by its name: a role or group keeps what it
 * holds and who holds it when renamed, and a new one that takes an old name starts with nothing.
 */
public interface GrantStore {
  String PERMISSION = "permission";
  String ROLE = "role";
  String GROUP = "group";

  Grants grants(UUID application, String holder);

  void grant(UUID application, String holder, String kind, String value);

  void revoke(UUID application, String holder, String kind, String value);

  /** The holders granted this value, in holder order. */
  List<String> holders(UUID application, String kind, String value);

  /** Removes everything the holder was granted (an entity or role deleted). */
  void removeHolder(UUID application, String holder);

  /** Removes the value from everyone it was granted to (a role or group deleted). */
  void removeValue(UUID application, String kind, String value);

  static String user(UUID user) {
    return "user:" + user;
  }

  static String group(UUID group) {
    return "group:" + group;
  }

  static String role(UUID role) {
    return "role:" + role;
  }
}
