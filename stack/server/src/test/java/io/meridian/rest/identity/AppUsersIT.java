package io.meridian.rest.identity;

import static io.meridian.rest.support.AppAccess.awaitStatus;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * App users: unique usernames and emails (freed again by renames and deletes), passwords that are
 * never shown nor set by an update, {@code /users/me}, sign-in by email, and the roles and groups a
 * user belongs to.
 */
class AppUsersIT extends MeridianIT {
  private static final String PASSWORD = Identities.PASSWORD;

  private AppAccess access;

  @BeforeEach
  void access() {
    access = new AppAccess(api, org, app);
  }

  private static String user(String username, String email) {
    return "{\"username\":\""
        + username
        + "\",\"email\":\""
        + email
        + "\",\"password\":\""
        + PASSWORD
        + "\"}";
  }

  private static void assertDuplicate(Reply reply) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(400);
    assertThat(reply.error()).isEqualTo("duplicate_unique_property_exists");
  }

  @Test
  void a_new_user_is_activated_and_its_password_is_never_shown() {
    Reply created = api.post(path("users"), user("fred", "fred@example.com"));

    assertThat(created.status()).as(created.body()).isEqualTo(200);
    JsonNode fred = created.entity();
    assertThat(fred.path("username").asText()).isEqualTo("fred");
    assertThat(fred.path("activated").asBoolean()).isTrue();
    assertThat(fred.has("password")).isFalse();
    assertThat(created.body()).doesNotContain(PASSWORD);
    assertThat(api.get(path("users/fred")).body()).doesNotContain(PASSWORD).contains("fred");
    assertThat(api.get(path("users")).body()).doesNotContain(PASSWORD).doesNotContain("password");
  }

  @Test
  void a_taken_username_is_refused_whatever_its_case() {
    access.user("fred");

    assertDuplicate(api.post(path("users"), user("fred", "other@example.com")));
    assertDuplicate(api.post(path("users"), user("FRED", "other@example.com")));
    assertThat(api.get(path("users/other@example.com")).status()).isEqualTo(404);
  }

  @Test
  void a_taken_email_is_refused_whatever_its_case() {
    access.user("fred");

    assertDuplicate(api.post(path("users"), user("barney", "Fred@Example.COM")));
    assertThat(api.get(path("users/barney")).status()).isEqualTo(404);
  }

  @Test
  void a_rename_keeps_usernames_unique_and_frees_the_old_one() {
    String fredId = access.user("fred");
    access.user("wilma");

    assertDuplicate(api.put(path("users/fred"), "{\"username\":\"wilma\"}"));
    assertThat(api.put(path("users/fred"), "{\"username\":\"freddy\"}").status()).isEqualTo(200);

    assertThat(api.get(path("users/freddy")).entity().path("uuid").asText()).isEqualTo(fredId);
    assertThat(api.post(path("users"), user("fred", "new-fred@example.com")).status())
        .isEqualTo(200);
    assertThat(api.get(path("users/fred")).entity().path("uuid").asText()).isNotEqualTo(fredId);
  }

  @Test
  void changing_an_email_frees_the_old_one_and_claims_the_new_one() {
    String fredId = access.user("fred");

    Reply changed = api.put(path("users/fred"), "{\"email\":\"flintstone@example.com\"}");

    assertThat(changed.status()).as(changed.body()).isEqualTo(200);
    assertThat(api.get(path("users/flintstone@example.com")).entity().path("uuid").asText())
        .isEqualTo(fredId);
    assertThat(api.post(path("users"), user("fred2", "fred@example.com")).status()).isEqualTo(200);
    assertDuplicate(api.post(path("users"), user("fred3", "FLINTSTONE@example.com")));
  }

  @Test
  void a_deleted_user_frees_its_username_and_email_and_its_tokens_stop_working() {
    access.user("fred");
    ApiClient fred = access.signIn("fred");
    assertThat(fred.get(path("users/me")).status()).isEqualTo(200);

    assertThat(api.delete(path("users/fred")).status()).isEqualTo(200);

    Reply refused = awaitStatus(401, () -> fred.get(path("things")));
    assertThat(refused.error()).isIn("auth_bad_access_token", "unauthorized");
    Reply again = api.post(path("users"), user("fred", "FRED@example.com"));
    assertThat(again.status()).as(again.body()).isEqualTo(200);
    assertThat(fred.get(path("users/me")).status()).isEqualTo(401);
  }

  @Test
  void a_password_or_pin_in_a_user_update_is_dropped_and_never_changes_the_password() {
    access.user("fred");
    ApiClient fred = access.signIn("fred");
    String newPassword =
        "{\"password\":\"a brand new password\",\"pin\":\"1234\",\"activated\":false,"
            + "\"age\":30}";

    Reply byAdmin = api.put(path("users/fred"), newPassword);
    assertThat(byAdmin.status()).as(byAdmin.body()).isEqualTo(200);
    assertThat(byAdmin.entity().path("age").asInt()).isEqualTo(30);
    assertThat(byAdmin.entity().has("pin")).isFalse();
    assertThat(byAdmin.entity().path("activated").asBoolean()).isTrue();
    assertThat(fred.put(path("users/me"), newPassword).status()).isEqualTo(200);
    assertThat(api.put(path("users;ql=select%20*"), newPassword).status()).isEqualTo(400);

    assertThat(fred.get(path("users/me")).status())
        .as("the password did not change: its tokens live on")
        .isEqualTo(200);
    assertThat(access.signIn("fred").get(path("users/me")).status()).isEqualTo(200);
    Reply withNew =
        api.anonymous()
            .post(
                path("token"),
                Identities.json(
                    "grant_type",
                    "password",
                    "username",
                    "fred",
                    "password",
                    "a brand new password"));
    assertThat(withNew.status()).as(withNew.body()).isEqualTo(400);
  }

  @Test
  void deactivating_is_for_administrators_and_a_deactivated_user_cannot_sign_in() {
    access.user("fred");
    access.user("wilma");
    ApiClient fred = access.signIn("fred");
    ApiClient wilma = access.signIn("wilma");

    assertThat(wilma.post(path("users/fred/deactivate"), "").status())
        .as("the default role's /** reaches it, yet only administrators may")
        .isEqualTo(403);
    assertThat(fred.put(path("users/me/deactivate"), "").status()).isEqualTo(403);
    assertThat(api.anonymous().post(path("users/fred/deactivate"), "").status()).isEqualTo(401);
    assertThat(fred.get(path("users/me")).status()).isEqualTo(200);

    Reply off = api.post(path("users/fred/deactivate"), "");
    assertThat(off.status()).as(off.body()).isEqualTo(200);
    assertThat(off.entity().path("activated").asBoolean()).isFalse();
    AppAccess.awaitStatus(401, () -> fred.get(path("users/me")));
    Reply signIn =
        api.anonymous()
            .post(
                path("token"),
                Identities.json(
                    "grant_type", "password", "username", "fred", "password", PASSWORD));
    assertThat(signIn.status()).as(signIn.body()).isEqualTo(400);
    assertThat(signIn.error()).isEqualTo("unactivated_app_user");

    assertThat(api.post(path("users/fred/activate"), "").status()).isEqualTo(200);
    assertThat(access.signIn("fred").get(path("users/me")).status()).isEqualTo(200);
  }

  @Test
  void usergrids_users_names_like_emails_free_emails_rolenames_and_me_without_roles() {
    Reply odd =
        api.post(
            path("users"),
            "{\"username\":\"odd@name.io\",\"email\":\"odd at home\",\"password\":\""
                + PASSWORD
                + "\"}");
    assertThat(odd.status()).as(odd.body()).isEqualTo(200);
    String oddId = odd.entity().path("uuid").asText();
    assertThat(api.get(path("users/odd@name.io")).entity().path("uuid").asText()).isEqualTo(oddId);
    assertThat(odd.entity().at("/metadata/sets/rolenames").asText())
        .isEqualTo("/users/" + oddId + "/roles");

    access.user("wilma");
    access.restrictDefaultRole("get:/dogs");
    ApiClient asOdd = access.signIn("odd@name.io");
    AppAccess.awaitStatus(403, () -> asOdd.get(path("users/wilma")));
    Reply me = asOdd.get(path("users/me"));
    assertThat(me.status()).as(me.body()).isEqualTo(200);
    assertThat(me.entity().path("username").asText()).isEqualTo("odd@name.io");
    assertThat(asOdd.get(path("users/" + oddId + "/likes")).status()).isEqualTo(403);
  }

  @Test
  void users_me_is_the_signed_in_user_and_nobody_for_other_callers() {
    String fredId = access.user("fred");

    Reply me = access.signIn("fred").get(path("users/me"));

    assertThat(me.entity().path("uuid").asText()).isEqualTo(fredId);
    assertThat(api.get(path("users/me")).status()).isIn(400, 404);
    assertThat(api.anonymous().get(path("users/me")).status()).isEqualTo(401);
  }

  @Test
  void bad_users_are_400_and_create_nothing() {
    String keeper = access.user("keeper");
    List<String> bad =
        List.of(
            "{\"email\":\"nobody@example.com\",\"password\":\"" + PASSWORD + "\"}",
            "{\"username\":\"  \",\"email\":\"nobody@example.com\"}",
            "{\"username\":42,\"email\":\"nobody@example.com\"}",
            "{\"username\":\"" + UUID.randomUUID() + "\",\"email\":\"nobody@example.com\"}",
            "{\"username\":\"me\",\"email\":\"nobody@example.com\"}",
            "{\"username\":\"ME\",\"email\":\"nobody@example.com\"}",
            "{\"username\":\"nobody\",\"email\":\"nobody\\r\\n@example.com\"}",
            "{\"username\":\"nobody\",\"email\":\"nobody@example.com\",\"password\":\"short\"}",
            "{\"username\":\"nobody\",\"email\":\"nobody@example.com\",\"password\":12345678}",
            "{\"username\":\"nobody\",\"email\":\"nobody@example.com\",\"password\":{}}",
            "[" + user("nobody", "nobody@example.com") + ",{\"username\":\"me\"}]");
    for (String body : bad) {
      Reply refused = api.post(path("users"), body);
      assertThat(refused.status()).as(body + ": " + refused.body()).isEqualTo(400);
    }

    assertThat(access.listed("users", "uuid")).containsExactly(keeper);
    assertThat(api.post(path("users"), user("nobody", "nobody@example.com")).status())
        .isEqualTo(200);
  }

  @Test
  void a_user_signs_in_by_email() {
    String fredId = access.user("fred");

    ApiClient fred = access.signIn("fred@example.com");

    assertThat(fred.get(path("users/me")).entity().path("uuid").asText()).isEqualTo(fredId);
  }

  @Test
  void a_group_is_addressed_by_its_path_and_lists_its_users_and_roles() {
    String group = access.create("groups", "{\"path\":\"rangers\",\"title\":\"Rangers\"}");
    access.create("roles", "{\"name\":\"readers\"}");
    String fredId = access.user("fred");

    access.add("groups/rangers/users/fred");
    access.add("users/fred/roles/readers");
    access.add("groups/rangers/roles/readers");

    assertThat(api.get(path("groups/rangers")).entity().path("uuid").asText()).isEqualTo(group);
    assertThat(access.listed("users/fred/groups", "path")).containsExactly("rangers");
    assertThat(access.listed("users/" + fredId + "/roles", "name")).containsExactly("readers");
    assertThat(access.listed("groups/rangers/users", "uuid")).containsExactly(fredId);
    assertThat(access.listed("groups/" + group + "/roles", "name")).containsExactly("readers");
    assertThat(access.listed("roles/readers/users", "uuid")).containsExactly(fredId);
    assertThat(access.listed("roles/readers/groups", "path")).containsExactly("rangers");
    assertThat(access.signIn("fred").get(path("users/me/roles")).status()).isEqualTo(200);
  }
}
