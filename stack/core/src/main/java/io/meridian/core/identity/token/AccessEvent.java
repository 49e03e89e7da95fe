package io.meridian.core.identity.token;

import java.util.UUID;

/**
 * A change to access state that every node must see within a second: a subject's tokens or secret
 * ({@code SUBJECT}), an application's roles, permissions or memberships ({@code APPLICATION}), or
 * an application removed from the registry ({@code APPLICATION_DELETED}, which also ends its access
 * state), a device secret of an application rotated or revoked ({@code DEVICE_KEYS}, which detaches
 * the device wherever it attached with what no longer holds), or a name newly registered ({@code
 * NAME_REGISTERED}: an organization or application, whose target is the name's id in {@link
 * io.meridian.core.common.MissingNames}, so that no node keeps answering that it does not exist).
 */
public record AccessEvent(Kind kind, UUID target) {
  public enum Kind {
    SUBJECT,
    APPLICATION,
    APPLICATION_DELETED,
    DEVICE_KEYS,
    NAME_REGISTERED
  }
}
