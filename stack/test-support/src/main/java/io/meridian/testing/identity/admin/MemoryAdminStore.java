package io.meridian.testing.identity.admin;

import io.meridian.core.identity.admin.AdminStore;
import io.meridian.core.identity.admin.AdminUser;
import java.time.Clock;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * {@link AdminStore} in memory with {@code CassandraAdminStore}'s rules: an admin's username and
 * email are each claimed compare-and-set without case, the username first; a lost email claim
 * releases the username, so nothing stays claimed by an admin that was not created.
 */
public final class MemoryAdminStore implements AdminStore {
  private final Map<UUID, AdminUser> admins = new HashMap<>();
  private final Map<UUID, String> hashes = new HashMap<>();
  private final Map<String, UUID> logins = new HashMap<>();
  private final Map<UUID, Long> passwordSet = new HashMap<>();
  private final Clock clock;

  public MemoryAdminStore(Clock clock) {
    this.clock = clock;
  }

  @Override
  public synchronized Optional<AdminUser> find(UUID id) {
    return Optional.ofNullable(admins.get(id));
  }

  @Override
  public synchronized Optional<UUID> findByLogin(String usernameOrEmail) {
    if (usernameOrEmail == null || usernameOrEmail.isBlank()) {
      return Optional.empty();
    }
    return Optional.ofNullable(logins.get(login(usernameOrEmail)));
  }

  @Override
  public synchronized boolean create(AdminUser admin, String passwordHash) {
    String username = "username:" + lower(admin.username());
    if (logins.putIfAbsent(username, admin.id()) != null) {
      return false;
    }
    if (admin.email() != null
        && logins.putIfAbsent("email:" + lower(admin.email()), admin.id()) != null) {
      logins.remove(username);
      return false;
    }
    admins.put(admin.id(), admin);
    hashes.put(admin.id(), passwordHash);
    passwordSet.put(admin.id(), clock.millis());
    return true;
  }

  @Override
  public synchronized Optional<String> passwordHash(UUID id) {
    return Optional.ofNullable(hashes.get(id));
  }

  @Override
  public synchronized void setPasswordHash(UUID id, String passwordHash) {
    hashes.put(id, passwordHash);
    passwordSet.put(id, clock.millis());
  }

  @Override
  public synchronized Optional<Long> passwordSetMillis(UUID id) {
    return Optional.ofNullable(passwordSet.get(id));
  }

  private static String login(String usernameOrEmail) {
    return (usernameOrEmail.contains("@") ? "email:" : "username:") + lower(usernameOrEmail);
  }

  private static String lower(String text) {
    return text.toLowerCase(Locale.ROOT);
  }
}
