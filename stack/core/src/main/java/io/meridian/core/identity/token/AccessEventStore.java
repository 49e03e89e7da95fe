package io.meridian.core.identity.token;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** The shared feed of access changes that every node polls. */
public interface AccessEventStore {

  void publish(AccessEvent event);

  /** Events published between {@code since} and about {@code now}, each with its unique id. */
  List<Published> since(Instant since, Instant now);

  record Published(UUID id, AccessEvent event) {}
}
