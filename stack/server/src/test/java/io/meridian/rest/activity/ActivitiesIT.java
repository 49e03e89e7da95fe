package io.meridian.rest.activity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.MeridianIT;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Usergrid's activity streams: activities posted to users and groups, and the feeds. */
class ActivitiesIT extends MeridianIT {
  private AppAccess access;
  private String fred;
  private String wilma;

  @BeforeEach
  void fred_wilma_and_barney() {
    access = new AppAccess(api, org, app);
    fred =
        access.create(
            "users", "{\"username\":\"fred\",\"name\":\"Fred\",\"email\":\"fred@example.com\"}");
    wilma = access.user("wilma");
    access.user("barney");
    access.add("users/wilma/following/users/fred");
  }

  private Reply post(ApiClient client, String path, String body) {
    Reply posted = client.post(path(path), body);
    assertThat(posted.status()).as(posted.body()).isEqualTo(200);
    return posted;
  }

  private List<String> listed(String path) {
    return api.get(path(path)).uuids();
  }

  @Test
  void a_users_activity_reaches_its_own_feed_and_its_followers_feeds_only() {
    Reply posted =
        post(api, "users/fred/activities", "{\"verb\":\"post\",\"content\":\"Yabba dabba doo\"}");
    JsonNode activity = posted.entity();
    String id = activity.path("uuid").asText();

    assertThat(activity.path("type").asText()).isEqualTo("activity");
    assertThat(activity.path("verb").asText()).isEqualTo("post");
    assertThat(activity.path("content").asText()).isEqualTo("Yabba dabba doo");
    assertThat(activity.path("actor").path("uuid").asText()).isEqualTo(fred);
    assertThat(activity.path("actor").path("email").asText()).isEqualTo("fred@example.com");
    assertThat(activity.path("actor").path("displayName").asText()).isEqualTo("Fred");
    assertThat(activity.path("published").isIntegralNumber()).isTrue();
    assertThat(posted.json().path("path").asText()).isEqualTo("/users/fred/activities");

    assertThat(listed("users/fred/activities")).containsExactly(id);
    assertThat(listed("users/fred/feed")).containsExactly(id);
    assertThat(listed("users/wilma/feed")).containsExactly(id);
    assertThat(listed("users/" + wilma + "/feed")).containsExactly(id);
    assertThat(api.get(path("users/barney/feed")).json().path("entities")).isEmpty();
    assertThat(listed("users/wilma/activities")).isEmpty();
    assertThat(listed("users/fred/activities/" + id)).containsExactly(id);
    assertThat(listed("users/wilma/feed/" + id)).containsExactly(id);
    assertThat(api.get(path("users/barney/feed/" + id)).status()).isEqualTo(404);
  }

  @Test
  void feeds_list_newest_first_and_page_and_query_like_connections() {
    String first =
        post(api, "users/fred/activities", "{\"verb\":\"post\",\"content\":\"one\"}")
            .entity()
            .path("uuid")
            .asText();
    String second =
        post(api, "users/fred/activities", "{\"verb\":\"like\",\"content\":\"two\"}")
            .entity()
            .path("uuid")
            .asText();
    String third =
        post(api, "users/fred/activities", "{\"verb\":\"post\",\"content\":\"three\"}")
            .entity()
            .path("uuid")
            .asText();

    assertThat(listed("users/wilma/feed")).containsExactly(third, second, first);
    Reply page = api.get(path("users/wilma/feed?limit=2"));
    assertThat(page.uuids()).containsExactly(third, second);
    String cursor = page.json().path("cursor").asText();
    assertThat(listed("users/wilma/feed?limit=2&cursor=" + ApiClient.encode(cursor)))
        .containsExactly(first);
    assertThat(listed("users/wilma/feed?ql=" + ApiClient.encode("verb = 'like'")))
        .containsExactly(second);
  }

  @Test
  void a_groups_activity_reaches_the_group_and_its_members_feeds() {
    access.create("groups", "{\"path\":\"quarry\"}");
    access.add("groups/quarry/users/fred");
    access.add("groups/quarry/users/barney");

    String id =
        post(api, "groups/quarry/activities", "{\"verb\":\"post\",\"content\":\"shift over\"}")
            .entity()
            .path("uuid")
            .asText();

    assertThat(listed("groups/quarry/activities")).containsExactly(id);
    assertThat(listed("groups/quarry/feed")).containsExactly(id);
    assertThat(listed("users/fred/feed")).containsExactly(id);
    assertThat(listed("users/barney/feed")).containsExactly(id);
    assertThat(api.get(path("users/wilma/feed")).json().path("entities")).isEmpty();
    assertThat(listed("users/fred/activities")).isEmpty();
  }

  @Test
  void a_signed_in_user_posts_to_its_own_activities_through_me() {
    ApiClient wilmaClient = access.signIn("wilma");
    access.add("users/fred/following/users/wilma");

    JsonNode activity =
        post(
                wilmaClient,
                "users/me/activities",
                "{\"verb\":\"checkin\",\"published\":1700000000000}")
            .entity();

    assertThat(activity.path("actor").path("uuid").asText()).isEqualTo(wilma);
    assertThat(activity.path("published").asLong()).isEqualTo(1700000000000L);
    assertThat(listed("users/fred/feed")).containsExactly(activity.path("uuid").asText());
    assertThat(wilmaClient.get(path("users/me/activities")).uuids())
        .containsExactly(activity.path("uuid").asText());
  }

  @Test
  void a_bad_activity_is_refused_and_creates_nothing() {
    List<String> bad =
        List.of(
            "{\"content\":\"no verb\"}",
            "{\"verb\":\"\"}",
            "{\"verb\":42}",
            "{\"verb\":\"post\",\"content\":{\"a\":1}}",
            "{\"verb\":\"post\",\"published\":\"today\"}",
            "{\"verb\":\"post\",\"published\":-1}",
            "{\"verb\":\"post\",\"actor\":\"fred\"}",
            "{\"verb\":\"post\",\"actor\":null}",
            "{\"verb\":\"post\",\"content\":null}",
            "{\"verb\":\"post\",\"actor\":{\"uuid\":\"" + wilma + "\"}}",
            "[{\"verb\":\"post\"}]");
    for (String body : bad) {
      Reply refused = api.post(path("users/fred/activities"), body);
      assertThat(refused.status()).as(body + " -> " + refused.body()).isEqualTo(400);
      assertThat(refused.body()).doesNotContain("Exception", "java.");
    }
    Reply missing = api.post(path("users/nobody/activities"), "{\"verb\":\"post\"}");
    assertThat(missing.status()).as(missing.body()).isEqualTo(404);

    assertThat(api.get(path("users/fred/activities")).json().path("entities")).isEmpty();
    assertThat(api.get(path("users/wilma/feed")).json().path("entities")).isEmpty();
    Reply none = api.get(path("activities"));
    assertThat(none.status()).as(none.body()).isEqualTo(200);
    assertThat(none.json().path("entities")).isEmpty();
  }

  /** Usergrid's following service copies the followed user's activities into the feed. */
  @Test
  void following_a_user_brings_their_past_activities_into_the_followers_feed() {
    String first =
        post(api, "users/fred/activities", "{\"verb\":\"post\",\"content\":\"a\"}")
            .entity()
            .path("uuid")
            .asText();
    String second =
        post(api, "users/fred/activities", "{\"verb\":\"post\",\"content\":\"b\"}")
            .entity()
            .path("uuid")
            .asText();
    assertThat(api.get(path("users/barney/feed")).json().path("entities")).isEmpty();

    access.add("users/barney/following/users/fred");

    assertThat(listed("users/barney/feed")).containsExactly(second, first);
    assertThat(listed("users/barney/activities")).isEmpty();
  }

  /** Usergrid's GET /events reads the events as a queue: messages and last. */
  @Test
  void events_read_as_usergrids_queue_with_messages_and_last() {
    List<String> posted = new ArrayList<>();
    for (String category : List.of("advertising", "sales", "marketing")) {
      posted.add(
          post(api, "events", "{\"timestamp\":0,\"category\":\"" + category + "\"}")
              .entity()
              .path("uuid")
              .asText());
    }

    Reply first = api.get(path("events"));
    Reply again = api.get(path("events"));
    String last = first.json().path("last").asText();
    Reply second = api.get(path("events") + "?last=" + last);
    Reply third = api.get(path("events") + "?last=" + second.json().path("last").asText());
    Reply rest = api.get(path("events") + "?limit=5&last=" + last);

    assertThat(first.status()).as(first.body()).isEqualTo(200);
    assertThat(first.json().path("messages")).hasSize(1);
    assertThat(first.json().at("/messages/0/uuid").asText()).isEqualTo(posted.get(0));
    assertThat(last).isEqualTo(posted.get(0));
    assertThat(again.json().at("/messages/0/uuid").asText()).isEqualTo(posted.get(0));
    assertThat(second.json().at("/messages/0/uuid").asText()).isEqualTo(posted.get(1));
    assertThat(third.json().at("/messages/0/uuid").asText()).isEqualTo(posted.get(2));
    assertThat(rest.json().path("messages")).hasSize(2);
    assertThat(api.get(path("events") + "?last=nope").status()).isEqualTo(400);
    assertThat(api.get(path("events") + "?ql=" + ApiClient.encode("select *")).uuids()).hasSize(3);
  }
}
