package io.meridian.core.identity.admin;

import java.util.Optional;
import java.util.UUID;

/** Admin users, their logins (username and email, each unique) and password hashes. */
public interface AdminStore {

  Optional<AdminUser> find(UUID id);

  /** The admin whose username or email this is (case-insensitive). */
  Optional<UUID> findByLogin(String usernameOrEmail);

  /**
   * Creates the admin if its username and email are both free; of concurrent creators only one wins
   * a login. Returns whether it was created (nothing is left claimed when it was not).
   */
  boolean create(AdminUser admin, String passwordHash);

  Optional<String> passwordHash(UUID id);

  /** When the admin's password was last set (created or changed), in epoch milliseconds. */
  Optional<Long> passwordSetMillis(UUID id);

  void setPasswordHash(UUID id, String passwordHash);
}
