package io.meridian.rest.realtime;

import io.meridian.core.common.Json;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.access.Visibility;
import io.meridian.core.query.CompiledQuery;
import io.meridian.core.realtime.FeedEntry;
import io.meridian.core.realtime.RealtimeHub;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A geofence subscription: entities of a collection (those its query selects) moving relative to
 * the fences of another collection (those its fence query selects), with Tile38's detections.
 * Fences come from this node's in-memory fence index; only fences the connection may read are
 * named.
 */
final class FenceSubscription extends Subscription {
  static final Set<String> DETECT = Set.of("enter", "exit", "inside", "outside", "cross");

  private final Set<String> detect;
  private final String fences;
  private final Predicate<StoredEntity> fenceFilter;
  private final FenceDetection detection;

  FenceSubscription(
      String id,
      RealtimeConnection connection,
      String collection,
      CompiledQuery query,
      String ql,
      Set<String> detect,
      String fences,
      CompiledQuery fenceQuery,
      FenceDetection detection) {
    super(id, connection, collection, query, ql, Subscription.EVENTS);
    this.detect = detect;
    this.fences = fences;
    this.detection = detection;
    this.fenceFilter =
        fenceQuery == null
            ? fence -> true
            : fence -> fenceQuery.matches(Json.parseStoredObject(fence.json()));
  }

  @Override
  boolean deliver(RealtimeHub.Entry entry) {
    FeedEntry feed = entry.feed();
    StoredEntity before = entry.before() != null && matches(entry.before()) ? previous(feed) : null;
    StoredEntity after = entry.after() != null && matches(entry.after()) ? current(feed) : null;
    if (before == null && after == null) {
      return true;
    }
    Visibility visibility = connection.visibility();
    for (FenceDetection.Hit hit :
        detection.detect(
            connection.application(),
            fences,
            fenceFilter.and(visibility::canRead),
            detect,
            before,
            after)) {
      boolean sent =
          connection.send(
              Messages.event(
                  id,
                  feed.seq(),
                  hit.event(),
                  shaped(feed.body(), entry.after()),
                  shaped(feed.previous(), entry.before()),
                  true,
                  hit.fence() == null ? null : hit.fence().json()));
      if (!sent) {
        return false;
      }
    }
    return true;
  }

  private static StoredEntity current(FeedEntry feed) {
    return new StoredEntity(
        feed.entity(), feed.collection(), feed.name(), feed.version(), 0, feed.body());
  }

  private static StoredEntity previous(FeedEntry feed) {
    return new StoredEntity(
        feed.entity(), feed.collection(), feed.name(), feed.version(), 0, feed.previous());
  }

  /** The fences an entity's move concerns. */
  interface FenceDetection {
    /**
     * @param before the entity before the write, or null (created, or not watched before)
     * @param after the entity after the write, or null (deleted, or no longer watched)
     */
    List<Hit> detect(
        io.meridian.core.app.ApplicationRef app,
        String fences,
        Predicate<StoredEntity> fenceFilter,
        Set<String> detect,
        StoredEntity before,
        StoredEntity after);

    /**
     * @param fence the fence, or null for {@code outside} every fence
     */
    record Hit(String event, StoredEntity fence) {}
  }
}
