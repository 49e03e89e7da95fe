package io.meridian.core.identity;

import java.util.UUID;

/**
 * The authenticated caller of a request.
 *
 * @param subject the user, admin, application or organization id (null for a guest)
 * @param scope the application of an app user or application, the organization of an organization;
 *     null for admins, the superuser and guests
 * @param tokenId the token the caller presented, or null for client credentials and guests
 */
public record Principal(PrincipalKind kind, UUID subject, UUID scope, UUID tokenId) {
  public static final Principal GUEST = new Principal(PrincipalKind.GUEST, null, null, null);

  public boolean isGuest() {
    return kind == PrincipalKind.GUEST;
  }
}
