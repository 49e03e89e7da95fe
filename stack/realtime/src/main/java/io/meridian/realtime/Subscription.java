package io.meridian.realtime;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.ConnectionQuota;
import io.meridian.core.common.Json;
import io.meridian.core.identity.access.Visibility;
import io.meridian.core.query.CompiledQuery;
import io.meridian.core.query.Projection;
import io.meridian.core.realtime.FeedEntry;
import io.meridian.core.realtime.RealtimeHub;
import io.meridian.core.realtime.SubscriptionFilter;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One subscription of one connection to a collection: the events it asked for, told as core's
 * {@link SubscriptionFilter} classifies each feed entry, and only for entities the connection may
 * read at the time of delivery. A device's upstream event is told as {@code device_event} to the
 * subscriptions of its collection whose query selects the device.
 */
class Subscription implements RealtimeHub.Listener {
  static final String DEVICE_EVENT = "device_event";

  /** Events of a plain subscription. */
  static final Set<String> EVENTS =
      Stream.concat(
              Arrays.stream(SubscriptionFilter.Event.values())
                  .map(SubscriptionFilter.Event::wireName),
              Stream.of(DEVICE_EVENT))
          .collect(Collectors.toUnmodifiableSet());

  final String id;
  final RealtimeConnection connection;
  final String collection;
  private final SubscriptionFilter filter;
  final String ql;
  private final Set<String> events;
  private volatile RealtimeHub.Watch watch;
  private volatile ConnectionQuota.Permit place;

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
    this.filter = new SubscriptionFilter(collection, query);
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

  /** The subscription's place in its caller's and application's bounds, given back by cancel. */
  void hold(ConnectionQuota.Permit place) {
    this.place = place;
  }

  void cancel() {
    RealtimeHub.Watch started = watch;
    if (started != null) {
      started.close();
    }
    ConnectionQuota.Permit held = place;
    if (held != null) {
      held.release();
    }
  }

  @Override
  public synchronized void deliver(List<RealtimeHub.Entry> entries) {
    Visibility visibility = null;
    for (RealtimeHub.Entry entry : entries) {
      FeedEntry feed = entry.feed();
      if (!filter.concerns(feed)) {
        continue;
      }
      if (visibility == null) {
        visibility = connection.visibility();
      }
      if (!SubscriptionFilter.readable(visibility, entry)) {
        continue;
      }
      if (!(feed.isEvent() ? deliverDeviceEvent(entry) : deliver(entry))) {
        return;
      }
    }
  }

  /** Sends what this entry means to the subscription; false once the connection takes no more. */
  boolean deliver(RealtimeHub.Entry entry) {
    String event = filter.event(entry).map(SubscriptionFilter.Event::wireName).orElse(null);
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
    return filter.selects(entity);
  }

  /** The entity as events show it: stored text, or the query's projection of it. */
  String shaped(String text, ObjectNode entity) {
    if (text == null) {
      return null;
    }
    CompiledQuery query = filter.query();
    Projection projection = query == null ? null : query.projection().orElse(null);
    return projection == null ? text : Json.write(projection.apply(entity));
  }

  @Override
  public synchronized void reset(long seq) {
    connection.reset(this, seq);
  }
}
