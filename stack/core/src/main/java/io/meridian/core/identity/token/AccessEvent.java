package io.meridian.core.identity.token;

import java.util.UUID;

/**
 * A change to access state that every node must see within a second: a subject's tokens or secret
 * ({@code SUBJECT}), or an application's roles, permissions, memberships or existence ({@code
 * APPLICATION}).
 */
public record AccessEvent(Kind kind, UUID target) {
  public enum Kind {
    SUBJECT,
    APPLICATION
  }
}
