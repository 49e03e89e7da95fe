package io.meridian.rest.security;

import static io.meridian.rest.support.AppAccess.awaitStatus;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.ExtraNode;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import io.meridian.rest.support.TestServers;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Superuser tokens do not outlive the superuser they were issued to: they can be revoked like
 * anyone's, and a node configured with another password or without a superuser refuses them. (A
 * second node on the same Cassandra stands for the cluster after the operator changed its
 * configuration and restarted.)
 */
class SuperuserTokenIT extends MeridianIT {

  private String organizationPath() {
    return "/management/orgs/" + org;
  }

  @Test
  void the_superuser_revokes_all_its_own_tokens_and_signs_in_afresh() {
    ApiClient first = api.withToken(Identities.superuserToken(api));
    ApiClient second = api.withToken(Identities.superuserToken(api));
    assertThat(second.get(organizationPath()).status()).isEqualTo(200);

    Reply revoked = first.put("/management/users/me/revoketokens", "");

    assertThat(revoked.status()).as(revoked.body()).isEqualTo(200);
    for (ApiClient stale : List.of(first, second)) {
      Reply refused = awaitStatus(401, () -> stale.get(organizationPath()));
      assertThat(refused.error()).isEqualTo("auth_bad_access_token");
    }
    ApiClient fresh = api.withToken(Identities.superuserToken(api));
    assertThat(fresh.get(organizationPath()).status()).isEqualTo(200);
  }

  @Test
  void an_admin_cannot_revoke_the_superusers_tokens() {
    ApiClient superuser = api.withToken(Identities.superuserToken(api));
    ApiClient admin = api.withToken(organization.adminToken());

    Reply refused = admin.put("/management/users/superuser/revoketokens", "");

    assertThat(refused.status()).as(refused.body()).isIn(403, 404);
    assertThat(superuser.get(organizationPath()).status()).isEqualTo(200);
  }

  @Test
  void a_node_configured_with_a_new_superuser_password_refuses_earlier_superuser_tokens() {
    String stale = Identities.superuserToken(api);
    try (ExtraNode changed =
        ExtraNode.start(
            Map.of("meridian.identity.superuser-password", "a brand new superuser secret"))) {
      ApiClient node = changed.client();

      Reply refused = node.withToken(stale).get(organizationPath());

      assertThat(refused.status()).as(refused.body()).isEqualTo(401);
      assertThat(refused.error()).isEqualTo("auth_bad_access_token");
      assertThat(
              Identities.signIn(
                      node, "/management/token", "superuser", TestServers.SUPERUSER_PASSWORD)
                  .status())
          .isEqualTo(400);
      String current = Identities.adminToken(node, "superuser", "a brand new superuser secret");
      assertThat(node.withToken(current).get(organizationPath()).status()).isEqualTo(200);
      assertThat(api.withToken(current).get(organizationPath()).status()).isEqualTo(401);
    }
  }

  @Test
  void a_node_without_a_superuser_refuses_every_superuser_token() {
    String stale = Identities.superuserToken(api);
    try (ExtraNode disabled = ExtraNode.start(Map.of("meridian.identity.superuser-password", ""))) {
      ApiClient node = disabled.client();

      Reply refused = node.withToken(stale).get(organizationPath());

      assertThat(refused.status()).as(refused.body()).isEqualTo(401);
      assertThat(refused.error()).isEqualTo("auth_bad_access_token");
      assertThat(node.withToken(stale).get("/system/index/rebuild/" + org + "/" + app).status())
          .isEqualTo(401);
    }
  }
}
