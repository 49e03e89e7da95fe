package io.meridian.core.geo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The index against a brute force over every point: same answers, same distances, same order and
 * the same pages, on clustered and spread points, duplicates, the antimeridian and the poles.
 */
class PointIndexExactnessTest {
  private record Place(UUID id, double latitude, double longitude, int value) {}

  private final SplittableRandom random = new SplittableRandom(653796);
  private final List<Place> places = new ArrayList<>();
  private final PointIndex<Integer> index = new PointIndex<>();

  private double[] randomPoint() {
    int kind = random.nextInt(10);
    if (kind < 5) { // a dense cluster
      return new double[] {
        37.77 + random.nextGaussian() * 0.01, -122.42 + random.nextGaussian() * 0.01
      };
    } else if (kind < 7) { // spread over a region
      return new double[] {37 + 5 * random.nextDouble(), -123 + 5 * random.nextDouble()};
    } else if (kind == 7) { // across the antimeridian
      double lon = 179.9 + 0.2 * random.nextDouble();
      return new double[] {-10 + 0.2 * random.nextDouble(), lon > 180 ? lon - 360 : lon};
    } else if (kind == 8) { // around a pole
      return new double[] {89.9 + 0.1 * random.nextDouble(), -180 + 360 * random.nextDouble()};
    }
    return new double[] {-90 + 180 * random.nextDouble(), -180 + 360 * random.nextDouble()};
  }

  private void add(int count) {
    for (int i = 0; i < count; i++) {
      double[] point = randomPoint();
      if (i % 50 == 0 && !places.isEmpty()) { // the same coordinates as another place
        Place other = places.get(random.nextInt(places.size()));
        point = new double[] {other.latitude(), other.longitude()};
      }
      Place place = new Place(UUID.randomUUID(), point[0], point[1], places.size());
      places.add(place);
      index.put(place.id(), 1, place.latitude(), place.longitude(), place.value());
    }
  }

  private static List<Near<Integer>> bruteForce(
      List<Place> places,
      double lat,
      double lon,
      double radius,
      double afterMeters,
      UUID afterId,
      Predicate<Integer> filter,
      int limit) {
    List<Near<Integer>> all = new ArrayList<>();
    for (Place place : places) {
      double meters = Distances.meters(lat, lon, place.latitude(), place.longitude());
      if (meters <= radius
          && (afterId == null
              || NearestSearch.compare(meters, place.id(), afterMeters, afterId) > 0)
          && (filter == null || filter.test(place.value()))) {
        all.add(new Near<>(place.id(), place.value(), meters));
      }
    }
    all.sort(
        Comparator.comparing(
            (Near<Integer> near) -> near,
            (a, b) -> NearestSearch.compare(a.meters(), a.id(), b.meters(), b.id())));
    return all.subList(0, Math.min(limit, all.size()));
  }

  private int mismatches(int queries) {
    double[] radii = {0, 50, 500, 5_000, 50_000, 2_000_000};
    int[] limits = {1, 7, 25, 200};
    int mismatches = 0;
    for (int q = 0; q < queries; q++) {
      double[] point = q % 7 == 0 ? placePoint() : randomPoint();
      double radius = radii[random.nextInt(radii.length)];
      int limit = limits[random.nextInt(limits.length)];
      Predicate<Integer> filter = q % 3 == 0 ? v -> v % 3 != 0 : null;
      List<Near<Integer>> expected =
          bruteForce(places, point[0], point[1], radius, 0, null, filter, limit);
      List<Near<Integer>> actual =
          index.nearest(point[0], point[1], radius, 0, null, filter, limit);
      mismatches += actual.equals(expected) ? 0 : 1;
      if (!expected.isEmpty() && q % 5 == 0) { // the next page, keyed on the last answer
        Near<Integer> last = expected.get(expected.size() - 1);
        List<Near<Integer>> next =
            bruteForce(places, point[0], point[1], radius, last.meters(), last.id(), filter, limit);
        mismatches +=
            index
                    .nearest(point[0], point[1], radius, last.meters(), last.id(), filter, limit)
                    .equals(next)
                ? 0
                : 1;
      }
    }
    return mismatches;
  }

  private double[] placePoint() {
    Place place = places.get(random.nextInt(places.size()));
    return new double[] {place.latitude(), place.longitude()};
  }

  @Test
  void the_index_agrees_with_a_brute_force_before_and_after_updates() {
    add(12_000);
    assertThat(mismatches(800)).as("mismatches").isZero();

    for (int i = 0; i < places.size(); i += 4) {
      Place place = places.get(i);
      assertThat(index.remove(place.id(), 2)).isTrue();
    }
    for (int i = 1; i < places.size(); i += 4) {
      Place old = places.get(i);
      double[] point = randomPoint();
      index.put(old.id(), 2, point[0], point[1], old.value());
      places.set(i, new Place(old.id(), point[0], point[1], old.value()));
    }
    List<Place> kept = new ArrayList<>();
    for (int i = 0; i < places.size(); i++) {
      if (i % 4 != 0) {
        kept.add(places.get(i));
      }
    }
    places.clear();
    places.addAll(kept);
    assertThat(index.size()).isEqualTo(places.size());
    assertThat(mismatches(800)).as("mismatches after updates").isZero();
  }

  @Test
  void paging_through_every_answer_returns_each_once_in_order() {
    add(5_000);
    double[] point = {37.77, -122.42};
    List<Near<Integer>> expected =
        bruteForce(places, point[0], point[1], 3_000, 0, null, null, Integer.MAX_VALUE);
    assertThat(expected).hasSizeGreaterThan(500);

    List<Near<Integer>> paged = new ArrayList<>();
    List<Near<Integer>> page = index.nearest(point[0], point[1], 3_000, 0, null, null, 25);
    while (!page.isEmpty()) {
      paged.addAll(page);
      Near<Integer> last = page.get(page.size() - 1);
      page = index.nearest(point[0], point[1], 3_000, last.meters(), last.id(), null, 25);
    }

    assertThat(paged).isEqualTo(expected);
  }
}
