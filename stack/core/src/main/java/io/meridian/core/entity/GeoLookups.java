package io.meridian.core.entity;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The in-memory geo indexes as queries use them (implemented by {@code io.meridian.core.geo}).
 * Answers reflect every write acknowledged through this node, and writes through other nodes within
 * the geo feed's bound.
 */
public interface GeoLookups {

  /** The property whose GeoJSON Polygon or MultiPolygon makes an entity a fence. */
  String FENCE_PROPERTY = "geometry";

  /** The property whose point a geo-hot collection holds in memory. */
  String LOCATION_PROPERTY = "location";

  /**
   * Calls {@code found} with each fence of a collection that contains the point (boundary included)
   * and that {@code wanted} accepts, in no order. {@code wanted} sees each candidate before its
   * exact test, so refusing the fences that could not be returned anyway saves their tests.
   */
  void forEachContaining(
      UUID applicationId,
      String collection,
      double lat,
      double lon,
      Predicate<StoredEntity> wanted,
      Consumer<StoredEntity> found);

  /**
   * Calls {@code found} with each fence of a collection that the segment from (lat0, lon0) to
   * (lat1, lon1) meets (an end inside, or the segment touching or crossing its boundary; edges
   * straight in longitude/latitude) and that {@code wanted} accepts, each once, in no order. {@code
   * wanted} sees each candidate before its exact test.
   */
  void forEachIntersecting(
      UUID applicationId,
      String collection,
      double lat0,
      double lon0,
      double lat1,
      double lon1,
      Predicate<StoredEntity> wanted,
      Consumer<StoredEntity> found);

  /**
   * The entities of a geo-hot collection within {@code meters} of the point that pass {@code
   * filter}, nearest first (uuid breaking ties), strictly after {@code (afterMeters, afterId)} when
   * {@code afterId} is given; at most {@code limit}. Empty when this node does not hold the
   * collection in memory (not geo-hot, or still loading): ask the index instead.
   */
  Optional<List<Nearby>> nearest(
      UUID applicationId,
      String collection,
      double lat,
      double lon,
      double meters,
      double afterMeters,
      UUID afterId,
      Predicate<StoredEntity> filter,
      int limit);

  record Nearby(StoredEntity entity, double meters) {}
}
