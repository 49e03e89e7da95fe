package io.meridian.testing.identity.user;

import io.meridian.core.identity.user.UserCredentialStore;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** {@link UserCredentialStore} in memory: one password hash per application and user. */
public final class MemoryUserCredentialStore implements UserCredentialStore {
  private record Key(UUID application, UUID user) {}

  private final Map<Key, String> hashes = new HashMap<>();

  @Override
  public synchronized Optional<String> passwordHash(UUID application, UUID user) {
    return Optional.ofNullable(hashes.get(new Key(application, user)));
  }

  @Override
  public synchronized void setPasswordHash(UUID application, UUID user, String hash) {
    hashes.put(new Key(application, user), hash);
  }

  @Override
  public synchronized void delete(UUID application, UUID user) {
    hashes.remove(new Key(application, user));
  }
}
