package io.meridian.core.activity;

import static io.meridian.testing.Bodies.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.connection.Connection;
import io.meridian.core.connection.ConnectionRef;
import io.meridian.core.connection.ConnectionService;
import io.meridian.core.connection.Direction;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.identity.access.Visibility;
import io.meridian.testing.MemoryCore;
import io.meridian.testing.MemoryIdentity;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Following a user copies their past activities into the follower's feed, as Usergrid does. */
class FollowerFeedsTest {
  private final MemoryCore core = new MemoryCore();
  private final MemoryIdentity identity = new MemoryIdentity(core);
  private final ActivityService activities =
      new ActivityService(core.entities, core.connections, identity.roles, core.clock);
  private final ConnectionService connections =
      new ConnectionService(
          core.entities,
          core.store,
          core.connections,
          List.of(new FollowerFeeds(core.connections)));

  private final StoredEntity ada = user("ada");
  private final StoredEntity bob = user("bob");

  private StoredEntity user(String username) {
    return core.entities
        .create(
            core.app,
            ActivityService.USERS,
            List.of(json("{'username': '" + username + "'}")),
            WriteOptions.DEFAULT)
        .get(0);
  }

  private StoredEntity activity(String owner, String content) {
    core.clock.advance(Duration.ofMillis(5));
    return activities.post(
        core.app,
        ActivityService.USERS,
        owner,
        json("{'verb': 'post', 'content': '" + content + "'}"),
        Optional.empty(),
        WriteOptions.DEFAULT);
  }

  private void follow(String follower, String verb, CollectionName collection, String followed) {
    connections.connect(
        core.app,
        Visibility.ALL,
        ActivityService.USERS,
        follower,
        verb,
        Optional.of(collection),
        followed);
  }

  private List<UUID> feed(StoredEntity user) {
    return core
        .connections
        .list(
            core.app.id(), user.uuid(), Direction.OUT, ActivityService.FEED, Optional.empty(), 100)
        .stream()
        .map(ConnectionRef::entity)
        .toList();
  }

  @Test
  void following_a_user_brings_their_past_activities_into_the_followers_feed_newest_first() {
    StoredEntity first = activity("ada", "one");
    StoredEntity second = activity("ada", "two");

    follow("bob", ActivityService.FOLLOWING, ActivityService.USERS, "ada");

    assertThat(feed(bob)).containsExactly(second.uuid(), first.uuid());
  }

  @Test
  void only_a_following_connection_between_users_copies_activities() {
    activity("ada", "one");
    StoredEntity dog =
        core.entities
            .create(
                core.app,
                CollectionName.of("dogs"),
                List.of(json("{'name': 'rex'}")),
                WriteOptions.DEFAULT)
            .get(0);

    follow("bob", "likes", ActivityService.USERS, "ada");
    follow("bob", ActivityService.FOLLOWING, CollectionName.of("dogs"), dog.uuid().toString());

    assertThat(feed(bob)).isEmpty();
  }

  @Test
  void a_follow_copies_the_followed_users_own_activities_not_their_feed() {
    follow("ada", ActivityService.FOLLOWING, ActivityService.USERS, "bob");
    StoredEntity bobs = activity("bob", "by bob");
    StoredEntity adas = activity("ada", "by ada");

    follow("bob", ActivityService.FOLLOWING, ActivityService.USERS, "ada");

    assertThat(feed(bob)).containsExactlyInAnyOrder(bobs.uuid(), adas.uuid());
    assertThat(feed(ada)).containsExactlyInAnyOrder(bobs.uuid(), adas.uuid());
  }

  @Test
  void a_repeated_follow_copies_nothing_once_the_feed_holds_the_newest_activity() {
    StoredEntity first = activity("ada", "one");
    StoredEntity second = activity("ada", "two");
    follow("bob", ActivityService.FOLLOWING, ActivityService.USERS, "ada");
    core.connections.disconnect(
        core.app.id(),
        new Connection(
            bob.uuid(), "users", ActivityService.FEED, first.uuid(), first.collection()));

    follow("bob", ActivityService.FOLLOWING, ActivityService.USERS, "ada");

    assertThat(feed(bob)).containsExactly(second.uuid());
  }
}
