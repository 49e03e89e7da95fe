package io.meridian.core.realtime;

import static io.meridian.testing.Bodies.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.common.Json;
import io.meridian.core.identity.Principal;
import io.meridian.core.identity.PrincipalKind;
import io.meridian.core.identity.access.GrantStore;
import io.meridian.core.identity.access.Visibility;
import io.meridian.core.realtime.SubscriptionFilter.Event;
import io.meridian.testing.MemoryCore;
import io.meridian.testing.MemoryIdentity;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What an entry of the feed means to a subscription, judged on the entity before and after the
 * write, and whether a subscriber may read it, with the real AccessControl's visibility.
 */
class SubscriptionFilterTest {
  private static final UUID REX = UUID.fromString("00000000-0000-1000-8000-0000000000d1");

  private final MemoryCore core = new MemoryCore();
  private final MemoryIdentity identity = new MemoryIdentity(core);
  private final SubscriptionFilter olderDogs =
      new SubscriptionFilter("dogs", core.queries.compile("where age > 2"));
  private final SubscriptionFilter everyDog = new SubscriptionFilter("dogs", null);

  private static String dog(String name, int age) {
    return "{\"uuid\":\""
        + REX
        + "\",\"type\":\"dog\",\"name\":\""
        + name
        + "\",\"age\":"
        + age
        + "}";
  }

  /** An entity write of the dog from {@code before} to {@code after} (null: none). */
  private static RealtimeHub.Entry write(String before, String after) {
    String current = after != null ? after : before;
    String name = Json.parseStoredObject(current).path("name").asText();
    return RealtimeHub.parse(new FeedEntry(1_000, REX, "dogs", name, 2, after, before));
  }

  /** What a signed-in user holding these permissions may read. */
  private Visibility holding(String... permissions) {
    UUID user = core.ids.newTimeUuid();
    for (String permission : permissions) {
      identity.roles.grantPermission(core.app, GrantStore.user(user), permission);
    }
    return identity.access.visibility(
        new Principal(PrincipalKind.APP_USER, user, core.app.id(), null), core.app);
  }

  @Test
  void a_creation_selected_by_the_query_is_a_create_and_one_not_selected_is_nothing() {
    assertThat(olderDogs.event(write(null, dog("rex", 3)))).contains(Event.CREATE);
    assertThat(olderDogs.event(write(null, dog("pup", 1)))).isEmpty();
  }

  @Test
  void a_deletion_of_a_selected_entity_is_a_delete_and_of_another_nothing() {
    assertThat(olderDogs.event(write(dog("rex", 3), null))).contains(Event.DELETE);
    assertThat(olderDogs.event(write(dog("pup", 1), null))).isEmpty();
  }

  @Test
  void an_update_is_an_update_an_enter_or_a_leave_by_the_states_the_query_selects() {
    assertThat(olderDogs.event(write(dog("rex", 3), dog("rex", 4)))).contains(Event.UPDATE);
    assertThat(olderDogs.event(write(dog("rex", 2), dog("rex", 3)))).contains(Event.ENTER);
    assertThat(olderDogs.event(write(dog("rex", 3), dog("rex", 2)))).contains(Event.LEAVE);
    assertThat(olderDogs.event(write(dog("rex", 1), dog("rex", 2)))).isEmpty();
  }

  @Test
  void without_a_query_every_entity_is_selected_and_nothing_enters_or_leaves() {
    assertThat(everyDog.event(write(null, dog("pup", 1)))).contains(Event.CREATE);
    assertThat(everyDog.event(write(dog("rex", 3), dog("rex", 2)))).contains(Event.UPDATE);
    assertThat(everyDog.event(write(dog("pup", 1), null))).contains(Event.DELETE);
    assertThat(everyDog.selects(json("{}").deepCopy())).isTrue();
    assertThat(everyDog.query()).isNull();
    assertThat(olderDogs.query()).isNotNull();
  }

  @Test
  void an_entry_of_another_collection_is_not_its_concern() {
    FeedEntry cat = new FeedEntry(1_000, REX, "cats", "tom", 2, "{\"age\":9}", null);

    assertThat(olderDogs.concerns(cat)).isFalse();
    assertThat(olderDogs.concerns(write(null, dog("rex", 3)).feed())).isTrue();
    assertThat(olderDogs.collection()).isEqualTo("dogs");
  }

  @Test
  void the_events_have_their_wire_names() {
    assertThat(List.of(Event.values()).stream().map(Event::wireName))
        .containsExactly("create", "update", "delete", "enter", "leave");
  }

  @Test
  void nothing_is_readable_without_visibility_and_everything_by_administrators() {
    RealtimeHub.Entry update = write(dog("rex", 3), dog("max", 4));

    assertThat(SubscriptionFilter.readable(Visibility.NONE, update)).isFalse();
    assertThat(SubscriptionFilter.readable(Visibility.ALL, update)).isTrue();
  }

  @Test
  void the_entity_is_read_in_its_current_state() {
    Visibility rexOnly = holding("get:/dogs/rex");

    assertThat(SubscriptionFilter.readable(rexOnly, write(null, dog("rex", 3)))).isTrue();
    assertThat(SubscriptionFilter.readable(rexOnly, write(dog("rex", 3), null))).isTrue();
    assertThat(SubscriptionFilter.readable(rexOnly, write(dog("rex", 3), dog("rex", 4)))).isTrue();
    assertThat(SubscriptionFilter.readable(rexOnly, write(null, dog("max", 3)))).isFalse();
    assertThat(SubscriptionFilter.readable(rexOnly, write(dog("max", 3), null))).isFalse();
  }

  @Test
  void a_rename_is_readable_only_when_both_names_are() {
    RealtimeHub.Entry rename = write(dog("rex", 3), dog("max", 3));

    assertThat(SubscriptionFilter.readable(holding("get:/dogs/max"), rename)).isFalse();
    assertThat(SubscriptionFilter.readable(holding("get:/dogs/rex"), rename)).isFalse();
    assertThat(SubscriptionFilter.readable(holding("get:/dogs/rex", "get:/dogs/max"), rename))
        .isTrue();
    assertThat(SubscriptionFilter.readable(holding("get:/dogs/" + REX), rename)).isTrue();
  }

  @Test
  void a_user_is_named_by_its_username_in_both_states_not_by_its_display_name() {
    UUID fred = core.ids.newTimeUuid();
    String before = "{\"type\":\"user\",\"username\":\"fred\",\"name\":\"max\",\"age\":1}";
    String after = "{\"type\":\"user\",\"username\":\"fred\",\"name\":\"max\",\"age\":2}";
    String renamed = "{\"type\":\"user\",\"username\":\"max\",\"name\":\"max\",\"age\":2}";
    RealtimeHub.Entry update =
        RealtimeHub.parse(new FeedEntry(1_000, fred, "users", "fred", 2, after, before));
    RealtimeHub.Entry rename =
        RealtimeHub.parse(new FeedEntry(1_000, fred, "users", "max", 2, renamed, before));

    assertThat(SubscriptionFilter.readable(holding("get:/users/fred"), update)).isTrue();
    assertThat(SubscriptionFilter.readable(holding("get:/users/max"), rename)).isFalse();
    assertThat(SubscriptionFilter.readable(holding("get:/users/fred", "get:/users/max"), rename))
        .isTrue();
  }
}
