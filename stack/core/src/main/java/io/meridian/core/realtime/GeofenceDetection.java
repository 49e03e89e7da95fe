package io.meridian.core.realtime;

import java.util.Locale;
import java.util.Optional;

/**
 * What a geofence subscription asks to be told about a move (docs/realtime.md, "Geofence
 * subscriptions"); the order of the constants is the order of a fence's hits.
 */
public enum GeofenceDetection {
  /** The fence did not contain the old position and contains the new one. */
  ENTER,
  /** The fence contains the new position (the move into it included). */
  INSIDE,
  /** The fence contained the old position and does not contain the new one. */
  EXIT,
  /** The fence contains neither position but the straight move between them meets it. */
  CROSS,
  /** No selected fence contains the new position; reported once, with no fence. */
  OUTSIDE;

  /** The name on the wire: {@code enter}, {@code inside}, ... */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The detection of a wire name, exactly as {@link #wireName()} writes it; empty otherwise. */
  public static Optional<GeofenceDetection> named(String wireName) {
    for (GeofenceDetection detection : values()) {
      if (detection.wireName().equals(wireName)) {
        return Optional.of(detection);
      }
    }
    return Optional.empty();
  }
}
