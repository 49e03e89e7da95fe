package io.meridian.rest.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.MeridianIT;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Threat: an app user posts an activity as someone else (to another user's activities, or naming
 * another actor), or reads a feed it may not read. A user's activities are by that user, whatever
 * its permissions allow; feeds are paths and their activities entities, checked as any other.
 */
class ActivityAccessIT extends MeridianIT {
  private AppAccess access;
  private String wilma;
  private ApiClient fred;

  @BeforeEach
  void fred_follows_wilma() {
    access = new AppAccess(api, org, app);
    access.user("fred");
    wilma = access.user("wilma");
    access.add("users/fred/following/users/wilma");
    fred = access.signIn("fred");
  }

  private int feedSize(String user) {
    return api.get(path("users/" + user + "/feed")).json().path("entities").size();
  }

  @Test
  void a_user_cannot_post_to_another_users_activities_even_with_the_default_role() {
    Reply forged =
        fred.post(path("users/wilma/activities"), "{\"verb\":\"post\",\"content\":\"I quit\"}");
    Reply byUuid = fred.post(path("users/" + wilma + "/activities"), "{\"verb\":\"post\"}");

    assertThat(forged.status()).as(forged.body()).isEqualTo(403);
    assertThat(byUuid.status()).as(byUuid.body()).isEqualTo(403);
    assertThat(api.get(path("users/wilma/activities")).json().path("entities")).isEmpty();
    assertThat(feedSize("fred")).isZero();
  }

  @Test
  void a_user_cannot_name_another_actor_in_its_own_or_a_groups_activities() {
    access.create("groups", "{\"path\":\"lodge\"}");
    access.add("groups/lodge/users/fred");
    String asWilma = "{\"verb\":\"post\",\"actor\":{\"uuid\":\"" + wilma + "\"}}";

    Reply own = fred.post(path("users/me/activities"), asWilma);
    Reply group = fred.post(path("groups/lodge/activities"), asWilma);
    Reply plain = fred.post(path("groups/lodge/activities"), "{\"verb\":\"post\"}");

    assertThat(own.status()).as(own.body()).isEqualTo(400);
    assertThat(group.status()).as(group.body()).isEqualTo(400);
    assertThat(plain.status()).as(plain.body()).isEqualTo(200);
    assertThat(plain.entity().path("actor").path("uuid").asText())
        .isEqualTo(
            access.listed("users?ql=" + ApiClient.encode("username = 'fred'"), "uuid").get(0));
    assertThat(api.get(path("groups/lodge/activities")).uuids()).hasSize(1);
  }

  @Test
  void a_user_with_narrow_permissions_reads_its_own_feed_but_not_anothers() {
    access.restrictDefaultRole("get,put,post,delete:/users/${user}/**", "get:/activities/*");
    ApiClient narrow = access.signIn("fred");
    AppAccess.awaitStatus(403, () -> narrow.get(path("users/wilma/feed")));
    String id =
        api.post(path("users/wilma/activities"), "{\"verb\":\"post\"}")
            .entity()
            .path("uuid")
            .asText();

    Reply own = narrow.get(path("users/me/feed"));
    Reply hers = narrow.get(path("users/wilma/feed"));
    Reply post = narrow.post(path("users/wilma/activities"), "{\"verb\":\"post\"}");

    assertThat(own.uuids()).containsExactly(id);
    assertThat(hers.status()).as(hers.body()).isEqualTo(403);
    assertThat(post.status()).as(post.body()).isEqualTo(403);
  }

  @Test
  void an_anonymous_caller_can_neither_post_activities_nor_read_feeds() {
    ApiClient guest = api.anonymous();

    assertThat(guest.post(path("users/wilma/activities"), "{\"verb\":\"post\"}").status())
        .isEqualTo(401);
    assertThat(guest.get(path("users/wilma/feed")).status()).isEqualTo(401);
    assertThat(api.get(path("users/wilma/activities")).json().path("entities")).isEmpty();
  }
}
