package io.meridian.core.common;

import java.util.UUID;

/**
 * Source of time-based (version 1) UUIDs. Injected so that tests can control time; production uses
 * {@link TimeUuidGenerator}.
 */
public interface IdGenerator {

  /** A new time-based UUID, strictly greater in time than every one this generator made before. */
  UUID newTimeUuid();
}
