package io.meridian.realtime;

import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.access.Visibility;
import io.meridian.core.query.CompiledQuery;
import io.meridian.core.realtime.FeedEntry;
import io.meridian.core.realtime.GeofenceDetection;
import io.meridian.core.realtime.GeofenceDetector;
import io.meridian.core.realtime.GeofenceHit;
import io.meridian.core.realtime.Position;
import io.meridian.core.realtime.RealtimeHub;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * A geofence subscription: entities of a collection (those its query selects) moving relative to
 * the fences of another collection (those its fence query selects), with Tile38's detections
 * ({@link GeofenceDetector}). Fences come from this node's in-memory fence index; only fences the
 * connection may read are named.
 */
final class FenceSubscription extends Subscription {
  static final Set<String> DETECT =
      Arrays.stream(GeofenceDetection.values())
          .map(GeofenceDetection::wireName)
          .collect(Collectors.toUnmodifiableSet());

  private final Set<GeofenceDetection> detections;
  private final String fences;
  private final CompiledQuery fenceQuery;
  private final GeofenceDetector detector;

  FenceSubscription(
      String id,
      RealtimeConnection connection,
      String collection,
      CompiledQuery query,
      String ql,
      Set<String> detect,
      String fences,
      CompiledQuery fenceQuery,
      GeofenceDetector detector) {
    super(id, connection, collection, query, ql, Subscription.EVENTS);
    EnumSet<GeofenceDetection> detections = EnumSet.noneOf(GeofenceDetection.class);
    detect.forEach(name -> detections.add(GeofenceDetection.named(name).orElseThrow()));
    this.detections = detections;
    this.fences = fences;
    this.fenceQuery = fenceQuery;
    this.detector = detector;
  }

  /** A device's event does not move it: nothing to detect. */
  @Override
  boolean deliverDeviceEvent(RealtimeHub.Entry entry) {
    return true;
  }

  @Override
  boolean deliver(RealtimeHub.Entry entry) {
    Position from =
        entry.before() != null && matches(entry.before()) ? Position.of(entry.before()) : null;
    Position to =
        entry.after() != null && matches(entry.after()) ? Position.of(entry.after()) : null;
    if (from == null && to == null) {
      return true;
    }
    Visibility visibility = connection.visibility(); // the entity's own was checked by deliver
    Predicate<StoredEntity> fenceFilter =
        fenceQuery == null
            ? visibility::canRead
            : fence ->
                visibility.canRead(fence)
                    && fenceQuery.matches(Json.parseStoredObject(fence.json()));
    List<GeofenceHit> hits;
    try {
      hits =
          detector.detect(connection.application().id(), fences, fenceFilter, detections, from, to);
    } catch (MeridianException e) {
      // This node's fence index may be stale: say so rather than stay silent.
      return connection.send(
          Messages.error(
              null,
              e.code().code(),
              "Geofence events of subscription " + id + " were missed: " + e.description()));
    }
    FeedEntry feed = entry.feed();
    for (GeofenceHit hit : hits) {
      boolean sent =
          connection.sendEvent(
              Messages.event(
                  id,
                  feed.seq(),
                  hit.detection().wireName(),
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
}
