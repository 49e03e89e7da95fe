package io.meridian.core.common;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A shared, short-lived log of events that every node polls ({@link EventFeed}). */
public interface EventLog<E> {

  void publish(E event);

  /** Publishes events, possibly concurrently; returns once all are durable. */
  default void publishAll(List<E> events) {
    events.forEach(this::publish);
  }

  /** Events published between {@code since} and about {@code now}, each with its unique id. */
  List<Published<E>> since(Instant since, Instant now);

  record Published<E>(UUID id, E event) {}
}
