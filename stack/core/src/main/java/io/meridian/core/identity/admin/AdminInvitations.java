package io.meridian.core.identity.admin;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * Joining an organization as an admin takes the admin's consent. An organization's administrators
 * invite an email address; the admin who holds that address sees the invitation once signed in and
 * accepts or declines it. Inviting looks nothing up: a known and an unknown address are treated
 * alike (same answer, same work), so inviting cannot tell whether an account exists, and nothing
 * about the invitee is ever shown to the inviter.
 */
public final class AdminInvitations {
  private static final int TOKEN_BYTES = 32;

  private final InvitationStore store;
  private final ManagementService management;
  private final Clock clock;
  private final Duration ttl;
  private final SecureRandom random = new SecureRandom();

  public AdminInvitations(
      InvitationStore store, ManagementService management, Clock clock, Duration ttl) {
    this.store = store;
    this.management = management;
    this.clock = clock;
    this.ttl = ttl;
  }

  /** Invites whoever holds the email; 400 when it is not an email address. */
  public Invitation invite(Organization organization, String email, UUID invitedBy) {
    return invite(organization, email, invitedBy, () -> {});
  }

  /**
   * Invites whoever holds the email; 400 when it is not an email address. {@code admit} runs once
   * the address is found valid and before anything is stored, so a throttle it applies never counts
   * a malformed request.
   */
  public Invitation invite(
      Organization organization, String email, UUID invitedBy, Runnable admit) {
    if (!RegistryRules.adminEmail(email)) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "Invite an admin by a valid email address");
    }
    admit.run();
    byte[] token = new byte[TOKEN_BYTES];
    random.nextBytes(token);
    long now = clock.millis();
    Invitation invitation =
        new Invitation(
            normalized(email),
            organization.id(),
            Base64.getUrlEncoder().withoutPadding().encodeToString(token),
            invitedBy,
            now,
            now + ttl.toMillis());
    store.save(invitation, ttl);
    return invitation;
  }

  /** The admin's unexpired invitations, oldest first. */
  public List<Invitation> pending(AdminUser admin) {
    long now = clock.millis();
    return store.pending(normalized(admin.email())).stream()
        .filter(invitation -> invitation.expiresMillis() > now)
        .sorted(Comparator.comparingLong(Invitation::createdMillis))
        .toList();
  }

  /** Makes the admin an admin of the invitation's organization; 404 unless it is theirs. */
  public Organization accept(AdminUser admin, String token) {
    Invitation invitation = find(admin, token);
    Organization organization =
        management.organization(invitation.organization()).orElseThrow(AdminInvitations::notFound);
    management.addAdmin(organization, admin);
    store.delete(invitation.email(), invitation.organization());
    return organization;
  }

  /** Forgets the invitation; 404 unless it is the admin's. */
  public void decline(AdminUser admin, String token) {
    Invitation invitation = find(admin, token);
    store.delete(invitation.email(), invitation.organization());
  }

  /** The admin's pending invitation with this token, compared in constant time. */
  private Invitation find(AdminUser admin, String token) {
    if (token == null || token.isEmpty()) {
      throw notFound();
    }
    byte[] wanted = token.getBytes(StandardCharsets.UTF_8);
    Optional<Invitation> found = Optional.empty();
    for (Invitation invitation : pending(admin)) {
      if (MessageDigest.isEqual(invitation.token().getBytes(StandardCharsets.UTF_8), wanted)) {
        found = Optional.of(invitation);
      }
    }
    return found.orElseThrow(AdminInvitations::notFound);
  }

  private static String normalized(String email) {
    return email.trim().toLowerCase(Locale.ROOT);
  }

  private static MeridianException notFound() {
    return new MeridianException(
        ErrorCode.NOT_FOUND, "No such invitation: it expired, was answered or is not yours");
  }
}
