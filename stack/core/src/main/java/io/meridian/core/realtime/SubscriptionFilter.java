package io.meridian.core.realtime;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.access.Visibility;
import io.meridian.core.query.CompiledQuery;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * What a write means to a subscription of a collection with a query: the entity was created,
 * updated, deleted, or entered or left what the query selects, judged on the entity as the write
 * found it and as it left it. Only entities the subscriber may read at delivery are told, in either
 * state (a rename may change what a permission by name allows).
 */
public final class SubscriptionFilter {
  /** The events of a subscription, as the real-time protocol names them. */
  public enum Event {
    CREATE,
    UPDATE,
    DELETE,
    ENTER,
    LEAVE;

    public String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final String collection;
  private final CompiledQuery query;

  /**
   * @param collection the collection's plural name
   * @param query the subscription's query, or null for every entity of the collection
   */
  public SubscriptionFilter(String collection, CompiledQuery query) {
    this.collection = collection;
    this.query = query;
  }

  public String collection() {
    return collection;
  }

  /** The subscription's query, or null for every entity of the collection. */
  public CompiledQuery query() {
    return query;
  }

  /** Whether the entry is of the subscription's collection. */
  public boolean concerns(FeedEntry entry) {
    return collection.equals(entry.collection());
  }

  /** Whether the query selects the entity (in one of its states). */
  public boolean selects(ObjectNode entity) {
    return query == null || query.matches(entity);
  }

  /**
   * What the write means to the subscription; empty when it concerns none of the entities the query
   * selects.
   */
  public Optional<Event> event(RealtimeHub.Entry entry) {
    boolean before = entry.before() != null && selects(entry.before());
    boolean after = entry.after() != null && selects(entry.after());
    Event event;
    if (entry.before() == null) {
      event = after ? Event.CREATE : null;
    } else if (entry.after() == null) {
      event = before ? Event.DELETE : null;
    } else if (before) {
      event = after ? Event.UPDATE : Event.LEAVE;
    } else {
      event = after ? Event.ENTER : null;
    }
    return Optional.ofNullable(event);
  }

  /**
   * Whether a subscriber with this visibility may read the entity as the write left it and as it
   * was before (a rename may have changed what a permission by name allows).
   */
  public static boolean readable(Visibility visibility, RealtimeHub.Entry entry) {
    if (visibility == Visibility.NONE) {
      return false;
    }
    FeedEntry feed = entry.feed();
    if (!visibility.canRead(feed.stored())) {
      return false;
    }
    if (entry.before() == null || entry.after() == null) {
      return true; // one state only, the one just checked
    }
    // the name a permission sees: the alias (a user's username, a group's path), not "name"
    String alias = CollectionName.of(feed.collection()).alias();
    String previousName = entry.before().path(alias).asText(null);
    return Objects.equals(previousName, feed.name())
        || visibility.canRead(
            new StoredEntity(
                feed.entity(),
                feed.collection(),
                previousName,
                feed.version(),
                0,
                feed.previous()));
  }
}
