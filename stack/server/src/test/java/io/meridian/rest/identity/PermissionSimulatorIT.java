package io.meridian.rest.identity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The permission simulator ({@code GET /{org}/{app}/_access}) answers as the server decides: the
 * grant it names is the one that lets the user's own request through (a role held directly or
 * through a group, a group's permission, the user's own, the default and guest roles), a refusal
 * names none, and only the application's administrators may ask.
 */
class PermissionSimulatorIT extends MeridianIT {
  private AppAccess access;
  private String fredId;
  private ApiClient fred;

  @BeforeEach
  void fred_whose_default_role_only_reads_news() {
    access = new AppAccess(api, org, app);
    fredId = access.user("fred");
    fred = access.signIn("fred");
    access.create("cats", "{\"name\":\"fido\"}");
    access.create("dogs", "{\"name\":\"rex\"}");
    access.restrictDefaultRole("get:/news/*");
    AppAccess.awaitStatus(403, () -> fred.get(path("cats/fido")));
  }

  private Reply simulate(ApiClient caller, String user, String method, String requestPath) {
    StringBuilder query = new StringBuilder("_access?method=").append(ApiClient.encode(method));
    query.append("&path=").append(ApiClient.encode(requestPath));
    if (user != null) {
      query.append("&user=").append(ApiClient.encode(user));
    }
    return caller.get(path(query.toString()));
  }

  private JsonNode allowed(String user, String method, String requestPath) {
    Reply reply = simulate(api, user, method, requestPath);
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    JsonNode data = reply.json().path("data");
    assertThat(data.path("allowed").asBoolean()).as(reply.body()).isTrue();
    return data;
  }

  private JsonNode refused(String user, String method, String requestPath) {
    Reply reply = simulate(api, user, method, requestPath);
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    JsonNode data = reply.json().path("data");
    assertThat(data.path("allowed").asBoolean()).as(reply.body()).isFalse();
    assertThat(data.path("by").isNull()).as(reply.body()).isTrue();
    assertThat(data.path("reason").asText()).isNotBlank();
    return data;
  }

  private static List<String> considered(JsonNode data) {
    List<String> grants = new ArrayList<>();
    for (JsonNode grant : data.path("considered")) {
      grants.add(
          grant.path("from").asText()
              + " "
              + grant.path("name").asText()
              + " "
              + grant.path("permission").asText());
    }
    return grants;
  }

  @Test
  void names_the_role_the_user_holds_and_the_user_may_then_do_it() {
    access.create("roles", "{\"name\":\"keepers\"}");
    access.grant("roles/keepers", "get,put:/cats/*");
    access.add("roles/keepers/users/fred");

    JsonNode data = allowed("fred", "GET", "/cats/fido");

    assertThat(data.path("method").asText()).isEqualTo("GET");
    assertThat(data.path("path").asText()).isEqualTo("/cats/fido");
    assertThat(data.path("checked_as").asText()).isEqualTo("/cats/fido");
    assertThat(data.path("user").path("uuid").asText()).isEqualTo(fredId);
    JsonNode by = data.path("by");
    assertThat(by.path("permission").asText()).isEqualTo("get,put:/cats/*");
    assertThat(by.path("from").asText()).isEqualTo("role");
    assertThat(by.path("name").asText()).isEqualTo("keepers");
    assertThat(by.path("through").path("from").asText()).isEqualTo("user");
    assertThat(by.path("through").path("uuid").asText()).isEqualTo(fredId);
    assertThat(considered(data))
        .containsExactly("role keepers get,put:/cats/*", "role default get:/news/*");
    Reply real = fred.get(path("cats/fido"));
    assertThat(real.status()).as(real.body()).isEqualTo(200);
  }

  @Test
  void names_the_group_whose_permission_allows() {
    access.create("groups", "{\"path\":\"rangers\"}");
    access.grant("groups/rangers", "get:/dogs/*");
    access.add("groups/rangers/users/fred");

    JsonNode by = allowed("fred", "get", "dogs/rex").path("by");

    assertThat(by.path("from").asText()).isEqualTo("group");
    assertThat(by.path("name").asText()).isEqualTo("rangers");
    assertThat(by.path("permission").asText()).isEqualTo("get:/dogs/*");
    assertThat(by.path("through").isNull()).isTrue();
    Reply real = fred.get(path("dogs/rex"));
    assertThat(real.status()).as(real.body()).isEqualTo(200);
  }

  @Test
  void names_the_role_a_group_of_the_user_holds() {
    String rangers = access.create("groups", "{\"path\":\"rangers\"}");
    access.create("roles", "{\"name\":\"walkers\"}");
    access.grant("roles/walkers", "post:/dogs/*/walks");
    access.add("groups/rangers/users/fred");
    access.add("groups/rangers/roles/walkers");

    JsonNode data = allowed("fred", "POST", "/dogs/rex/walks");

    JsonNode by = data.path("by");
    assertThat(by.path("from").asText()).isEqualTo("role");
    assertThat(by.path("name").asText()).isEqualTo("walkers");
    assertThat(by.path("through").path("from").asText()).isEqualTo("group");
    assertThat(by.path("through").path("uuid").asText()).isEqualTo(rangers);
    assertThat(by.path("through").path("name").asText()).isEqualTo("rangers");
  }

  @Test
  void names_a_permission_granted_to_the_user_itself() {
    access.grant("users/fred", "delete:/cats/*");

    JsonNode by = allowed(fredId, "DELETE", "/cats/fido").path("by");

    assertThat(by.path("from").asText()).isEqualTo("user");
    assertThat(by.path("uuid").asText()).isEqualTo(fredId);
    assertThat(by.path("name").asText()).isEqualTo("fred");
    assertThat(by.path("permission").asText()).isEqualTo("delete:/cats/*");
  }

  @Test
  void names_the_default_role_for_what_every_signed_in_user_may_do() {
    JsonNode by = allowed("fred", "HEAD", "/news/today").path("by");

    assertThat(by.path("from").asText()).isEqualTo("role");
    assertThat(by.path("name").asText()).isEqualTo("default");
    assertThat(by.path("through").isNull()).isTrue();
  }

  @Test
  void answers_for_an_anonymous_caller_by_the_guest_role() {
    JsonNode data = allowed(null, "POST", "/users");

    assertThat(data.path("user").isNull()).isTrue();
    assertThat(data.path("by").path("name").asText()).isEqualTo("guest");
    assertThat(data.path("by").path("permission").asText()).isEqualTo("post:/users");
    assertThat(considered(data))
        .containsExactlyInAnyOrder(
            "role guest post:/users", "role guest post:/devices", "role guest put:/devices/*");

    refused(null, "GET", "/news/today");
    assertThat(api.anonymous().get(path("news/today")).status()).isEqualTo(401);
  }

  @Test
  void a_refusal_names_no_grant_and_lists_what_the_user_holds() {
    access.create("roles", "{\"name\":\"keepers\"}");
    access.grant("roles/keepers", "get,put:/cats/*");
    access.add("users/fred/roles/keepers");

    JsonNode data = refused("fred", "DELETE", "/cats/fido");

    assertThat(data.path("reason").asText()).contains("No permission");
    assertThat(considered(data))
        .containsExactly("role keepers get,put:/cats/*", "role default get:/news/*");
    Reply real = fred.delete(path("cats/fido"));
    assertThat(real.status()).as(real.body()).isEqualTo(403);
  }

  @Test
  void a_user_reading_itself_is_allowed_whatever_its_roles_grant() {
    JsonNode data = allowed("fred", "GET", "/users/me");

    assertThat(data.path("reason").asText()).contains("itself");
    assertThat(fred.get(path("users/me")).status()).isEqualTo(200);
    refused("fred", "PUT", "/users/me");
  }

  @Test
  void paths_for_administrators_only_are_refused_whatever_a_permission_grants() {
    access.grant("users/fred", "get,put,post,delete:/**");

    JsonNode data = refused("fred", "POST", "/users/me/roles/admin");

    assertThat(data.path("rule").asText()).isEqualTo("administrators");
    assertThat(data.path("reason").asText()).contains("administrators");
    refused("fred", "GET", "/devices/_settings");
    refused("fred", "GET", "/_access");
  }

  @Test
  void checks_the_path_as_the_server_does() {
    access.grant("users/fred", "get:/users/${user}/**");

    JsonNode data = allowed("fred", "GET", "/Users/fred/Likes");
    assertThat(data.path("checked_as").asText()).isEqualTo("/users/" + fredId + "/likes");
    assertThat(data.path("by").path("permission").asText()).isEqualTo("get:/users/${user}/**");

    JsonNode query = refused("fred", "PUT", "/cats");
    assertThat(query.path("checked_as").asText()).isEqualTo("/cats/*");
  }

  @Test
  void refuses_callers_that_do_not_administer_the_application() {
    Reply user = simulate(fred, "fred", "GET", "/cats/fido");
    assertThat(user.status()).as(user.body()).isEqualTo(403);

    Reply anonymous = simulate(api.anonymous(), null, "GET", "/cats/fido");
    assertThat(anonymous.status()).as(anonymous.body()).isEqualTo(401);

    String otherApp = "other" + UUID.randomUUID().toString().substring(0, 8);
    Identities.Credentials pair = Identities.application(api.anonymous(), organization, otherApp);
    ApiClient otherClient =
        api.withToken(Identities.clientToken(api.anonymous(), org, otherApp, pair));
    Reply otherTenant = simulate(otherClient, "fred", "GET", "/cats/fido");
    assertThat(otherTenant.status()).as(otherTenant.body()).isEqualTo(401);

    Identities.Organization otherOrg = Identities.organization(api.anonymous(), "other" + org);
    Reply otherAdmin = simulate(api.withToken(otherOrg.adminToken()), "fred", "GET", "/cats/fido");
    assertThat(otherAdmin.status()).as(otherAdmin.body()).isEqualTo(403);

    Reply orgAdmin =
        simulate(api.withToken(organization.adminToken()), "fred", "GET", "/news/today");
    assertThat(orgAdmin.status()).as(orgAdmin.body()).isEqualTo(200);
  }

  @Test
  void bad_input_is_refused_with_an_error_in_the_usergrid_format() {
    record Case(String user, String method, String path, int status) {}
    for (Case bad :
        List.of(
            new Case("fred", "PATCH", "/cats/fido", 400),
            new Case("fred", "", "/cats/fido", 400),
            new Case("fred", "GET", "", 400),
            new Case("fred", "GET", "/", 400),
            new Case("fred", "GET", "/cats/../roles", 400),
            new Case("fred", "GET", "/cats/%2e%2e/roles", 400),
            new Case("fred", "GET", "/cats/a%2Fb", 400),
            new Case("fred", "GET", "/cats//fido", 400),
            new Case("fred", "GET", "/cats/fido?ql=select", 400),
            new Case("fred", "GET", "/" + "x".repeat(3000), 400),
            new Case("fred", "GET", "/9cats", 400),
            new Case("nobody", "GET", "/cats/fido", 404),
            new Case("x".repeat(300), "GET", "/cats/fido", 400))) {
      Reply reply = simulate(api, bad.user(), bad.method(), bad.path());
      assertThat(reply.status()).as(bad + ": " + reply.body()).isEqualTo(bad.status());
      assertThat(reply.json().path("error").asText()).as(reply.body()).isNotBlank();
      assertThat(reply.json().path("error_description").asText()).as(reply.body()).isNotBlank();
      assertThat(reply.body()).doesNotContain("Exception").doesNotContain("io.meridian");
    }
    Reply missing = api.get(path("_access?user=fred&path=%2Fcats"));
    assertThat(missing.status()).as(missing.body()).isEqualTo(400);
    for (String method : List.of("PUT", "POST", "DELETE")) {
      Reply other = api.call(method, path("_access?user=fred&method=GET&path=%2Fcats"));
      assertThat(other.status()).as(method + ": " + other.body()).isEqualTo(405);
    }
  }
}
