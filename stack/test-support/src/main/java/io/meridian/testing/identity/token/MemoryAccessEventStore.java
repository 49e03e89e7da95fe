package io.meridian.testing.identity.token;

import io.meridian.core.common.IdGenerator;
import io.meridian.core.common.TimeUuids;
import io.meridian.core.identity.token.AccessEvent;
import io.meridian.core.identity.token.AccessEventStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link AccessEventStore} in memory with {@code CassandraEventLog}'s rules: each event gets a time
 * uuid when published, and a poll gets the events from its window's start on, in id order. {@link
 * #setAvailable} makes it fail as Cassandra unreachable would.
 */
public final class MemoryAccessEventStore implements AccessEventStore {
  private final IdGenerator ids;
  private final List<Published<AccessEvent>> published = new ArrayList<>();
  private volatile boolean available = true;

  public MemoryAccessEventStore(IdGenerator ids) {
    this.ids = ids;
  }

  public void setAvailable(boolean available) {
    this.available = available;
  }

  @Override
  public synchronized void publish(AccessEvent event) {
    requireAvailable();
    published.add(new Published<>(ids.newTimeUuid(), event));
  }

  @Override
  public synchronized List<Published<AccessEvent>> since(Instant since, Instant now) {
    requireAvailable();
    return published.stream()
        .filter(event -> TimeUuids.millis(event.id()) >= since.toEpochMilli())
        .toList();
  }

  /** Every event published, oldest first. */
  public synchronized List<AccessEvent> events() {
    return new ArrayList<>(published.stream().map(Published::event).toList());
  }

  private void requireAvailable() {
    if (!available) {
      throw new IllegalStateException("The access event store is unavailable");
    }
  }
}
