package io.meridian.core.geo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class PointIndexTest {
  private final PointIndex<String> index = new PointIndex<>();

  private static List<String> values(List<Near<String>> answers) {
    return answers.stream().map(Near::value).toList();
  }

  @Test
  void returns_the_nearest_first_within_the_radius() {
    index.put(UUID.randomUUID(), 1, 37.7750, -122.4194, "here");
    index.put(UUID.randomUUID(), 1, 37.7760, -122.4194, "110 m north");
    index.put(UUID.randomUUID(), 1, 37.7850, -122.4194, "1.1 km north");
    index.put(UUID.randomUUID(), 1, 37.8044, -122.2712, "Oakland");

    List<Near<String>> near = index.nearest(37.7750, -122.4194, 2000, 0, null, null, 25);

    assertThat(values(near)).containsExactly("here", "110 m north", "1.1 km north");
    assertThat(near.get(0).meters()).isZero();
    assertThat(near.get(1).meters())
        .isEqualTo(Distances.meters(37.7750, -122.4194, 37.7760, -122.4194));
  }

  @Test
  void the_radius_is_inclusive() {
    index.put(UUID.randomUUID(), 1, 10.001, 20, "edge");
    double meters = Distances.meters(10, 20, 10.001, 20);

    assertThat(index.nearest(10, 20, meters, 0, null, null, 5)).hasSize(1);
    assertThat(index.nearest(10, 20, Math.nextDown(meters), 0, null, null, 5)).isEmpty();
  }

  @Test
  void orders_equal_distances_by_id_as_their_strings_sort_and_pages_strictly_after() {
    UUID low = UUID.fromString("00000000-0000-0000-0000-000000000001");
    UUID high = UUID.fromString("f0000000-0000-0000-0000-000000000000");
    UUID middle = UUID.fromString("7fffffff-ffff-ffff-ffff-ffffffffffff");
    index.put(high, 1, 1, 1, "high");
    index.put(low, 1, 1, 1, "low");
    index.put(middle, 1, 1, 1, "middle");

    List<Near<String>> all = index.nearest(1, 1, 10, 0, null, null, 10);
    assertThat(values(all)).containsExactly("low", "middle", "high");

    List<Near<String>> page = index.nearest(1, 1, 10, 0, low, null, 1);
    assertThat(values(page)).containsExactly("middle");
    assertThat(values(index.nearest(1, 1, 10, 0, middle, null, 5))).containsExactly("high");
    assertThat(index.nearest(1, 1, 10, 0, high, null, 5)).isEmpty();
  }

  @Test
  void applies_the_filter_before_the_limit() {
    for (int i = 0; i < 10; i++) {
      index.put(UUID.randomUUID(), 1, 0, i * 0.001, i % 2 == 0 ? "even" + i : "odd" + i);
    }

    List<Near<String>> odd = index.nearest(0, 0, 10_000, 0, null, v -> v.startsWith("odd"), 3);

    assertThat(values(odd)).containsExactly("odd1", "odd3", "odd5");
  }

  @Test
  void finds_neighbours_across_the_antimeridian_and_over_the_pole() {
    index.put(UUID.randomUUID(), 1, 0, -179.999, "west of the line");
    index.put(UUID.randomUUID(), 1, 89.999, 0, "near the pole");
    index.put(UUID.randomUUID(), 1, 89.999, 180, "near the pole, other side");

    assertThat(values(index.nearest(0, 179.999, 500, 0, null, null, 5)))
        .containsExactly("west of the line");
    assertThat(values(index.nearest(90, -90, 200, 0, null, null, 5)))
        .containsExactlyInAnyOrder("near the pole", "near the pole, other side");
  }

  @Test
  void a_newer_version_moves_the_point_and_an_equal_or_older_one_is_ignored() {
    UUID id = UUID.randomUUID();
    assertThat(index.put(id, 3, 0, 0, "v3")).isTrue();
    assertThat(index.put(id, 3, 5, 5, "v3 again")).isFalse();
    assertThat(index.put(id, 2, 5, 5, "v2")).isFalse();
    assertThat(index.put(id, 4, 5, 5, "v4")).isTrue();

    assertThat(index.nearest(0, 0, 1000, 0, null, null, 5)).isEmpty();
    assertThat(values(index.nearest(5, 5, 1000, 0, null, null, 5))).containsExactly("v4");
    assertThat(index.version(id)).isEqualTo(OptionalLong.of(4));
    assertThat(index.size()).isEqualTo(1);
  }

  @Test
  void remove_applies_only_to_a_newer_version_and_leaves_nothing_behind() {
    UUID id = UUID.randomUUID();
    index.put(id, 3, 0, 0, "point");

    assertThat(index.remove(id, 3)).isFalse();
    assertThat(index.remove(id, 4)).isTrue();
    assertThat(index.remove(id, 5)).isFalse();
    assertThat(index.version(id)).isEmpty();
    assertThat(index.size()).isZero();
    assertThat(index.nearest(0, 0, 1000, 0, null, null, 5)).isEmpty();
  }

  @Test
  void a_bulk_batch_is_published_at_once_and_its_changes_are_refused_afterwards() {
    AtomicReference<PointIndex.Changes<String>> kept = new AtomicReference<>();
    index.update(
        changes -> {
          kept.set(changes);
          for (int i = 0; i < 5000; i++) {
            changes.put(UUID.randomUUID(), 1, 10 + i * 1e-5, 20, "p" + i);
          }
        });

    assertThat(index.size()).isEqualTo(5000);
    assertThat(values(index.nearest(10, 20, 3, 0, null, null, 2))).containsExactly("p0", "p1");
    assertThatThrownBy(() -> kept.get().put(UUID.randomUUID(), 1, 0, 0, "late"))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void many_points_at_one_place_are_all_found() {
    for (int i = 0; i < 500; i++) {
      index.put(UUID.randomUUID(), 1, 48.8566, 2.3522, "same place");
    }

    assertThat(index.nearest(48.8566, 2.3522, 0, 0, null, null, 1000)).hasSize(500);
    assertThat(index.nearest(48.8566, 2.3522, 0, 0, null, null, 25)).hasSize(25);
  }

  @Test
  void no_limit_or_a_negative_radius_finds_nothing_and_a_bad_point_is_refused() {
    index.put(UUID.randomUUID(), 1, 0, 0, "point");

    assertThat(index.nearest(0, 0, 10, 0, null, null, 0)).isEmpty();
    assertThat(index.nearest(0, 0, -1, 0, null, null, 5)).isEmpty();
    assertThatThrownBy(() -> index.nearest(91, 0, 10, 0, null, null, 5))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> index.put(UUID.randomUUID(), 1, 0, Double.NaN, "nowhere"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
