package io.meridian.core.geo;

import java.util.Collection;
import java.util.List;
import java.util.UUID;

/** What the in-memory geo indexes keep in Cassandra to be rebuilt on any node. */
public interface GeoStore {

  /** Why a collection is held in memory. */
  enum Kind {
    /** It held a fence once. */
    FENCES,
    /** Its settings make it geo-hot. */
    HOT
  }

  record GeoCollection(Kind kind, UUID applicationId, String collection) {}

  /** Every collection held in memory, of every application. */
  List<GeoCollection> collections();

  void addCollection(Kind kind, UUID applicationId, String collection);

  void removeCollection(Kind kind, UUID applicationId, String collection);

  /** Records entities that may be fences; a superset is harmless, a missing one is not. */
  void registerFences(UUID applicationId, String collection, Collection<UUID> entityIds);

  void unregisterFence(UUID applicationId, String collection, UUID entityId);

  /** Every entity registered as a possible fence of a collection. */
  List<UUID> fences(UUID applicationId, String collection);

  /** Whether the collection's settings make it geo-hot. */
  boolean geoHot(UUID applicationId, String collection);

  void setGeoHot(UUID applicationId, String collection, boolean hot);
}
