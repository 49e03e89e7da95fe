package io.meridian.realtime;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.access.Visibility;
import io.meridian.core.query.CompiledQuery;
import io.meridian.core.query.Projection;
import io.meridian.core.realtime.FeedEntry;
import io.meridian.core.realtime.RealtimeHub;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One subscription of one connection to a collection: which writes it is told of (its query, its
 * events), decided for each feed entry with the entity before and after the write, and only for
 * entities the connection may read at the time of delivery. A device's upstream event is told as
 * {@code device_event} to the subscriptions of its collection whose query selects the device.
 */
class Subscription implements RealtimeHub.Listener {
  static final String DEVICE_EVENT = "device_event";

  /** Events of a plain subscription. */
  static final Set<String> EVENTS =
      Set.of("create", "update", "delete", "enter", "leave", DEVICE_EVENT);

  final String id;
  final RealtimeConnection connection;
  final String collection;
  private final CompiledQuery query;
  final String ql;
  private final Set<String> events;
  private volatile RealtimeHub.Watch watch;

  Subscription(
      String id,
      RealtimeConnection connection,
      String collection,
      CompiledQuery query,
      String ql,
      Set<String> events) {
    this.id = id;
    this.connection = connection;
    this.collection = collection;
    this.query = query;
    this.ql = ql;
    this.events = events;
  }

  void started(RealtimeHub.Watch watch) {
    this.watch = watch;
  }

  long seq() {
    return watch.seq();
  }

  boolean wasReset() {
    return watch.wasReset();
  }

  void cancel() {
    RealtimeHub.Watch started = watch;
    if (started != null) {
      started.close();
    }
  }

  @Override
  public synchronized void deliver(List<RealtimeHub.Entry> entries) {
    Visibility visibility = null;
    for (RealtimeHub.Entry entry : entries) {
      FeedEntry feed = entry.feed();
      if (!collection.equals(feed.collection())) {
        continue;
      }
      if (visibility == null) {
        visibility = connection.visibility();
      }
      if (!readable(visibility, entry)) {
        continue;
      }
      if (!(feed.isEvent() ? deliverDeviceEvent(entry) : deliver(entry))) {
        return;
      }
    }
  }

  /**
   * Whether the connection may read the entity as the write left it and as it was before (a rename
   * may have changed what a permission by name allows).
   */
  static boolean readable(Visibility visibility, RealtimeHub.Entry entry) {
    if (visibility == Visibility.NONE) {
      return false;
    }
    FeedEntry feed = entry.feed();
    StoredEntity entity = feed.stored();
    if (!visibility.canRead(entity)) {
      return false;
    }
    if (entry.before() == null || entry.after() == null) {
      return true; // one state only, the one just checked
    }
    String previousName = entry.before().path("name").asText(null);
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

  /** Sends what this entry means to the subscription; false once the connection takes no more. */
  boolean deliver(RealtimeHub.Entry entry) {
    boolean before = entry.before() != null && matches(entry.before());
    boolean after = entry.after() != null && matches(entry.after());
    String event;
    if (entry.before() == null) {
      event = after ? "create" : null;
    } else if (entry.after() == null) {
      event = before ? "delete" : null;
    } else if (before) {
      event = after ? "update" : "leave";
    } else {
      event = after ? "enter" : null;
    }
    if (event == null || !events.contains(event)) {
      return true;
    }
    FeedEntry feed = entry.feed();
    return connection.sendEvent(
        Messages.event(
            id,
            feed.seq(),
            event,
            shaped(feed.body(), entry.after()),
            shaped(feed.previous(), entry.before()),
            false,
            null));
  }

  /**
   * Sends a device's upstream event when the subscription takes them and its query selects the
   * device; false once the connection takes no more.
   */
  boolean deliverDeviceEvent(RealtimeHub.Entry entry) {
    if (!events.contains(DEVICE_EVENT) || entry.after() == null || !matches(entry.after())) {
      return true;
    }
    FeedEntry feed = entry.feed();
    return connection.sendEvent(
        Messages.deviceEvent(
            id,
            feed.seq(),
            feed.name(),
            shaped(feed.body(), entry.after()),
            entry.payload(),
            feed.event()));
  }

  boolean matches(ObjectNode entity) {
    return query == null || query.matches(entity);
  }

  /** The entity as events show it: stored text, or the query's projection of it. */
  String shaped(String text, ObjectNode entity) {
    if (text == null) {
      return null;
    }
    Projection projection = query == null ? null : query.projection().orElse(null);
    return projection == null ? text : Json.write(projection.apply(entity));
  }

  @Override
  public synchronized void reset(long seq) {
    connection.reset(this, seq);
  }
}
