package io.meridian.core.identity.admin;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

/** Pending admin invitations, found by the invited email. */
public interface InvitationStore {

  /**
   * Saves the invitation, replacing a pending one for the same email and organization; it is
   * forgotten after {@code ttl}.
   */
  void save(Invitation invitation, Duration ttl);

  /** The invitations for this (lower-cased) email that were not deleted or forgotten. */
  List<Invitation> pending(String email);

  void delete(String email, UUID organization);
}
