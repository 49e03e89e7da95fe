package io.meridian.rest.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The tags of {@link LocationTagsIT}, around one LoadTags question: the tags of channels news and
 * traffic (not ads) within {@link #RADIUS} metres of a centre in Oslo, written in the hour [{@link
 * #T1}, {@link #T2}]. Generated from a fixed seed, so every run writes the same tags.
 */
final class LocationTags {
  static final double LATITUDE = 59.9139;
  static final double LONGITUDE = 10.7522;
  static final int RADIUS = 2_000;
  static final long T1 = 1_763_719_200_000L;
  static final long T2 = T1 + 3_600_000L;
  static final List<String> SUBSCRIBED = List.of("news", "traffic");
  static final String UNSUBSCRIBED = "ads";

  /** Lucene's mean earth radius: the one Elasticsearch's arc {@code geo_distance} uses. */
  private static final double EARTH_RADIUS = 6_371_008.7714;

  /** Points meant to lie on one side of the radius stay this far from it, in metres. */
  private static final double MARGIN = 10;

  /** A tag as a device writes it, and whether LoadTags should return it. */
  record Tag(
      String channel,
      double latitude,
      double longitude,
      double altitude,
      long time,
      String label,
      boolean expected) {

    ObjectNode json() {
      ObjectNode tag = Json.object().put("channel", channel);
      tag.putObject("location").put("latitude", latitude).put("longitude", longitude);
      return tag.put("altitude", altitude)
          .put("time", time)
          .put("label", label)
          .put("link", "https://example.com/tags/" + label.replace(' ', '-'));
    }
  }

  private final Random random = new Random(20_261_121);

  /**
   * About three hundred tags in a shuffled order: eighty LoadTags must return (among them one at
   * each end of the window, one just inside the radius, two with the same time) and as many again
   * that each miss exactly one of its conditions.
   */
  List<Tag> mixed() {
    List<Tag> tags = new ArrayList<>();
    Set<Long> times = new HashSet<>(List.of(T1, T2));
    tags.add(tag("news", 0, 0, T1, "expected at t1", true));
    tags.add(tag("traffic", RADIUS - MARGIN, 45, T2, "expected at t2", true));
    long tie = T1 + 1_800_000L;
    times.add(tie);
    tags.add(tag("news", 500, 10, tie, "expected tie a", true));
    tags.add(tag("traffic", 700, 200, tie, "expected tie b", true));
    for (int i = 0; i < 76; i++) {
      long time;
      do {
        time = T1 + 1 + (long) (random.nextDouble() * (T2 - T1 - 2));
      } while (!times.add(time));
      String channel = SUBSCRIBED.get(i % 2);
      tags.add(tag(channel, inside(), bearing(), time, "expected " + i, true));
    }
    for (int i = 0; i < 220; i++) {
      tags.add(nonMatching(i % 3, "other " + i));
    }
    Collections.shuffle(tags, random);
    return tags;
  }

  /**
   * A tag that misses exactly one condition of LoadTags: kind 0, just beyond the radius; 1, just
   * outside the window; 2, in the channel not subscribed to; 3, tens of kilometres away.
   */
  Tag nonMatching(int kind, String label) {
    double meters =
        switch (kind) {
          case 0 -> RADIUS + MARGIN + random.nextDouble() * 300;
          case 3 -> 50_000 + random.nextDouble() * 50_000;
          default -> inside();
        };
    long time = kind == 1 ? outsideWindow() : T1 + (long) (random.nextDouble() * (T2 - T1));
    String subscribed = SUBSCRIBED.get(random.nextInt(SUBSCRIBED.size()));
    return tag(kind == 2 ? UNSUBSCRIBED : subscribed, meters, bearing(), time, label, false);
  }

  /**
   * A tag {@code meters} from the centre towards {@code bearing} (degrees from north), its distance
   * checked with the haversine formula to lie on the side of the radius it is meant to.
   */
  Tag tag(
      String channel, double meters, double bearing, long time, String label, boolean expected) {
    double[] point = destination(meters, bearing);
    double distance = haversine(point[0], point[1]);
    if (meters < RADIUS) {
      assertThat(distance).as(label).isLessThan(RADIUS - MARGIN / 2);
    } else {
      assertThat(distance).as(label).isGreaterThan(RADIUS + MARGIN / 2);
    }
    // Mostly on the ground, now and then an airliner: LoadTags is two-dimensional.
    double altitude = random.nextInt(20) == 0 ? 10_668 : random.nextInt(3_000) - 50;
    return new Tag(channel, point[0], point[1], altitude, time, label, expected);
  }

  /** The uuids of the tags LoadTags should return, newest first, ties by uuid ascending. */
  static List<String> newestFirst(Map<String, Tag> written) {
    return written.entrySet().stream()
        .filter(entry -> entry.getValue().expected())
        .sorted(
            Comparator.comparingLong((Map.Entry<String, Tag> entry) -> entry.getValue().time())
                .reversed()
                .thenComparing(Map.Entry::getKey))
        .map(Map.Entry::getKey)
        .toList();
  }

  private double inside() {
    return random.nextDouble() * (RADIUS - MARGIN);
  }

  private double bearing() {
    return random.nextDouble() * 360;
  }

  /** Up to a day before or after the window, and now and then a millisecond before it. */
  private long outsideWindow() {
    if (random.nextInt(10) == 0) {
      return random.nextBoolean() ? T1 - 1 : T2 + 1;
    }
    long outside = 1 + (long) (random.nextDouble() * 86_400_000L);
    return random.nextBoolean() ? T1 - outside : T2 + outside;
  }

  /** The point {@code meters} from the centre along a great circle: latitude, longitude. */
  private static double[] destination(double meters, double bearingDegrees) {
    double angle = meters / EARTH_RADIUS;
    double bearing = Math.toRadians(bearingDegrees);
    double latitude = Math.toRadians(LATITUDE);
    double destinationLatitude =
        Math.asin(
            Math.sin(latitude) * Math.cos(angle)
                + Math.cos(latitude) * Math.sin(angle) * Math.cos(bearing));
    double destinationLongitude =
        Math.toRadians(LONGITUDE)
            + Math.atan2(
                Math.sin(bearing) * Math.sin(angle) * Math.cos(latitude),
                Math.cos(angle) - Math.sin(latitude) * Math.sin(destinationLatitude));
    return new double[] {Math.toDegrees(destinationLatitude), Math.toDegrees(destinationLongitude)};
  }

  /** Great-circle distance from the centre, in metres (the haversine formula). */
  private static double haversine(double latitude, double longitude) {
    double deltaLatitude = Math.toRadians(latitude - LATITUDE);
    double deltaLongitude = Math.toRadians(longitude - LONGITUDE);
    double a =
        Math.pow(Math.sin(deltaLatitude / 2), 2)
            + Math.cos(Math.toRadians(LATITUDE))
                * Math.cos(Math.toRadians(latitude))
                * Math.pow(Math.sin(deltaLongitude / 2), 2);
    return 2 * EARTH_RADIUS * Math.asin(Math.sqrt(a));
  }
}
