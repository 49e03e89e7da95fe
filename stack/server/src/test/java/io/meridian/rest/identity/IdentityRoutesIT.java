package io.meridian.rest.identity;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.MeridianIT;
import org.junit.jupiter.api.Test;

/**
 * The identity sub-resources serve exactly the methods the API document lists for them: what
 * OPTIONS advertises is what they do, and any other method is a 405 (found by the fuzzing run).
 */
class IdentityRoutesIT extends MeridianIT {

  @Test
  void a_users_credentials_take_post_and_put_only() {
    api.post(path("users"), "{\"username\": \"ida\", \"password\": \"ida's passphrase\"}");
    String user = path("users") + "/ida/password";

    assertThat(allowed(user)).contains("POST", "PUT").doesNotContain("GET", "DELETE");
    Reply delete = api.delete(user);
    assertThat(delete.status()).isEqualTo(405);
    assertThat(delete.error()).isEqualTo("method_not_allowed");
    assertThat(delete.header("Allow")).contains("POST", "PUT").doesNotContain("DELETE");
  }

  @Test
  void memberships_are_listed_by_get_and_read_or_changed_through_a_member() {
    assertThat(allowed(path("users") + "/nobody/roles"))
        .contains("GET")
        .doesNotContain("POST", "PUT", "DELETE");
    assertThat(allowed(path("users") + "/nobody/roles/admin"))
        .contains("GET", "POST", "DELETE")
        .doesNotContain("PUT");
  }

  @Test
  void permissions_take_every_method() {
    assertThat(allowed(path("roles") + "/guest/permissions"))
        .contains("GET", "POST", "PUT", "DELETE");
  }

  @Test
  void a_group_has_no_password() {
    assertThat(api.post(path("groups"), "{\"path\":\"g1\",\"name\":\"g1\"}").status())
        .isEqualTo(200);
    Reply reply = api.post(path("groups") + "/g1/password", "{\"newpassword\": \"x\"}");

    // The path fits POST /{collection}/{id}/{verb}, which creates entities of the verb's
    // collection and connects them; a user's credential verb is refused there: a 400 that sets
    // nothing and stores no 'passwords' entity holding the body.
    assertThat(reply.status()).as(reply.body()).isEqualTo(400);
    assertThat(reply.error()).isEqualTo("illegal_argument");
    assertThat(api.get(path("passwords")).json().path("entities")).isEmpty();
  }

  private String allowed(String path) {
    Reply reply = api.call("OPTIONS", path);
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    return reply.header("Allow");
  }
}
