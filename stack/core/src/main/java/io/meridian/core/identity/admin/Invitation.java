package io.meridian.core.identity.admin;

import java.util.UUID;

/**
 * An invitation for whoever holds {@code email} to become an admin of an organization. It does
 * nothing until the admin with that email, signed in, accepts it; its token is the handle for doing
 * so and is shown to that admin only.
 *
 * @param email lower-cased
 * @param token random, unguessable
 */
public record Invitation(
    String email,
    UUID organization,
    String token,
    UUID invitedBy,
    long createdMillis,
    long expiresMillis) {

  @Override
  public String toString() {
    return "Invitation[" + organization + ", expires " + expiresMillis + "]";
  }
}
