package io.meridian.rest.app;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.identity.Requester;
import io.meridian.core.identity.access.AccessControl;
import io.meridian.rest.access.Caller;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The {@link Requester} of the request this thread serves: its client address, and its caller's
 * role.
 */
final class Requesters {
  private Requesters() {}

  static Requester of(
      AccessControl access, ApplicationRef application, HttpServletRequest servlet) {
    return new Requester(
        servlet.getRemoteAddr(), access.isAdministrator(Caller.current(), application));
  }
}
