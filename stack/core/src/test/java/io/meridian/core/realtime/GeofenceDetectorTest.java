package io.meridian.core.realtime;

import static io.meridian.core.realtime.GeofenceDetection.CROSS;
import static io.meridian.core.realtime.GeofenceDetection.ENTER;
import static io.meridian.core.realtime.GeofenceDetection.EXIT;
import static io.meridian.core.realtime.GeofenceDetection.INSIDE;
import static io.meridian.core.realtime.GeofenceDetection.OUTSIDE;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.EventFeed;
import io.meridian.core.common.EventLog;
import io.meridian.core.entity.EntityWriteObserver.EntityWrite;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.geo.GeoChange;
import io.meridian.core.geo.GeoIndexes;
import io.meridian.core.geo.GeoStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The detector over a real {@link GeoIndexes}, its fences written through the geo write observer as
 * entity writes are. Zones (lon × lat): A [0, 1] × [0, 1] and B [0.5, 1.5] × [0, 1] overlap; C [5,
 * 6] × [0, 1] stands alone; Y [10, 11] × [0, 1] is a yard, not a depot; in another application, D
 * [20, 21] × [0, 1] in a collection of the same name.
 */
class GeofenceDetectorTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<GeofenceDetection> ALL = EnumSet.allOf(GeofenceDetection.class);
  private static final Predicate<StoredEntity> DEPOTS =
      fence -> fence.json().contains("\"kind\":\"depot\"");

  private final ApplicationRef app = app(1);
  private final ApplicationRef otherApp = app(2);
  private final UUID truck = new UUID(7, 7);
  private GeoIndexes geo;
  private GeofenceDetector detector;
  private StoredEntity zoneA;
  private StoredEntity zoneB;
  private StoredEntity zoneC;
  private StoredEntity yard;
  private StoredEntity zoneD;
  private long version = 1;

  @BeforeEach
  void fences() {
    EventLog<GeoChange> log = new InMemoryLog();
    EventFeed<GeoChange> feed =
        new EventFeed<>(
            "geo-test",
            log,
            Clock.systemUTC(),
            Duration.ofHours(1),
            Duration.ofSeconds(3),
            Duration.ofSeconds(1));
    // The entity store is read only by the feed and by loads, neither of which runs here.
    geo =
        new GeoIndexes(
            new InMemoryGeoStore(),
            log,
            feed,
            null,
            Clock.systemUTC(),
            1_000,
            Duration.ofSeconds(10),
            Duration.ofSeconds(1));
    zoneA = fence(app, 1, "depot", 0, 0, 1, 1);
    zoneB = fence(app, 2, "depot", 0.5, 0, 1.5, 1);
    zoneC = fence(app, 3, "depot", 5, 0, 6, 1);
    yard = fence(app, 4, "yard", 10, 0, 11, 1);
    zoneD = fence(otherApp, 5, "depot", 20, 0, 21, 1);
    detector = new GeofenceDetector(geo);
  }

  @AfterEach
  void close() {
    geo.close();
  }

  @Test
  void entering_a_fence_is_an_enter_and_an_inside() {
    assertThat(move(at(0.5, -0.5), at(0.5, 0.25)))
        .containsExactly(hit(ENTER, zoneA), hit(INSIDE, zoneA));
  }

  @Test
  void moving_within_a_fence_is_an_inside_and_entering_an_overlapping_one_an_enter() {
    assertThat(move(at(0.5, 0.25), at(0.5, 0.75)))
        .containsExactly(hit(INSIDE, zoneA), hit(ENTER, zoneB), hit(INSIDE, zoneB));
  }

  @Test
  void leaving_a_fence_is_an_exit_and_outside_comes_only_once_no_selected_fence_holds_it() {
    assertThat(move(at(0.5, 0.75), at(0.5, 1.25)))
        .containsExactly(hit(EXIT, zoneA), hit(INSIDE, zoneB));
    assertThat(move(at(0.5, 0.75), at(0.5, 3)))
        .containsExactly(hit(EXIT, zoneA), hit(EXIT, zoneB), hit(OUTSIDE, null));
  }

  @Test
  void a_move_far_from_every_fence_is_one_outside_with_no_fence() {
    assertThat(move(at(0.5, 3), at(0.5, 3.5))).containsExactly(hit(OUTSIDE, null));
    assertThat(detect(EnumSet.of(ENTER, EXIT, INSIDE, CROSS), at(0.5, 3), at(0.5, 3.5))).isEmpty();
  }

  @Test
  void crossing_a_fence_with_both_ends_outside_is_a_cross() {
    assertThat(move(at(0.5, 4), at(0.5, 7))).containsExactly(hit(CROSS, zoneC), hit(OUTSIDE, null));
    assertThat(detect(EnumSet.of(CROSS), at(-0.5, 4.5), at(1.5, 6.5)))
        .as("diagonally")
        .containsExactly(hit(CROSS, zoneC));
    assertThat(detect(EnumSet.of(CROSS), at(1.5, 4), at(1.5, 7))).as("above it").isEmpty();
    assertThat(detect(EnumSet.of(CROSS), at(0.5, 3), at(0.5, 5.5)))
        .as("ending inside is an enter, not a cross")
        .isEmpty();
  }

  @Test
  void a_move_through_several_fences_crosses_each_in_uuid_order() {
    assertThat(detect(EnumSet.of(CROSS), at(0.5, -1), at(0.5, 8)))
        .containsExactly(hit(CROSS, zoneA), hit(CROSS, zoneB), hit(CROSS, zoneC));
  }

  @Test
  void where_many_fences_overlap_each_one_left_is_an_exit() {
    List<StoredEntity> nested = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      nested.add(fence(app, 100 + i, "depot", 30 - i * 0.01, 0, 31 + i * 0.01, 1));
    }
    assertThat(detect(EnumSet.of(ENTER, EXIT), at(0.5, 30.5), at(0.5, 31.05)))
        .containsExactlyElementsOf(
            nested.subList(0, 5).stream().map(fence -> hit(EXIT, fence)).toList());
    assertThat(detect(EnumSet.of(INSIDE), at(0.5, 30.5), at(0.5, 31.05))).hasSize(15);
  }

  @Test
  void a_created_entity_enters_the_fences_holding_it() {
    assertThat(detector.detect(app.id(), "zones", DEPOTS, ALL, null, truck(0.5, 0.75)))
        .containsExactly(
            hit(ENTER, zoneA), hit(INSIDE, zoneA), hit(ENTER, zoneB), hit(INSIDE, zoneB));
    assertThat(detector.detect(app.id(), "zones", DEPOTS, ALL, null, truck(0.5, 3)))
        .containsExactly(hit(OUTSIDE, null));
  }

  @Test
  void a_deleted_entity_exits_the_fences_that_held_it_and_is_not_outside() {
    assertThat(detector.detect(app.id(), "zones", DEPOTS, ALL, truck(0.5, 0.25), null))
        .containsExactly(hit(EXIT, zoneA));
    assertThat(detector.detect(app.id(), "zones", DEPOTS, ALL, truck(0.5, 3), null)).isEmpty();
  }

  @Test
  void an_entity_without_a_location_is_nowhere() {
    StoredEntity parked = entity(truck, "{\"name\":\"parked\"}");
    assertThat(detector.detect(app.id(), "zones", DEPOTS, ALL, truck(0.5, 0.25), parked))
        .containsExactly(hit(EXIT, zoneA));
    assertThat(detector.detect(app.id(), "zones", DEPOTS, ALL, parked, truck(0.5, 0.25)))
        .containsExactly(hit(ENTER, zoneA), hit(INSIDE, zoneA));
    assertThat(detector.detect(app.id(), "zones", DEPOTS, ALL, parked, parked)).isEmpty();
  }

  @Test
  void a_fence_the_filter_refuses_is_never_reported() {
    assertThat(move(at(0.5, 9), at(0.5, 10.5))).containsExactly(hit(OUTSIDE, null));
    assertThat(move(at(0.5, 9), at(0.5, 12))).containsExactly(hit(OUTSIDE, null));
    assertThat(detector.detect(app.id(), "zones", fence -> true, ALL, at(0.5, 9), at(0.5, 10.5)))
        .containsExactly(hit(ENTER, yard), hit(INSIDE, yard));
  }

  @Test
  void the_fence_filter_is_asked_once_per_fence_near_the_move() {
    List<UUID> asked = new ArrayList<>();
    Predicate<StoredEntity> counting =
        fence -> {
          asked.add(fence.uuid());
          return DEPOTS.test(fence);
        };
    detector.detect(app.id(), "zones", counting, ALL, at(0.5, 0.25), at(0.5, 0.75));
    assertThat(asked).containsExactlyInAnyOrder(zoneA.uuid(), zoneB.uuid());

    asked.clear();
    detector.detect(app.id(), "zones", counting, ALL, at(0.5, 9), at(0.5, 12));
    assertThat(asked).containsExactly(yard.uuid());
  }

  @Test
  void the_fences_of_another_application_are_never_consulted() {
    assertThat(move(at(0.5, 19), at(0.5, 20.5))).containsExactly(hit(OUTSIDE, null));
    assertThat(move(at(0.5, 19), at(0.5, 22))).containsExactly(hit(OUTSIDE, null));
    assertThat(detector.detect(otherApp.id(), "zones", DEPOTS, ALL, at(0.5, 19), at(0.5, 20.5)))
        .containsExactly(hit(ENTER, zoneD), hit(INSIDE, zoneD));
  }

  @Test
  void a_collection_without_fences_leaves_every_entity_outside() {
    assertThat(detector.detect(app.id(), "nothing", DEPOTS, ALL, at(0.5, 0.25), at(0.5, 0.75)))
        .containsExactly(hit(OUTSIDE, null));
  }

  @Test
  void reports_only_the_detections_asked_for() {
    assertThat(detect(EnumSet.of(ENTER), at(0.5, 0.25), at(0.5, 0.75)))
        .containsExactly(hit(ENTER, zoneB));
    assertThat(detect(EnumSet.of(INSIDE), at(0.5, -0.5), at(0.5, 0.25)))
        .as("the entry itself is inside")
        .containsExactly(hit(INSIDE, zoneA));
    assertThat(detect(EnumSet.of(OUTSIDE), at(0.5, 0.25), at(0.5, 3)))
        .as("the exit itself is outside")
        .containsExactly(hit(OUTSIDE, null));
    assertThat(detect(EnumSet.noneOf(GeofenceDetection.class), at(0.5, 0.25), at(0.5, 3)))
        .isEmpty();
  }

  @Test
  void a_position_is_read_from_a_location_or_a_geojson_point() {
    assertThat(Position.of(truck(0.5, 0.25))).isEqualTo(new Position(0.5, 0.25));
    StoredEntity point =
        entity(truck, "{\"location\":{\"type\":\"Point\",\"coordinates\":[0.25,0.5]}}");
    assertThat(Position.of(point)).isEqualTo(new Position(0.5, 0.25));
    assertThat(Position.of(entity(truck, "{\"location\":{\"latitude\":\"0.5\"}}"))).isNull();
    assertThat(Position.of((StoredEntity) null)).isNull();
  }

  @Test
  void detections_have_lower_case_wire_names() {
    assertThat(GeofenceDetection.named("cross")).contains(CROSS);
    assertThat(GeofenceDetection.named("CROSS")).isEmpty();
    assertThat(OUTSIDE.wireName()).isEqualTo("outside");
  }

  // ---- helpers -------------------------------------------------------------------------------

  private List<GeofenceHit> move(Position from, Position to) {
    return detect(ALL, from, to);
  }

  private List<GeofenceHit> detect(Set<GeofenceDetection> detections, Position from, Position to) {
    return detector.detect(app.id(), "zones", DEPOTS, detections, from, to);
  }

  private static Position at(double latitude, double longitude) {
    return new Position(latitude, longitude);
  }

  private static GeofenceHit hit(GeofenceDetection detection, StoredEntity fence) {
    return new GeofenceHit(detection, fence);
  }

  private StoredEntity truck(double latitude, double longitude) {
    return entity(
        truck, "{\"location\":{\"latitude\":" + latitude + ",\"longitude\":" + longitude + "}}");
  }

  private StoredEntity entity(UUID uuid, String json) {
    return new StoredEntity(uuid, "trucks", null, version++, 1, json);
  }

  /** Writes a box-shaped fence the way an entity write reaches the geo indexes. */
  private StoredEntity fence(
      ApplicationRef owner,
      long number,
      String kind,
      double minLon,
      double minLat,
      double maxLon,
      double maxLat) {
    ObjectNode json = JSON.createObjectNode();
    UUID uuid = new UUID(0, number);
    json.put("uuid", uuid.toString()).put("type", "zone").put("kind", kind);
    ObjectNode geometry = json.putObject("geometry").put("type", "Polygon");
    ArrayNode ring = geometry.putArray("coordinates").addArray();
    double[][] corners = {
      {minLon, minLat}, {maxLon, minLat}, {maxLon, maxLat}, {minLon, maxLat}, {minLon, minLat}
    };
    for (double[] corner : corners) {
      ring.addArray().add(corner[0]).add(corner[1]);
    }
    StoredEntity fence = new StoredEntity(uuid, "zones", null, version, 1, json.toString());
    List<EntityWrite> writes = List.of(new EntityWrite(null, fence, version++));
    geo.beforeWrites(owner, "zones", writes);
    geo.afterWrites(owner, "zones", writes);
    return fence;
  }

  private static ApplicationRef app(long number) {
    return new ApplicationRef(new UUID(1, number), new UUID(2, number), "org", "app" + number, 0);
  }

  /** The change log, kept in memory: nothing polls it here. */
  private static final class InMemoryLog implements EventLog<GeoChange> {
    private final List<Published<GeoChange>> events = new ArrayList<>();

    @Override
    public synchronized void publish(GeoChange event) {
      events.add(new Published<>(UUID.randomUUID(), event));
    }

    @Override
    public synchronized List<Published<GeoChange>> since(Instant since, Instant now) {
      return List.copyOf(events);
    }
  }

  /** What the geo indexes register, kept in memory; nothing reloads from it here. */
  private static final class InMemoryGeoStore implements GeoStore {
    private final List<GeoCollection> collections = new ArrayList<>();
    private final List<UUID> fences = new ArrayList<>();

    @Override
    public List<GeoCollection> collections() {
      return List.copyOf(collections);
    }

    @Override
    public void addCollection(Kind kind, UUID applicationId, String collection) {
      collections.add(new GeoCollection(kind, applicationId, collection));
    }

    @Override
    public void removeCollection(Kind kind, UUID applicationId, String collection) {
      collections.remove(new GeoCollection(kind, applicationId, collection));
    }

    @Override
    public void registerFences(UUID applicationId, String collection, Collection<UUID> ids) {
      fences.addAll(ids);
    }

    @Override
    public void unregisterFence(UUID applicationId, String collection, UUID entityId) {
      fences.remove(entityId);
    }

    @Override
    public List<UUID> fences(UUID applicationId, String collection) {
      return List.copyOf(fences);
    }

    @Override
    public boolean geoHot(UUID applicationId, String collection) {
      return false;
    }

    @Override
    public void setGeoHot(UUID applicationId, String collection, boolean hot) {}
  }
}
