package io.meridian.core.connection;

import io.meridian.core.app.ApplicationRef;

/**
 * Told of each connection made through {@link ConnectionService#connect}, after it is stored and
 * before the request is answered. A feature that attaches meaning to a verb (following a user
 * brings their activities into one's feed) observes it here, so the connection use case stays
 * ignorant of it.
 */
public interface ConnectionObserver {
  void connected(ApplicationRef app, Connection connection);
}
