package io.meridian.core.identity;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.UUID;

/**
 * The operators' account, from configuration only: there is no built-in password. Disabled when no
 * password hash is configured.
 *
 * @param passwordHash bcrypt hash of the configured password, or null when disabled
 */
public record Superuser(String username, String passwordHash) {
  public static final Superuser DISABLED = new Superuser("superuser", null);

  public boolean enabled() {
    return passwordHash != null;
  }

  public boolean named(String login) {
    return enabled() && login != null && login.equalsIgnoreCase(username);
  }

  /** A stable id for its tokens, so revoking them works like anyone's. */
  public UUID id() {
    return UUID.nameUUIDFromBytes(
        ("meridian-superuser:" + username.toLowerCase(Locale.ROOT))
            .getBytes(StandardCharsets.UTF_8));
  }
}
