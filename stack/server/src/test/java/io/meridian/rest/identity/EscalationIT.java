package io.meridian.rest.identity;

import static io.meridian.rest.support.AppAccess.awaitStatus;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.common.Json;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.MeridianIT;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An app user cannot raise its own rights, however wide its permissions and however it spells the
 * request: roles, permissions and memberships are the administrators' alone, permission texts that
 * could mean more than they say are refused, and paths that could dodge a permission are too.
 */
class EscalationIT extends MeridianIT {
  private static final List<String> DEFAULT_ROLES = List.of("admin", "default", "guest");

  private AppAccess access;
  private String fredId;
  private ApiClient fred;

  @BeforeEach
  void fred_under_the_default_role() {
    access = new AppAccess(api, org, app);
    fredId = access.user("fred");
    fred = access.signIn("fred");
    access.create("groups", "{\"path\":\"rangers\"}");
    access.grant("groups/rangers", "get:/secrets/*");
  }

  private static void assertForbidden(Reply reply) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(403);
    assertThat(reply.error()).isEqualTo("forbidden");
  }

  private static String permission(String text) {
    return Json.object().put("permission", text).toString();
  }

  private void assertFredGainedNothing() {
    assertThat(access.listed("users/fred/roles", "name")).isEmpty();
    assertThat(access.listed("users/fred/groups", "path")).isEmpty();
    assertThat(access.permissions("users/fred")).isEmpty();
    assertThat(access.listed("roles/admin/users", "uuid")).isEmpty();
    assertThat(access.listed("groups/rangers/users", "uuid")).isEmpty();
    assertThat(access.permissions("roles/admin")).isEmpty();
    assertThat(access.permissions("roles/default")).containsExactly(AppAccess.EVERYTHING);
    assertThat(access.permissions("roles/guest"))
        .containsExactlyInAnyOrder("post:/users", "post:/devices", "put:/devices/*");
  }

  @Test
  void a_user_cannot_put_itself_in_the_admin_role() {
    assertForbidden(fred.post(path("users/me/roles/admin"), ""));
    assertForbidden(fred.post(path("users/" + fredId + "/roles/admin"), ""));
    assertForbidden(fred.post(path("users/fred/roles/admin"), ""));
    assertForbidden(fred.post(path("roles/admin/users/me"), ""));
    assertForbidden(fred.post(path("roles/admin/users/" + fredId), ""));
    assertForbidden(fred.post(path("role/Admin/users/fred"), ""));
    assertForbidden(fred.put(path("USERS/me/Roles/admin"), ""));

    assertFredGainedNothing();
  }

  @Test
  void a_user_cannot_grant_itself_or_its_roles_a_permission() {
    String everything = permission("get,put,post,delete:/**");

    assertForbidden(fred.post(path("users/me/permissions"), everything));
    assertForbidden(fred.put(path("users/me/permissions"), everything));
    assertForbidden(fred.post(path("roles/default/permissions"), permission("get:/secrets/*")));
    assertForbidden(fred.post(path("roles/guest/permissions"), everything));
    assertForbidden(fred.post(path("groups/rangers/permissions"), everything));
    assertForbidden(
        fred.delete(path("roles/guest/permissions?permission=" + ApiClient.encode("post:/users"))));

    assertFredGainedNothing();
  }

  @Test
  void a_user_cannot_create_change_or_delete_roles() {
    assertForbidden(fred.post(path("roles"), "{\"name\":\"mine\"}"));
    assertForbidden(fred.put(path("roles/mine"), "{\"title\":\"Mine\"}"));
    assertForbidden(fred.put(path("roles/guest"), "{\"title\":\"Everyone\"}"));
    assertForbidden(fred.delete(path("roles/guest")));
    assertForbidden(fred.delete(path("roles;ql=select%20*")));

    assertThat(access.listed("roles", "name")).containsExactlyInAnyOrderElementsOf(DEFAULT_ROLES);
    assertThat(api.get(path("roles/guest")).entity().path("title").asText()).isEqualTo("Guest");
    assertFredGainedNothing();
  }

  @Test
  void a_user_cannot_join_a_group_or_give_a_group_a_role() {
    assertForbidden(fred.post(path("groups/rangers/users/me"), ""));
    assertForbidden(fred.post(path("groups/rangers/users/" + fredId), ""));
    assertForbidden(fred.post(path("users/me/groups/rangers"), ""));
    assertForbidden(fred.post(path("groups/rangers/roles/admin"), ""));
    assertForbidden(fred.post(path("roles/admin/groups/rangers"), ""));

    assertThat(access.listed("groups/rangers/roles", "name")).isEmpty();
    assertFredGainedNothing();
  }

  @Test
  void a_query_in_the_path_does_not_hide_a_membership_change() {
    for (String sneaky :
        List.of(
            "users;ql=select%20*/me/roles/admin",
            "users;ql=select%20*/" + fredId + "/roles/admin",
            "groups;ql=select%20*/rangers/users/" + fredId,
            "users/me;ql=x/groups/rangers")) {
      Reply reply = fred.post(path(sneaky), "");
      assertThat(reply.status()).as(sneaky + ": " + reply.body()).isEqualTo(400);
    }

    assertFredGainedNothing();
  }

  @Test
  void permission_texts_that_could_widen_are_refused() {
    List<String> widening =
        List.of(
            "get:/users/../**",
            "get:/users/%2e%2e/**",
            "get:/users/{id}",
            "get:/**/..",
            "get:/things/./x",
            "get:users",
            "get: /a//b",
            "patch:/x",
            "get:/a**",
            "get:/users/$%7Buser%7D",
            "get:/users/\\u002e\\u002e",
            "get:/users/\u200b",
            ":/x",
            "get",
            "");
    for (String text : widening) {
      Reply refused = api.post(path("roles/default/permissions"), permission(text));
      assertThat(refused.status()).as(text + ": " + refused.body()).isEqualTo(400);
    }
    assertThat(api.post(path("roles/default/permissions"), "{\"permission\":7}").status())
        .isEqualTo(400);

    assertThat(access.permissions("roles/default")).containsExactly(AppAccess.EVERYTHING);
  }

  @Test
  void paths_that_could_dodge_a_permission_are_refused_and_never_a_500() {
    access.restrictDefaultRole("get:/things/*");
    awaitStatus(403, () -> fred.get(path("users")));
    String base = "/" + org + "/" + app;

    for (String sneaky :
        List.of(
            "/Things/../users",
            "/things/..%2Fusers",
            "/things%2F..%2Fusers",
            "/things/%2e%2e/users",
            "/things/%2E%2E%2Fusers",
            "/things/x%5C..%5Cusers",
            "/things/./../users",
            "//users",
            "/things//users",
            "/things/%2F",
            "/things;ql=select%20*/../../users")) {
      Reply reply = fred.get(base + sneaky);
      assertThat(reply.status()).as(sneaky + ": " + reply.body()).isIn(400, 403, 404);
      assertThat(reply.body()).as(sneaky).doesNotContain("\"username\"");
    }
  }

  @Test
  void dot_segment_and_encoded_slash_paths_are_400_or_404_even_for_administrators() {
    String base = "/" + org + "/" + app;
    access.create("things", "{\"name\":\"x\"}");

    for (String odd :
        List.of("/things/./x", "/things//./x", "/things/%2e/x", "/things/x%2F", "/things/%5Cx")) {
      Reply reply = api.get(base + odd);
      assertThat(reply.status()).as(odd + ": " + reply.body()).isIn(400, 404);
    }
  }
}
