package io.meridian.core.identity.login;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.RetryLaterException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.LongAdder;

/**
 * How many organizations one client address may register, and how many admins one inviter and one
 * address may add to organizations (invited by email or created outright), each within a window and
 * counted across every REST node like {@link SignUpThrottle}'s sign-ups. Without it an anonymous
 * caller registers organizations (each with an admin whose password is hashed) as fast as it can
 * send, and an admin with a token fills the invitation store, and the invitees' mailboxes, at will.
 *
 * <p>A refusal is a {@code 429} with the time until the oldest counted request leaves the window,
 * and counts nothing; a blank address or inviter (not known) is not counted under that key.
 */
public final class RegistrationThrottle {
  /** The same whatever the address. */
  static final String REGISTRATIONS_EXHAUSTED =
      "Too many organizations registered from this address; try again later";

  /** The same whether the inviter's or the address's allowance is spent. */
  static final String INVITATIONS_EXHAUSTED = "Too many admins invited or added; try again later";

  private final Allowance registrations;
  private final Allowance invitationsPerInviter;
  private final Allowance invitationsPerAddress;

  /** Requests refused because an allowance was spent, since start (for the metrics). */
  private final LongAdder refusals = new LongAdder();

  public RegistrationThrottle(
      LoginFailureStore store,
      Clock clock,
      int registrationsPerAddress,
      Duration registrationWindow,
      int invitationsPerInviter,
      int invitationsPerAddress,
      Duration invitationWindow) {
    this.registrations = new Allowance(store, clock, registrationsPerAddress, registrationWindow);
    this.invitationsPerInviter =
        new Allowance(store, clock, invitationsPerInviter, invitationWindow);
    this.invitationsPerAddress =
        new Allowance(store, clock, invitationsPerAddress, invitationWindow);
  }

  /** Counts an organization registered from the address, or refuses with {@code 429}. */
  public void admitOrganization(String address) {
    if (!present(address)) {
      return;
    }
    List<String> key = List.of("register:" + ClientAddresses.key(address));
    refuseAfter(registrations.wait(key, 1), REGISTRATIONS_EXHAUSTED);
    registrations.record(key, 1);
  }

  /**
   * Counts one admin invited or added by {@code inviter} (the caller's subject) from the address,
   * or refuses with {@code 429} when either allowance is spent.
   */
  public void admitInvitation(UUID inviter, String address) {
    List<String> byInviter = inviter == null ? List.of() : List.of("invite:" + inviter);
    List<String> byAddress =
        present(address) ? List.of("invite-from:" + ClientAddresses.key(address)) : List.of();
    refuseAfter(
        Allowance.longest(
            invitationsPerInviter.wait(byInviter, 1), invitationsPerAddress.wait(byAddress, 1)),
        INVITATIONS_EXHAUSTED);
    invitationsPerInviter.record(byInviter, 1);
    invitationsPerAddress.record(byAddress, 1);
  }

  /** How many requests this throttle refused since this node started. */
  public long refusals() {
    return refusals.sum();
  }

  private void refuseAfter(Optional<Duration> wait, String description) {
    if (wait.isPresent()) {
      refusals.increment();
      throw new RetryLaterException(ErrorCode.TOO_MANY_REQUESTS, description, wait.get());
    }
  }

  private static boolean present(String key) {
    return key != null && !key.isBlank();
  }
}
