package io.meridian.core.identity.access;

import java.util.List;
import java.util.UUID;

/**
 * Grants within an application. A holder is {@code user:<uuid>}, {@code group:<uuid>} or {@code
 * role:<name>}; a grant is a permission, a role or (for users) a group membership. Both directions
 * are kept, so "the users of a role" is one read too.
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

  static String role(String name) {
    return "role:" + name;
  }
}
