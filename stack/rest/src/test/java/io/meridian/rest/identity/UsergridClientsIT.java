package io.meridian.rest.identity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.Eventually;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Calls that apps written for Usergrid 2.1 make, answered as Usergrid answered them. */
class UsergridClientsIT extends MeridianIT {
  private AppAccess access;
  private String fredId;

  @BeforeEach
  void fred() {
    access = new AppAccess(api, org, app);
    fredId = access.user("fred");
  }

  private static void assertUsergridError(Reply reply, int status, String error) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(status);
    JsonNode body = reply.json();
    assertThat(body.path("error").asText()).isEqualTo(error);
    assertThat(body.path("error_description").asText()).isNotBlank();
    assertThat(body.has("timestamp")).isTrue();
    assertThat(body.has("duration")).isTrue();
    assertThat(body.path("error_id").asText()).isEqualTo(reply.header("X-Request-Id"));
  }

  @Test
  void a_malformed_forged_or_revoked_token_is_401_auth_bad_access_token() {
    ApiClient anonymous = api.anonymous();
    assertUsergridError(
        anonymous.withToken("not-a-token").get(path("things")), 401, "auth_bad_access_token");
    assertUsergridError(
        anonymous.get(path("things") + "?access_token=YWJj.ZGVm.Z2hp"),
        401,
        "auth_bad_access_token");
    String token = Identities.userToken(api, org, app, "fred");
    String forged = token.substring(0, token.length() - 2) + (token.endsWith("A") ? "BB" : "AA");
    assertUsergridError(
        anonymous.withToken(forged).get(path("users/me")), 401, "auth_bad_access_token");

    ApiClient fred = api.withToken(token);
    assertThat(fred.put(path("users/me/revoketokens"), "").status()).isEqualTo(200);
    AppAccess.awaitStatus(401, () -> fred.get(path("users/me")));
    assertUsergridError(fred.get(path("users/me")), 401, "auth_bad_access_token");
  }

  @Test
  void a_path_in_an_application_that_serves_nothing_is_service_resource_not_found() {
    access.create("things", "{\"name\":\"x\"}");
    Reply signedIn = api.get(path("things/x/a/b/c/d"));
    assertUsergridError(signedIn, 404, "service_resource_not_found");

    ApiClient anonymous = api.anonymous();
    assertUsergridError(anonymous.get(path("things/x/a/b/c/d")), 401, "unauthorized");
    access.grant("roles/guest", "get:/things/**");
    Reply guest =
        Eventually.within(
            AppAccess.PROPAGATION,
            () -> {
              Reply reply = anonymous.get(path("things/x/a/b/c/d"));
              assertThat(reply.error()).isEqualTo("service_resource_not_found");
              return reply;
            });
    assertUsergridError(guest, 401, "service_resource_not_found");

    assertUsergridError(anonymous.get(path("things/nothing")), 404, "entity_not_found");
    assertThat(anonymous.get(path("things/x")).status()).isEqualTo(200);
  }
}
