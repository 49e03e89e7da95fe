package io.meridian.core.identity.user;

import java.util.Optional;
import java.util.UUID;

/** Password hashes of app users, kept apart from their entities. */
public interface UserCredentialStore {

  Optional<String> passwordHash(UUID application, UUID user);

  void setPasswordHash(UUID application, UUID user, String hash);

  void delete(UUID application, UUID user);
}
