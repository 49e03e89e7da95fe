package io.meridian.rest.access;

import io.meridian.core.identity.Principal;

/**
 * Who the request on this thread acts for, set by {@link AccessFilter} before any resource runs
 * (resources are synchronous, so the filter's thread serves the whole request).
 */
public final class Caller {
  private static final ThreadLocal<Principal> CURRENT = new ThreadLocal<>();

  private Caller() {}

  static void set(Principal principal) {
    CURRENT.set(principal);
  }

  static void clear() {
    CURRENT.remove();
  }

  /** The caller; a guest when the request carried no credentials. */
  public static Principal current() {
    Principal principal = CURRENT.get();
    return principal == null ? Principal.GUEST : principal;
  }
}
