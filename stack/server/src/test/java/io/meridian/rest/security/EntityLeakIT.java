package io.meridian.rest.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.AppAccess;
import io.meridian.rest.support.MeridianIT;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Threat: an app user reads an entity it may not {@code GET} by reaching it another way. Every
 * entity a response carries passes the read check of a {@code GET} of it, whichever route led
 * there: connections both ways, a connected entity, a query over connections, memberships, fence
 * lookups, collection listings and the answers to writes.
 */
class EntityLeakIT extends MeridianIT {
  private static final String CLASSIFIED = "launch-code-4711";

  private AppAccess access;
  private ApiClient fred;
  private String secretId;

  @BeforeEach
  void fred_may_only_touch_his_own_user() {
    access = new AppAccess(api, org, app);
    access.user("fred");
    secretId =
        access.create("secrets", "{\"name\":\"topsecret\",\"classified\":\"" + CLASSIFIED + "\"}");
    access.create("dogs", "{\"name\":\"rex\"}");
    // The narrow permissions docs/identity.md recommends, plus reading dogs.
    access.restrictDefaultRole(
        "get,put,post,delete:/users/${user}/**", "get:/dogs/*", "get,post:/zones");
    fred = access.signIn("fred");
    AppAccess.awaitStatus(403, () -> fred.get(path("secrets/topsecret")));
  }

  private static void assertHidden(Reply reply) {
    assertThat(reply.body()).doesNotContain(CLASSIFIED);
  }

  @Test
  void connecting_to_an_unreadable_entity_answers_as_if_it_did_not_exist() {
    Reply byName = fred.post(path("users/me/likes/secrets/topsecret"), "");
    Reply missing = fred.post(path("users/me/likes/secrets/nosuchsecret"), "");
    assertThat(byName.status()).as(byName.body()).isEqualTo(404);
    assertThat(byName.error()).isEqualTo(missing.error());
    assertHidden(byName);

    Reply byUuid = fred.post(path("users/me/likes/" + secretId), "");
    assertThat(byUuid.status()).as(byUuid.body()).isEqualTo(404);
    assertHidden(byUuid);

    assertThat(access.listed("users/fred/likes", "uuid")).isEmpty();

    Reply readable = fred.post(path("users/me/likes/dogs/rex"), "");
    assertThat(readable.status()).as(readable.body()).isEqualTo(200);
    assertThat(readable.entity().path("name").asText()).isEqualTo("rex");
  }

  @Test
  void listings_and_fetches_through_connections_leave_unreadable_entities_out() {
    access.add("users/fred/likes/secrets/topsecret");
    access.add("users/fred/likes/dogs/rex");
    access.add("secrets/topsecret/watches/users/fred");

    Reply outbound = fred.get(path("users/me/likes"));
    assertThat(outbound.status()).as(outbound.body()).isEqualTo(200);
    assertThat(outbound.uuids()).doesNotContain(secretId).hasSize(1);
    assertHidden(outbound);

    Reply queried = fred.get(path("users/me/likes?ql=" + ApiClient.encode("select *")));
    assertThat(queried.uuids()).doesNotContain(secretId);
    assertHidden(queried);

    Reply inbound = fred.get(path("users/me/connecting/watches"));
    assertThat(inbound.status()).as(inbound.body()).isEqualTo(200);
    assertThat(inbound.uuids()).isEmpty();
    assertHidden(inbound);

    Reply one = fred.get(path("users/me/likes/" + secretId));
    assertThat(one.status()).as(one.body()).isEqualTo(404);
    assertHidden(one);

    Reply otherSpelling = fred.get(path("users/me/connections/likes"));
    assertThat(otherSpelling.status()).as(otherSpelling.body()).isEqualTo(200);
    assertThat(otherSpelling.uuids()).doesNotContain(secretId).hasSize(1);
    assertHidden(otherSpelling);

    Reply oneByName = fred.get(path("users/me/likes/topsecret"));
    Reply noneByName = fred.get(path("users/me/likes/nosuchsecret"));
    assertThat(oneByName.status()).as(oneByName.body()).isEqualTo(404);
    assertThat(oneByName.error()).isEqualTo(noneByName.error());
    assertThat(oneByName.json().path("error_description").asText().replace("topsecret", "x"))
        .as("an unreadable entity's name is answered as a missing one")
        .isEqualTo(
            noneByName.json().path("error_description").asText().replace("nosuchsecret", "x"));
    assertHidden(oneByName);

    Reply disconnected = fred.delete(path("users/me/likes/secrets/topsecret"));
    assertThat(disconnected.status()).as(disconnected.body()).isEqualTo(404);
    assertHidden(disconnected);
    Reply disconnectedByName = fred.delete(path("users/me/likes/topsecret"));
    assertThat(disconnectedByName.status()).as(disconnectedByName.body()).isEqualTo(404);
    assertThat(disconnectedByName.error()).isEqualTo(noneByName.error());
    assertHidden(disconnectedByName);
    assertThat(access.listed("users/fred/likes", "uuid")).contains(secretId);
  }

  @Test
  void a_write_without_a_read_permission_answers_with_the_identity_only() {
    access.grant("users/fred", "put:/secrets/*");
    AppAccess.awaitStatus(
        200, () -> fred.put(path("secrets/other"), "{\"classified\":\"" + CLASSIFIED + "\"}"));

    Reply updated = fred.put(path("secrets/topsecret"), "{\"note\":\"mine now\"}");
    assertThat(updated.status()).as(updated.body()).isEqualTo(200);
    assertHidden(updated);
    assertThat(updated.entity().path("uuid").asText()).isEqualTo(secretId);
    assertThat(updated.entity().has("note")).isFalse();
  }

  @Test
  void a_write_by_query_needs_a_permission_on_every_entity_it_may_change() {
    String all = ApiClient.encode("select *");
    access.grant("users/fred", "put,delete:/secrets");
    AppAccess.awaitStatus(403, () -> fred.get(path("secrets/topsecret")));

    Reply updated = fred.put(path("secrets?ql=" + all), "{\"note\":\"mine now\"}");
    Reply deleted = fred.delete(path("secrets?ql=" + all));
    assertThat(updated.status()).as(updated.body()).isEqualTo(403);
    assertThat(deleted.status()).as(deleted.body()).isEqualTo(403);
    assertThat(api.get(path("secrets/topsecret")).entity().has("note")).isFalse();

    access.grant("users/fred", "put:/secrets/*");
    Reply allowed =
        AppAccess.awaitStatus(
            200, () -> fred.put(path("secrets?ql=" + all), "{\"note\":\"mine now\"}"));
    assertHidden(allowed);
  }

  @Test
  void a_put_to_a_collection_that_creates_needs_the_permission_to_post_there() {
    assertThat(api.post(path("diaries"), "{\"note\":\"first\"}").status()).isEqualTo(200);
    access.grant("users/fred", "put:/diaries/*");
    String all = ApiClient.encode("select *");
    // The grant has reached the node once a write by query is allowed (it changes nothing here).
    AppAccess.awaitStatus(200, () -> fred.put(path("diaries?ql=" + all), "{\"note\":\"x\"}"));

    Reply refused = fred.put(path("diaries"), "{\"note\":\"mine\"}");
    assertThat(refused.status()).as(refused.body()).isEqualTo(403);
    assertThat(api.get(path("diaries")).uuids()).hasSize(1);

    access.grant("users/fred", "post:/diaries");
    AppAccess.awaitStatus(200, () -> fred.put(path("diaries"), "{\"note\":\"mine\"}"));
    assertThat(api.get(path("diaries?ql=" + ApiClient.encode("note = 'mine'"))).uuids()).hasSize(1);
  }

  @Test
  void memberships_list_only_readable_groups() {
    access.create("groups", "{\"path\":\"cabal\",\"classified\":\"" + CLASSIFIED + "\"}");
    access.add("groups/cabal/users/fred");

    Reply groups = fred.get(path("users/me/groups"));
    assertThat(groups.status()).as(groups.body()).isEqualTo(200);
    assertThat(groups.uuids()).isEmpty();
    assertHidden(groups);
  }

  @Test
  void a_collection_listing_and_a_fence_lookup_show_only_readable_entities() {
    access.create(
        "zones",
        "{\"name\":\"vault\",\"classified\":\""
            + CLASSIFIED
            + "\",\"geometry\":{\"type\":\"Polygon\",\"coordinates\":"
            + "[[[13.0,52.0],[14.0,52.0],[14.0,53.0],[13.0,53.0],[13.0,52.0]]]}}");

    Reply listed = fred.get(path("zones"));
    assertThat(listed.status()).as(listed.body()).isEqualTo(200);
    assertHidden(listed);

    Reply lookup =
        fred.post(path("zones/_contains"), "{\"points\":[{\"latitude\":52.5,\"longitude\":13.4}]}");
    assertThat(lookup.status()).as(lookup.body()).isEqualTo(200);
    assertHidden(lookup);
  }
}
