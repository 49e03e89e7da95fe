package io.meridian.core.activity;

import static io.meridian.testing.Bodies.json;
import static io.meridian.testing.Refusals.codeOf;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.connection.Connection;
import io.meridian.core.connection.ConnectionRef;
import io.meridian.core.connection.Direction;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.testing.Bodies;
import io.meridian.testing.MemoryCore;
import io.meridian.testing.MemoryIdentity;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ActivityServiceTest {
  private final MemoryCore core = new MemoryCore();
  private final MemoryIdentity identity = new MemoryIdentity(core);
  private final ActivityService activities =
      new ActivityService(core.entities, core.connections, identity.roles, core.clock);

  private final StoredEntity ada =
      post(ActivityService.USERS, "{'username': 'ada', 'email': 'ada@x.io', 'name': 'Ada L'}");
  private final StoredEntity bob = post(ActivityService.USERS, "{'username': 'bob'}");
  private final StoredEntity carol = post(ActivityService.USERS, "{'username': 'carol'}");

  private StoredEntity post(CollectionName collection, String body) {
    return core.entities
        .create(core.app, collection, List.of(json(body)), WriteOptions.DEFAULT)
        .get(0);
  }

  private void connect(StoredEntity source, String verb, StoredEntity target) {
    core.connections.connect(
        core.app.id(),
        new Connection(
            source.uuid(), source.collection(), verb, target.uuid(), target.collection()));
  }

  private List<UUID> connected(StoredEntity entity, String verb) {
    return core
        .connections
        .list(core.app.id(), entity.uuid(), Direction.OUT, verb, Optional.empty(), 100)
        .stream()
        .map(ConnectionRef::entity)
        .toList();
  }

  private StoredEntity postToUser(String owner, String body, Optional<UUID> poster) {
    return activities.post(
        core.app, ActivityService.USERS, owner, json(body), poster, WriteOptions.DEFAULT);
  }

  @Test
  void an_activity_of_a_user_is_by_that_user_and_reaches_its_feed_and_its_followers_feeds() {
    connect(bob, ActivityService.FOLLOWING, ada);
    connect(ada, ActivityService.FOLLOWING, ada);
    StoredEntity dog = post(CollectionName.of("dogs"), "{'name': 'rex'}");
    connect(dog, ActivityService.FOLLOWING, ada);

    StoredEntity activity =
        postToUser("ada", "{'verb': 'post', 'content': 'hello'}", Optional.empty());

    ObjectNode json = Bodies.of(activity);
    assertThat(activity.collection()).isEqualTo("activities");
    assertThat(json.at("/actor/uuid").asText()).isEqualTo(ada.uuid().toString());
    assertThat(json.at("/actor/entityType").asText()).isEqualTo("user");
    assertThat(json.at("/actor/email").asText()).isEqualTo("ada@x.io");
    assertThat(json.at("/actor/displayName").asText()).isEqualTo("Ada L");
    assertThat(json.path("published").asLong()).isEqualTo(MemoryCore.START.toEpochMilli());
    assertThat(connected(ada, ActivityService.ACTIVITIES_VERB)).containsExactly(activity.uuid());
    assertThat(connected(ada, ActivityService.FEED)).containsExactly(activity.uuid());
    assertThat(connected(bob, ActivityService.FEED)).containsExactly(activity.uuid());
    assertThat(connected(carol, ActivityService.FEED)).isEmpty();
    assertThat(connected(dog, ActivityService.FEED)).isEmpty();
  }

  @Test
  void an_activity_reaches_followers_beyond_the_first_page_of_them() {
    List<UUID> followers = new java.util.ArrayList<>();
    for (int i = 0; i < 501; i++) {
      UUID follower = core.ids.newTimeUuid(); // users known only by their connections
      followers.add(follower);
      core.connections.connect(
          core.app.id(),
          new Connection(follower, "users", ActivityService.FOLLOWING, ada.uuid(), "users"));
    }

    StoredEntity activity = postToUser("ada", "{'verb': 'post'}", Optional.empty());

    for (UUID follower : List.of(followers.get(0), followers.get(500))) {
      assertThat(
              core.connections.list(
                  core.app.id(),
                  follower,
                  Direction.OUT,
                  ActivityService.FEED,
                  Optional.empty(),
                  10))
          .extracting(ConnectionRef::entity)
          .containsExactly(activity.uuid());
    }
  }

  @Test
  void what_the_body_gives_of_the_actor_and_the_time_is_kept() {
    StoredEntity activity =
        postToUser(
            "ada",
            "{'verb': 'post', 'published': 5, 'actor': {'displayName': 'The Countess',"
                + " 'uuid': '"
                + ada.uuid().toString().toUpperCase()
                + "'}}",
            Optional.of(ada.uuid()));

    ObjectNode json = Bodies.of(activity);
    assertThat(json.path("published").asLong()).isEqualTo(5);
    assertThat(json.at("/actor/displayName").asText()).isEqualTo("The Countess");
    assertThat(json.at("/actor/uuid").asText()).isEqualTo(ada.uuid().toString());
  }

  @Test
  void an_app_user_posts_to_its_own_user_only_and_as_itself() {
    assertThat(codeOf(() -> postToUser("ada", "{'verb': 'post'}", Optional.of(bob.uuid()))))
        .isEqualTo(ErrorCode.FORBIDDEN);
    assertThat(
            codeOf(
                () ->
                    postToUser(
                        "ada",
                        "{'verb': 'post', 'actor': {'uuid': '" + bob.uuid() + "'}}",
                        Optional.empty())))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(connected(ada, ActivityService.FEED)).isEmpty();
  }

  @Test
  void an_activity_of_a_group_reaches_its_members_feeds_with_the_poster_as_actor() {
    StoredEntity staff = post(ActivityService.GROUPS, "{'path': 'staff'}");
    identity.roles.addToGroup(core.app, bob.uuid(), staff.uuid());
    identity.roles.addToGroup(core.app, carol.uuid(), staff.uuid());

    StoredEntity activity =
        activities.post(
            core.app,
            ActivityService.GROUPS,
            "staff",
            json("{'verb': 'announce'}"),
            Optional.of(ada.uuid()),
            WriteOptions.DEFAULT);

    assertThat(Bodies.of(activity).at("/actor/uuid").asText()).isEqualTo(ada.uuid().toString());
    assertThat(connected(staff, ActivityService.ACTIVITIES_VERB)).containsExactly(activity.uuid());
    assertThat(connected(staff, ActivityService.FEED)).containsExactly(activity.uuid());
    assertThat(connected(bob, ActivityService.FEED)).containsExactly(activity.uuid());
    assertThat(connected(carol, ActivityService.FEED)).containsExactly(activity.uuid());
    assertThat(connected(ada, ActivityService.FEED)).isEmpty();
  }

  @Test
  void an_activity_of_a_group_without_a_poster_has_no_actor() {
    post(ActivityService.GROUPS, "{'path': 'staff'}");

    StoredEntity activity =
        activities.post(
            core.app,
            ActivityService.GROUPS,
            "staff",
            json("{'verb': 'announce'}"),
            Optional.empty(),
            WriteOptions.DEFAULT);

    assertThat(Bodies.of(activity).has("actor")).isFalse();
  }

  @Test
  void what_an_activity_cannot_be_is_refused_and_stores_nothing() {
    for (String body :
        List.of(
            "[]",
            "{}",
            "{'verb': ''}",
            "{'verb': 7}",
            "{'verb': '" + "v".repeat(257) + "'}",
            "{'verb': 'post', 'content': 1}",
            "{'verb': 'post', 'title': {}}",
            "{'verb': 'post', 'published': -1}",
            "{'verb': 'post', 'published': 1.5}",
            "{'verb': 'post', 'actor': 'me'}")) {
      assertThat(codeOf(() -> postToUser("ada", body, Optional.empty())))
          .as(body)
          .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    }
    assertThat(core.store.hasCollection(core.app.id(), "activities")).isFalse();
  }

  @Test
  void an_activity_to_a_missing_owner_is_entity_not_found() {
    assertThat(codeOf(() -> postToUser("zed", "{'verb': 'post'}", Optional.empty())))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
  }
}
