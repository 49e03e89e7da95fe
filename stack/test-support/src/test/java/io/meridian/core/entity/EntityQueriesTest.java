package io.meridian.core.entity;

import static io.meridian.testing.Bodies.json;
import static io.meridian.testing.Refusals.codeOf;
import static io.meridian.testing.Refusals.refusalOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.connection.Connection;
import io.meridian.core.connection.Direction;
import io.meridian.testing.Bodies;
import io.meridian.testing.MemoryCore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class EntityQueriesTest {
  private static final CollectionName DOGS = CollectionName.of("dogs");
  private static final CollectionName ZONES = CollectionName.of("zones");

  private final MemoryCore core = new MemoryCore();
  private final EntityQueries queries = core.queries;

  /** Creates one entity a millisecond after the previous one, as separate requests would. */
  private StoredEntity post(CollectionName collection, String body) {
    core.clock.advance(Duration.ofMillis(1));
    return core.entities
        .create(core.app, collection, List.of(json(body)), WriteOptions.DEFAULT)
        .get(0);
  }

  private List<StoredEntity> dogs(int count) {
    List<StoredEntity> created = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      created.add(post(DOGS, "{'name': 'dog" + i + "', 'age': " + i + "}"));
    }
    return created;
  }

  private static List<String> names(QueryPage page) {
    return page.entities().stream().map(StoredEntity::name).toList();
  }

  @Test
  void a_listing_pages_a_collection_newest_first_with_a_cursor_until_the_last_page() {
    dogs(5);

    QueryPage first = queries.query(core.app, DOGS, null, 2, null);
    QueryPage second = queries.query(core.app, DOGS, null, 2, first.cursor());
    QueryPage last = queries.query(core.app, DOGS, null, 2, second.cursor());

    assertThat(names(first)).containsExactly("dog4", "dog3");
    assertThat(names(second)).containsExactly("dog2", "dog1");
    assertThat(names(last)).containsExactly("dog0");
    assertThat(last.cursor()).isNull();
  }

  @Test
  void a_page_that_ends_exactly_at_the_last_entity_has_no_cursor() {
    dogs(2);

    assertThat(queries.query(core.app, DOGS, null, 2, null).cursor()).isNull();
  }

  @Test
  void a_query_filters_and_orders_through_the_index_and_pages_after_the_last_hit() {
    dogs(6);

    QueryPage first = queries.query(core.app, DOGS, "where age >= 2 order by age desc", 3, null);
    QueryPage next =
        queries.query(core.app, DOGS, "where age >= 2 order by age desc", 3, first.cursor());

    assertThat(names(first)).containsExactly("dog5", "dog4", "dog3");
    assertThat(names(next)).containsExactly("dog2");
    assertThat(next.cursor()).isNull();
  }

  @Test
  void a_cursor_continues_the_same_query_written_another_way() {
    dogs(3);

    QueryPage first = queries.query(core.app, DOGS, "where age gt 0", 1, null);
    QueryPage next = queries.query(core.app, DOGS, "WHERE age > 0", 1, first.cursor());

    assertThat(names(first)).containsExactly("dog2");
    assertThat(names(next)).containsExactly("dog1");
  }

  @Test
  void a_cursor_of_another_query_is_refused_as_illegal() {
    dogs(3);
    String cursor = queries.query(core.app, DOGS, "where age > 0", 1, null).cursor();

    assertThat(codeOf(() -> queries.query(core.app, DOGS, "where age > 1", 1, cursor)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(codeOf(() -> queries.query(core.app, DOGS, null, 1, cursor)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }

  @Test
  void a_select_keeps_its_projection_on_the_page() {
    dogs(1);

    QueryPage page = queries.query(core.app, DOGS, "select name", 10, null);

    assertThat(page.projection()).isPresent();
    assertThat(page.projection().get().fields()).extracting("path").containsExactly("name");
  }

  @Test
  void a_listing_cursor_whose_position_is_not_a_time_uuid_is_refused() {
    dogs(1);
    String key = "collection|" + core.app.id() + "|dogs|listing";

    for (List<Object> position :
        List.<List<Object>>of(List.of("rex"), List.of(UUID.randomUUID().toString()), List.of(7L))) {
      String forged = core.cursors.encode(key, position);
      assertThat(codeOf(() -> queries.query(core.app, DOGS, null, 10, forged)))
          .as(position.toString())
          .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    }
  }

  @Test
  void a_collection_that_never_held_an_entity_is_an_empty_page() {
    QueryPage page = queries.query(core.app, CollectionName.of("cats"), "where age > 1", 10, null);

    assertThat(page.entities()).isEmpty();
    assertThat(page.cursor()).isNull();
  }

  @Test
  void a_limit_outside_1_to_1000_and_a_malformed_query_are_refused() {
    assertThat(codeOf(() -> queries.query(core.app, DOGS, null, 0, null)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(codeOf(() -> queries.query(core.app, DOGS, null, 1001, null)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(codeOf(() -> queries.query(core.app, DOGS, "where age >", 10, null)))
        .isEqualTo(ErrorCode.QUERY_PARSE);
  }

  @Test
  void a_within_radius_above_the_maximum_is_refused() {
    assertThat(
            codeOf(
                () ->
                    queries.compile(
                        "where location within "
                            + (MemoryCore.MAX_RADIUS_METERS + 1)
                            + " of 1, 2")))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }

  @Test
  void a_hit_whose_entity_is_gone_is_skipped_and_the_page_made_up_from_further_hits() {
    List<StoredEntity> created = dogs(4);
    core.index.setAvailable(false); // the deletes reach Cassandra only
    core.entities.delete(core.app, DOGS, created.get(3).uuid().toString(), WriteOptions.DEFAULT);
    core.entities.delete(core.app, DOGS, created.get(2).uuid().toString(), WriteOptions.DEFAULT);
    core.index.setAvailable(true);

    QueryPage page = queries.query(core.app, DOGS, "where age >= 0", 2, null);

    assertThat(names(page)).containsExactly("dog1", "dog0");
    assertThat(page.cursor()).isNull();
  }

  @Test
  void a_hit_indexed_at_an_older_version_is_checked_again_and_reindexed() {
    List<StoredEntity> created = dogs(2);
    core.index.setAvailable(false);
    StoredEntity updated =
        core.entities.update(core.app, DOGS, "dog1", json("{'age': 40}"), WriteOptions.DEFAULT);
    core.index.setAvailable(true);

    QueryPage page = queries.query(core.app, DOGS, "where age < 5", 10, null);

    assertThat(names(page)).containsExactly("dog0");
    assertThat(core.index.version(created.get(1).uuid())).contains(updated.version());
  }

  @Test
  void a_listing_of_connections_is_newest_first_and_a_query_searches_among_them() {
    StoredEntity owner = post(DOGS, "{'name': 'owner'}");
    List<StoredEntity> friends = dogs(3);
    for (StoredEntity friend : friends) {
      core.connections.connect(
          core.app.id(), new Connection(owner.uuid(), "dogs", "likes", friend.uuid(), "dogs"));
    }
    post(DOGS, "{'name': 'stranger', 'age': 1}");

    QueryPage listed = queries.connected(core.app, owner, Direction.OUT, "likes", null, 2, null);
    QueryPage rest =
        queries.connected(core.app, owner, Direction.OUT, "likes", null, 2, listed.cursor());
    QueryPage matching =
        queries.connected(core.app, owner, Direction.OUT, "likes", "where age >= 1", 10, null);
    QueryPage incoming =
        queries.connected(core.app, friends.get(0), Direction.IN, "likes", null, 10, null);

    assertThat(names(listed)).containsExactly("dog2", "dog1");
    assertThat(names(rest)).containsExactly("dog0");
    assertThat(names(matching)).containsExactly("dog2", "dog1");
    assertThat(names(incoming)).containsExactly("owner");
  }

  @Test
  void a_listing_of_connections_keeps_to_one_collection_when_asked_in_pages_and_queries() {
    StoredEntity owner = post(DOGS, "{'name': 'owner'}");
    List<StoredEntity> friends = dogs(3);
    StoredEntity cat = post(CollectionName.of("cats"), "{'name': 'tom', 'age': 1}");
    for (StoredEntity friend : List.of(friends.get(0), cat, friends.get(1), friends.get(2))) {
      core.connections.connect(
          core.app.id(),
          new Connection(owner.uuid(), "dogs", "likes", friend.uuid(), friend.collection()));
    }
    Optional<CollectionName> dogsOnly = Optional.of(DOGS);

    QueryPage first =
        queries.connected(core.app, owner, Direction.OUT, "likes", dogsOnly, null, 2, null);
    QueryPage rest =
        queries.connected(
            core.app, owner, Direction.OUT, "likes", dogsOnly, null, 2, first.cursor());
    QueryPage cats =
        queries.connected(
            core.app,
            owner,
            Direction.OUT,
            "likes",
            Optional.of(CollectionName.of("cats")),
            "where age >= 1",
            10,
            null);

    assertThat(names(first)).containsExactly("dog2", "dog1");
    assertThat(names(rest)).containsExactly("dog0");
    assertThat(names(cats)).containsExactly("tom");
    assertThat(queries.hasCollection(core.app, CollectionName.of("cats"))).isTrue();
    assertThat(queries.hasCollection(core.app, CollectionName.of("birds"))).isFalse();
  }

  @Test
  void a_connection_query_over_more_than_10000_connections_is_refused() {
    StoredEntity owner = post(DOGS, "{'name': 'owner'}");
    for (int i = 0; i <= EntityQueries.MAX_CONNECTION_SCOPE; i++) {
      UUID other = core.ids.newTimeUuid();
      core.connections.connect(
          core.app.id(), new Connection(owner.uuid(), "dogs", "knows", other, "dogs"));
    }

    assertThat(
            codeOf(
                () ->
                    queries.connected(
                        core.app, owner, Direction.OUT, "knows", "where age > 1", 10, null)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }

  @Test
  void a_point_containment_over_connections_is_refused() {
    StoredEntity owner = post(DOGS, "{'name': 'owner'}");

    assertThat(
            codeOf(
                () ->
                    queries.connected(
                        core.app,
                        owner,
                        Direction.OUT,
                        "visits",
                        "where geometry contains 1, 2",
                        10,
                        null)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }

  @Test
  void a_traversal_follows_a_verb_from_each_selected_source_once_per_target() {
    StoredEntity ann = post(DOGS, "{'name': 'ann', 'age': 1}");
    StoredEntity bob = post(DOGS, "{'name': 'bob', 'age': 2}");
    StoredEntity toy = post(CollectionName.of("toys"), "{'name': 'ball'}");
    StoredEntity bone = post(CollectionName.of("toys"), "{'name': 'bone'}");
    for (StoredEntity source : List.of(ann, bob)) {
      core.connections.connect(
          core.app.id(), new Connection(source.uuid(), "dogs", "owns", toy.uuid(), "toys"));
    }
    core.connections.connect(
        core.app.id(), new Connection(bob.uuid(), "dogs", "owns", bone.uuid(), "toys"));

    QueryPage page = queries.traverse(core.app, DOGS, "order by age", 10, "owns", 10);
    QueryPage capped = queries.traverse(core.app, DOGS, "order by age", 10, "owns", 1);

    assertThat(names(page)).containsExactly("ball", "bone");
    assertThat(page.cursor()).isNull();
    assertThat(names(capped)).containsExactly("ball");
  }

  @Test
  void a_point_containment_is_answered_by_the_geo_lookups_in_the_query_order() {
    StoredEntity north = post(ZONES, "{'name': 'north', 'rank': 2}");
    StoredEntity south = post(ZONES, "{'name': 'south', 'rank': 1}");
    StoredEntity far = post(ZONES, "{'name': 'far', 'rank': 0}");
    core.geo.addFence(core.app.id(), "zones", north, 0, 0, 10, 10);
    core.geo.addFence(core.app.id(), "zones", south, -10, -10, 5, 5);
    core.geo.addFence(core.app.id(), "zones", far, 50, 50, 60, 60);

    QueryPage page =
        queries.query(core.app, ZONES, "where geometry contains 1, 1 order by rank", 1, null);
    QueryPage next =
        queries.query(
            core.app, ZONES, "where geometry contains 1, 1 order by rank", 1, page.cursor());

    assertThat(names(page)).containsExactly("south");
    assertThat(names(next)).containsExactly("north");
    assertThat(next.cursor()).isNull();
    assertThat(
            codeOf(() -> queries.query(core.app, ZONES, "where location contains 1, 1", 10, null)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }

  @Test
  void the_fences_containing_each_point_are_one_page_per_point() {
    StoredEntity zone = post(ZONES, "{'name': 'zone'}");
    core.geo.addFence(core.app.id(), "zones", zone, 0, 0, 10, 10);

    List<QueryPage> pages =
        queries.containingEach(
            core.app, ZONES, List.of(new double[] {1, 1}, new double[] {20, 20}), null, 10);
    List<QueryPage> none =
        queries.containingEach(
            core.app, CollectionName.of("areas"), List.of(new double[] {1, 1}), null, 10);

    assertThat(pages).hasSize(2);
    assertThat(names(pages.get(0))).containsExactly("zone");
    assertThat(pages.get(1).entities()).isEmpty();
    assertThat(none.get(0).entities()).isEmpty();
    assertThat(
            codeOf(
                () ->
                    queries.containingEach(
                        core.app,
                        ZONES,
                        List.of(new double[] {1, 1}),
                        "where geometry contains 2, 2",
                        10)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }

  @Test
  void a_batch_lookup_of_more_points_than_the_limit_is_refused_before_any_lookup() {
    List<double[]> most = new ArrayList<>();
    for (int i = 0; i < MemoryCore.MAX_BATCH_POINTS; i++) {
      most.add(new double[] {0, 0});
    }
    List<double[]> tooMany = new ArrayList<>(most);
    tooMany.add(new double[] {0, 0});

    queries.requireBatchPoints(MemoryCore.MAX_BATCH_POINTS);
    assertThat(queries.containingEach(core.app, ZONES, most, null, 10))
        .hasSize(MemoryCore.MAX_BATCH_POINTS);
    assertThat(refusalOf(() -> queries.requireBatchPoints(MemoryCore.MAX_BATCH_POINTS + 1)))
        .satisfies(e -> assertThat(e.code()).isEqualTo(ErrorCode.ILLEGAL_ARGUMENT))
        .hasMessage("A batch lookup sends at most 1000 points, got 1001");
    assertThat(codeOf(() -> queries.containingEach(core.app, ZONES, tooMany, null, 10)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }

  @Test
  void a_within_on_a_geo_hot_collection_is_answered_nearest_first_with_distances() {
    StoredEntity near = post(DOGS, "{'name': 'near'}");
    StoredEntity farther = post(DOGS, "{'name': 'farther'}");
    core.geo.addPoint(core.app.id(), "dogs", farther, 48.86, 2.36);
    core.geo.addPoint(core.app.id(), "dogs", near, 48.8584, 2.2945);

    String ql = "where location within 10000 of 48.8584, 2.2945";
    QueryPage page = queries.query(core.app, DOGS, ql, 1, null);
    QueryPage next = queries.query(core.app, DOGS, ql, 1, page.cursor());

    assertThat(names(page)).containsExactly("near");
    assertThat(page.distances().get(near.uuid())).isEqualTo(0.0);
    assertThat(names(next)).containsExactly("farther");
    assertThat(next.distances().get(farther.uuid())).isBetween(4_000.0, 6_000.0);
    assertThat(next.cursor()).isNull();
  }

  @Test
  void a_within_on_a_cold_collection_is_answered_by_the_index_nearest_first() {
    post(DOGS, "{'name': 'farther', 'location': {'latitude': 48.86, 'longitude': 2.36}}");
    StoredEntity near =
        post(DOGS, "{'name': 'near', 'location': {'latitude': 48.8584, 'longitude': 2.2945}}");
    post(DOGS, "{'name': 'nowhere'}");

    QueryPage page =
        queries.query(core.app, DOGS, "where location within 10000 of 48.8584, 2.2945", 10, null);

    assertThat(names(page)).containsExactly("near", "farther");
    assertThat(page.distances().get(near.uuid())).isEqualTo(0.0);
    assertThat(Bodies.of(page.entities().get(0)).path("name").asText()).isEqualTo("near");
  }
}
