package io.meridian.core.realtime;

import io.meridian.core.entity.StoredEntity;

/**
 * One geofence event of one move.
 *
 * @param fence the fence as this node's fence index holds it; null for {@link
 *     GeofenceDetection#OUTSIDE}
 */
public record GeofenceHit(GeofenceDetection detection, StoredEntity fence) {}
