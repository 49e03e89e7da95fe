package io.meridian.core.geo;

import static io.meridian.core.geo.GeoJson.polygon;
import static io.meridian.core.geo.GeoJson.ring;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class FenceIndexTest {
  private final FenceIndex<String> index = new FenceIndex<>();

  private static FenceShape box(double minLon, double minLat, double maxLon, double maxLat) {
    return FenceShape.parse(
        polygon(ring(minLon, minLat, maxLon, minLat, maxLon, maxLat, minLon, maxLat)));
  }

  @Test
  void reports_every_fence_containing_the_point_once() {
    index.put(UUID.randomUUID(), 1, box(0, 0, 10, 10), "big");
    index.put(UUID.randomUUID(), 1, box(4, 4, 6, 6), "middle");
    index.put(UUID.randomUUID(), 1, box(4.9, 4.9, 5.1, 5.1), "small");
    index.put(UUID.randomUUID(), 1, box(20, 20, 30, 30), "far");

    assertThat(index.containing(5, 5)).containsExactlyInAnyOrder("big", "middle", "small");
    assertThat(index.containing(1, 1)).containsExactly("big");
    assertThat(index.containing(-1, -1)).isEmpty();
    assertThat(index.size()).isEqualTo(4);
  }

  @Test
  void reports_only_wanted_fences_and_asks_before_testing_each_candidate_once() {
    Random random = new Random(7);
    for (int i = 0; i < 400; i++) {
      double lon = random.nextDouble() * 10;
      double lat = random.nextDouble() * 10;
      double size = 0.01 + random.nextDouble() * 3;
      index.put(UUID.randomUUID(), 1, box(lon, lat, lon + size, lat + size), "f" + i);
    }
    for (int p = 0; p < 500; p++) {
      double lat = random.nextDouble() * 12;
      double lon = random.nextDouble() * 12;
      List<String> asked = new ArrayList<>();
      List<String> found = new ArrayList<>();
      index.forEachContaining(
          lat,
          lon,
          value -> {
            asked.add(value);
            return Integer.parseInt(value.substring(1)) % 2 == 0;
          },
          found::add);

      List<String> expected =
          index.containing(lat, lon).stream()
              .filter(value -> Integer.parseInt(value.substring(1)) % 2 == 0)
              .toList();
      assertThat(found).containsExactlyInAnyOrderElementsOf(expected);
      assertThat(asked).doesNotHaveDuplicates().containsAll(index.containing(lat, lon));
    }
  }

  @Test
  void counts_boundaries_inside_including_points_on_cell_edges() {
    index.put(UUID.randomUUID(), 1, box(0, 0, 0.5, 0.25), "box");

    assertThat(index.containing(0, 0)).containsExactly("box");
    assertThat(index.containing(0.25, 0.5)).containsExactly("box");
    assertThat(index.containing(0.125, 0.25)).containsExactly("box");
    assertThat(index.containing(0.25, 0.5000000000000001)).isEmpty();
    assertThat(index.containing(-0.0, 0.0)).containsExactly("box");
  }

  @Test
  void keeps_a_world_sized_fence_beside_tiny_ones() {
    index.put(UUID.randomUUID(), 1, box(-180, -90, 180, 90), "world");
    index.put(UUID.randomUUID(), 1, box(2.35, 48.85, 2.3500001, 48.8500001), "tiny");

    assertThat(index.containing(48.85000005, 2.35000005))
        .containsExactlyInAnyOrder("world", "tiny");
    assertThat(index.containing(-90, 180)).containsExactly("world");
  }

  @Test
  void crowded_small_fences_move_to_finer_cells_and_leave_nothing_behind_when_removed() {
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      UUID id = UUID.randomUUID();
      ids.add(id);
      double x = (i % 50) * 0.0002;
      double y = (i / 50) * 0.0002;
      index.put(id, 1, box(x, y, x + 0.00015, y + 0.00015), "f" + i);
    }

    assertThat(index.containing(0.00011, 0.00021)).containsExactly("f1");
    assertThat(index.containing(0.0001, 0.0002)).containsExactly("f1");
    assertThat(index.containing(0.00017, 0.00017)).isEmpty();
    assertThat(index.maxCellSize()).isLessThanOrEqualTo(FenceGrid.CELL_CAPACITY);
    for (UUID id : ids) {
      index.remove(id, 2);
    }
    assertThat(index.cellCount()).isZero();
  }

  @Test
  void a_newer_version_replaces_the_fence_and_an_equal_or_older_one_is_ignored() {
    UUID id = UUID.randomUUID();
    assertThat(index.put(id, 5, box(0, 0, 1, 1), "v5")).isTrue();

    assertThat(index.put(id, 5, box(10, 10, 11, 11), "again v5")).isFalse();
    assertThat(index.put(id, 4, box(10, 10, 11, 11), "v4")).isFalse();
    assertThat(index.containing(0.5, 0.5)).containsExactly("v5");

    assertThat(index.put(id, 6, box(10, 10, 11, 11), "v6")).isTrue();
    assertThat(index.containing(0.5, 0.5)).isEmpty();
    assertThat(index.containing(10.5, 10.5)).containsExactly("v6");
    assertThat(index.version(id)).isEqualTo(OptionalLong.of(6));
    assertThat(index.size()).isEqualTo(1);
  }

  @Test
  void remove_applies_only_to_a_newer_version() {
    UUID id = UUID.randomUUID();
    index.put(id, 5, box(0, 0, 1, 1), "fence");

    assertThat(index.remove(id, 5)).isFalse();
    assertThat(index.remove(UUID.randomUUID(), 9)).isFalse();
    assertThat(index.containing(0.5, 0.5)).containsExactly("fence");

    assertThat(index.remove(id, 6)).isTrue();
    assertThat(index.containing(0.5, 0.5)).isEmpty();
    assertThat(index.version(id)).isEmpty();
  }

  @Test
  void removing_every_fence_leaves_no_cell_and_no_entry_behind() {
    List<UUID> ids = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      UUID id = UUID.randomUUID();
      ids.add(id);
      double size = 0.001 * (1 + i % 50);
      index.put(id, 1, box(i * 0.01, 0, i * 0.01 + size, size), "f" + i);
    }
    assertThat(index.cellCount()).isGreaterThan(500);

    for (UUID id : ids) {
      index.remove(id, 2);
    }

    assertThat(index.size()).isZero();
    assertThat(index.cellCount()).isZero();
    assertThat(index.containing(0.0005, 0.0005)).isEmpty();
  }

  @Test
  void a_batch_is_published_as_one_version() {
    UUID first = UUID.randomUUID();
    index.update(
        changes -> {
          changes.put(first, 1, box(0, 0, 1, 1), "a");
          changes.put(UUID.randomUUID(), 1, box(0, 0, 2, 2), "b");
          changes.remove(first, 2);
        });

    assertThat(index.containing(0.5, 0.5)).containsExactly("b");
    assertThat(index.size()).isEqualTo(1);
  }

  @Test
  void changes_kept_after_their_batch_are_refused() {
    AtomicReference<FenceIndex.Changes<String>> kept = new AtomicReference<>();
    index.update(kept::set);

    assertThatThrownBy(() -> kept.get().put(UUID.randomUUID(), 1, box(0, 0, 1, 1), "late"))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void a_point_that_is_not_a_coordinate_is_refused() {
    assertThatThrownBy(() -> index.containing(Double.NaN, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> index.containing(0, 180.5))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void readers_see_a_fence_exactly_once_while_it_moves_between_levels() throws Exception {
    UUID moving = UUID.randomUUID();
    FenceShape small = box(5.99, 5.99, 6.01, 6.01);
    FenceShape large = box(0, 0, 10, 10);
    for (int i = 0; i < 200; i++) {
      index.put(UUID.randomUUID(), 1, box(i * 0.05, 0, i * 0.05 + 0.3, 0.3), "other");
    }
    index.put(moving, 0, small, "moving");
    AtomicBoolean done = new AtomicBoolean();
    AtomicReference<String> failure = new AtomicReference<>();
    Thread reader =
        new Thread(
            () -> {
              while (!done.get()) {
                long seen = index.containing(6, 6).stream().filter("moving"::equals).count();
                if (seen != 1) {
                  failure.set("saw the moving fence " + seen + " times");
                }
              }
            });
    reader.start();
    for (int version = 1; version <= 20_000; version++) {
      index.put(moving, version, version % 2 == 0 ? small : large, "moving");
    }
    done.set(true);
    reader.join();

    assertThat(failure.get()).isNull();
  }

  private List<String> intersecting(
      double lat0, double lon0, double lat1, double lon1, List<String> asked) {
    List<String> found = new ArrayList<>();
    index.forEachIntersecting(
        lat0,
        lon0,
        lat1,
        lon1,
        value -> {
          asked.add(value);
          return true;
        },
        found::add);
    return found;
  }

  @Test
  void a_segment_reports_each_fence_it_meets_once_and_asks_only_about_fences_near_it() {
    for (int i = 0; i < 300; i++) { // far away, so that short segments walk the cells
      index.put(UUID.randomUUID(), 1, box(50 + i * 0.1, 50, 50.05 + i * 0.1, 50.05), "far" + i);
    }
    index.put(UUID.randomUUID(), 1, box(0, 0, 1, 1), "large");
    index.put(UUID.randomUUID(), 1, box(2, 0, 2.01, 0.01), "small");
    List<String> asked = new ArrayList<>();

    assertThat(intersecting(0.5, -0.5, 0.5, 1.5, asked)).containsExactly("large");
    assertThat(asked).containsExactly("large");
    assertThat(intersecting(1.5, -0.5, -0.5, 1.5, new ArrayList<>()))
        .as("diagonally across a corner")
        .containsExactly("large");
    assertThat(intersecting(0.005, 1.9, 0.005, 2.1, new ArrayList<>())).containsExactly("small");
    assertThat(intersecting(0.5, 0.4, 0.5, 0.6, new ArrayList<>()))
        .as("wholly inside, in cells the fence covers")
        .containsExactly("large");
    assertThat(intersecting(-0.3, 0.5, 1.3, 0.5, new ArrayList<>()))
        .as("steep")
        .containsExactly("large");

    asked.clear();
    assertThat(intersecting(-10, -10, -10.2, -10.1, asked)).isEmpty();
    assertThat(asked).as("nothing near the segment").isEmpty();
  }

  @Test
  void a_segment_touching_a_fence_meets_it_and_one_ending_short_does_not() {
    index.put(UUID.randomUUID(), 1, box(0, 0, 1, 1), "box");

    assertThat(intersecting(0.5, -1, 0.5, 0, new ArrayList<>())).containsExactly("box");
    assertThat(intersecting(0.5, -1, 0.5, -0.000001, new ArrayList<>())).isEmpty();
    assertThat(intersecting(2, 2, 2, 2, new ArrayList<>())).as("no move, outside").isEmpty();
    assertThat(intersecting(0.5, 0.5, 0.5, 0.5, new ArrayList<>())).containsExactly("box");
  }
}
