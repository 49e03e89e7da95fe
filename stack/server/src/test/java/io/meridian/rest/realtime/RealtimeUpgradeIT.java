package io.meridian.rest.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import org.junit.jupiter.api.Test;

/**
 * {@code /{org}/{app}/_realtime} without a WebSocket upgrade: told to upgrade (426) whoever may
 * open the socket, which is anyone whose credentials reach the application, a guest included;
 * refused as on any path of the application to anyone else.
 */
class RealtimeUpgradeIT extends MeridianIT {
  private String realtime() {
    return "/" + org + "/" + app + "/_realtime";
  }

  private static void assertUpgradeRequired(ApiClient.Reply reply) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(426);
    assertThat(reply.error()).isEqualTo("websocket_upgrade_required");
    assertThat(reply.json().path("error_description").asText()).contains("Upgrade: websocket");
    assertThat(reply.header("Upgrade")).isEqualTo("websocket");
  }

  @Test
  void a_plain_get_is_told_to_upgrade_to_a_websocket() {
    assertUpgradeRequired(api.get(realtime()));
    assertUpgradeRequired(api.withToken(organization.adminToken()).get(realtime()));
  }

  @Test
  void a_guest_reaches_it_though_its_role_may_read_nothing() {
    ApiClient guest = api.anonymous();

    assertThat(guest.get(path("things")).status()).isEqualTo(401);
    assertUpgradeRequired(guest.get(realtime()));
  }

  @Test
  void an_app_user_reaches_it_with_its_token_in_the_header_or_the_query() {
    Identities.user(api, org, app, "rider");
    String token = Identities.userToken(api, org, app, "rider");

    assertUpgradeRequired(api.withToken(token).get(realtime()));
    assertUpgradeRequired(api.anonymous().get(realtime() + "?access_token=" + token));
  }

  @Test
  void a_bad_token_is_refused_before_anything() {
    ApiClient.Reply reply = api.withToken("YWMtnot-a-token").get(realtime());

    assertThat(reply.status()).isEqualTo(401);
    assertThat(reply.error()).isEqualTo("auth_bad_access_token");
    assertThat(reply.header("Upgrade")).isNull();
  }

  @Test
  void a_token_of_another_application_does_not_reach_it() {
    String other = app + "b";
    ApiClient anonymous = api.anonymous();
    Identities.Credentials otherCredentials =
        Identities.application(anonymous, organization, other);
    ApiClient otherApp =
        anonymous.withToken(Identities.clientToken(anonymous, org, other, otherCredentials));
    Identities.user(otherApp, org, other, "stranger");
    String strangerToken = Identities.userToken(otherApp, org, other, "stranger");

    ApiClient.Reply byUser = anonymous.withToken(strangerToken).get(realtime());
    ApiClient.Reply byClient = otherApp.get(realtime());

    assertThat(byUser.status()).as(byUser.body()).isEqualTo(401);
    assertThat(byClient.status()).as(byClient.body()).isEqualTo(401);
  }

  @Test
  void an_unknown_application_is_404_to_its_organization_and_401_to_a_guest() {
    String missing = "/" + org + "/nosuchapp/_realtime";

    ApiClient.Reply toAdmin = api.withToken(organization.adminToken()).get(missing);
    ApiClient.Reply toGuest = api.anonymous().get(missing);

    assertThat(toAdmin.status()).isEqualTo(404);
    assertThat(toAdmin.error()).isEqualTo("organization_application_not_found");
    assertThat(toGuest.status()).isEqualTo(401);
  }

  @Test
  void other_methods_are_not_allowed_and_nothing_lies_below_it() {
    ApiClient.Reply post = api.post(realtime(), "{}");
    ApiClient.Reply below = api.get(realtime() + "/more");

    assertThat(post.status()).isEqualTo(405);
    assertThat(post.header("Allow")).contains("GET");
    assertThat(below.status()).isBetween(400, 404);
    assertThat(below.body()).doesNotContain("Exception");
  }
}
