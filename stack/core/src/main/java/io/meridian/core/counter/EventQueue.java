package io.meridian.core.counter;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.StoredEntity;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Usergrid's read of {@code /events} as a queue: the events oldest first, from the start or after
 * the {@code last} one a previous read returned, one per read unless a limit says otherwise
 * (Usergrid's queue default). The position is the client's ({@code last}); nothing is consumed.
 *
 * <p>Answered by the index ({@code order by created asc}, ties by uuid, as the index breaks them):
 * after {@code last}, the events created in the same millisecond that sort after it come first. At
 * most {@link #SAME_MILLISECOND} events sharing that millisecond are told apart.
 */
public final class EventQueue {
  /** Usergrid's queue reads one message unless asked for more. */
  public static final int DEFAULT_LIMIT = 1;

  /** How many events of {@code last}'s own millisecond a read can step over. */
  static final int SAME_MILLISECOND = 100;

  private final EntityService entities;
  private final EntityQueries queries;

  public EventQueue(EntityService entities, EntityQueries queries) {
    this.entities = entities;
    this.queries = queries;
  }

  /** A read: the events and the position to pass as {@code last} to read on. */
  public record Read(List<StoredEntity> events, Optional<UUID> last) {}

  public Read read(ApplicationRef app, Optional<UUID> last, int limit) {
    EntityQueries.requireLimit(limit);
    if (last.isEmpty()) {
      List<StoredEntity> events =
          queries
              .query(app, EventService.EVENTS, "select * order by created asc", limit, null)
              .entities();
      return new Read(events, position(events, last));
    }
    StoredEntity previous = entities.get(app, EventService.EVENTS, last.get().toString());
    String ql = "select * where created >= " + previous.created() + " order by created asc";
    int wanted = Math.min(limit + SAME_MILLISECOND, 1_000);
    List<StoredEntity> events = new ArrayList<>();
    String after = previous.uuid().toString();
    for (StoredEntity event :
        queries.query(app, EventService.EVENTS, ql, wanted, null).entities()) {
      boolean before =
          event.created() == previous.created() && event.uuid().toString().compareTo(after) <= 0;
      if (!before && events.size() < limit) {
        events.add(event);
      }
    }
    return new Read(events, position(events, last));
  }

  /** The last event read, or the position read from when there was none. */
  private static Optional<UUID> position(List<StoredEntity> events, Optional<UUID> last) {
    return events.isEmpty() ? last : Optional.of(events.get(events.size() - 1).uuid());
  }
}
