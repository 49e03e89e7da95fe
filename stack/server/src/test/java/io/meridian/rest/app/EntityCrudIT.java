package io.meridian.rest.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.Identities;
import io.meridian.rest.support.MeridianIT;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class EntityCrudIT extends MeridianIT {

  @Test
  void post_creates_an_entity_in_the_usergrid_format() {
    Reply reply = api.post(path("dogs"), "{\"name\":\"fido\",\"color\":\"brown\",\"age\":3}");

    assertThat(reply.status()).isEqualTo(200);
    JsonNode envelope = reply.json();
    assertThat(envelope.path("action").asText()).isEqualTo("post");
    assertThat(envelope.path("organization").asText()).isEqualTo(org);
    assertThat(envelope.path("applicationName").asText()).isEqualTo(app);
    assertThat(UUID.fromString(envelope.path("application").asText()).version()).isEqualTo(1);
    assertThat(envelope.path("path").asText()).isEqualTo("/dogs");
    assertThat(envelope.path("uri").asText()).endsWith("/" + org + "/" + app + "/dogs");
    assertThat(envelope.path("timestamp").asLong()).isPositive();
    assertThat(envelope.has("duration")).isTrue();
    JsonNode dog = reply.entity();
    UUID uuid = UUID.fromString(dog.path("uuid").asText());
    assertThat(uuid.version()).isEqualTo(1);
    assertThat(dog.path("type").asText()).isEqualTo("dog");
    assertThat(dog.path("name").asText()).isEqualTo("fido");
    assertThat(dog.path("color").asText()).isEqualTo("brown");
    assertThat(dog.path("age").asInt()).isEqualTo(3);
    assertThat(dog.path("created").asLong()).isEqualTo(dog.path("modified").asLong()).isPositive();
    assertThat(dog.at("/metadata/path").asText()).isEqualTo("/dogs/" + uuid);
  }

  @Test
  void get_finds_an_entity_by_uuid_and_by_name_in_either_collection_spelling() {
    String uuid = api.post(path("cats"), "{\"name\":\"Tom\"}").entity().path("uuid").asText();

    assertThat(api.get(path("cats") + "/" + uuid).entity().path("name").asText()).isEqualTo("Tom");
    assertThat(api.get(path("cat") + "/" + uuid).entity().path("uuid").asText()).isEqualTo(uuid);
    assertThat(api.get(path("cats") + "/Tom").entity().path("uuid").asText()).isEqualTo(uuid);
    assertThat(api.get(path("cats") + "/tom").entity().path("uuid").asText()).isEqualTo(uuid);
  }

  /**
   * Usergrid answers one entity's read, update and delete with the collection's path, and its SDKs
   * rely on it (the Node SDK makes a {@code /users/me} answer its {@code user} only when {@code
   * path} is {@code /users}); the entity's own path stays in {@code metadata.path}.
   */
  @Test
  void one_entitys_answers_carry_the_collections_path_and_me_needs_a_user_as_usergrids_do() {
    String uuid = api.post(path("cats"), "{\"name\":\"felix\"}").entity().path("uuid").asText();

    for (Reply reply :
        List.of(
            api.get(path("cats") + "/felix"),
            api.put(path("cats") + "/" + uuid, "{\"age\":2}"),
            api.delete(path("cats") + "/felix"))) {
      assertThat(reply.status()).as(reply.body()).isEqualTo(200);
      assertThat(reply.json().path("path").asText()).isEqualTo("/cats");
      assertThat(reply.entity().at("/metadata/path").asText()).isEqualTo("/cats/" + uuid);
    }
    String user = Identities.user(api, org, app, "tabby");
    Reply me =
        api.anonymous()
            .withToken(Identities.userToken(api, org, app, "tabby"))
            .get(path("users") + "/me");
    assertThat(me.status()).as(me.body()).isEqualTo(200);
    assertThat(me.json().path("path").asText()).isEqualTo("/users");
    assertThat(me.entity().path("uuid").asText()).isEqualTo(user);

    // Without a signed-in user (here the application's client), /users/me names nobody.
    Reply nobody = api.get(path("users") + "/me");
    assertThat(nobody.status()).as(nobody.body()).isEqualTo(404);
    assertThat(nobody.json().path("error").asText()).isEqualTo("service_resource_not_found");
  }

  @Test
  void post_of_an_array_creates_each_entity() {
    Reply reply = api.post(path("birds"), "[{\"name\":\"a\"},{\"name\":\"b\"},{\"k\":1}]");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.json().path("entities")).hasSize(3);
    assertThat(reply.json().path("count").asInt()).isEqualTo(3);
    for (JsonNode bird : reply.json().path("entities")) {
      assertThat(api.get(path("birds") + "/" + bird.path("uuid").asText()).status()).isEqualTo(200);
    }
  }

  @Test
  void put_merges_properties_and_removes_those_set_to_null() {
    JsonNode dog = api.post(path("dogs"), "{\"name\":\"rex\",\"a\":1,\"b\":2}").entity();
    String uuid = dog.path("uuid").asText();

    Reply reply = api.put(path("dogs") + "/" + uuid, "{\"b\":20,\"c\":30,\"a\":null}");

    assertThat(reply.status()).isEqualTo(200);
    JsonNode updated = api.get(path("dogs") + "/" + uuid).entity();
    assertThat(updated.has("a")).isFalse();
    assertThat(updated.path("b").asInt()).isEqualTo(20);
    assertThat(updated.path("c").asInt()).isEqualTo(30);
    assertThat(updated.path("name").asText()).isEqualTo("rex");
    assertThat(updated.path("created").asLong()).isEqualTo(dog.path("created").asLong());
    assertThat(updated.path("modified").asLong())
        .isGreaterThanOrEqualTo(dog.path("modified").asLong());
  }

  @Test
  void put_by_an_unknown_name_creates_the_entity() {
    Reply reply = api.put(path("horses") + "/silver", "{\"speed\":9}");

    assertThat(reply.status()).isEqualTo(200);
    JsonNode horse = api.get(path("horses") + "/silver").entity();
    assertThat(horse.path("speed").asInt()).isEqualTo(9);
    assertThat(horse.path("name").asText()).isEqualTo("silver");
  }

  @Test
  void put_renames_an_entity_and_frees_the_old_name() {
    String uuid = api.post(path("fish"), "{\"name\":\"nemo\"}").entity().path("uuid").asText();

    assertThat(api.put(path("fish") + "/" + uuid, "{\"name\":\"dory\"}").status()).isEqualTo(200);

    assertThat(api.get(path("fish") + "/dory").entity().path("uuid").asText()).isEqualTo(uuid);
    assertThat(api.get(path("fish") + "/nemo").status()).isEqualTo(404);
    assertThat(api.post(path("fish"), "{\"name\":\"nemo\"}").status()).isEqualTo(200);
  }

  @Test
  void delete_removes_the_entity_and_frees_its_name() {
    String uuid = api.post(path("mice"), "{\"name\":\"jerry\"}").entity().path("uuid").asText();

    Reply deleted = api.delete(path("mice") + "/jerry");

    assertThat(deleted.status()).isEqualTo(200);
    assertThat(deleted.json().path("action").asText()).isEqualTo("delete");
    assertThat(deleted.entity().path("uuid").asText()).isEqualTo(uuid);
    assertThat(api.get(path("mice") + "/" + uuid).status()).isEqualTo(404);
    assertThat(api.get(path("mice") + "/jerry").error()).isEqualTo("entity_not_found");
    assertThat(api.post(path("mice"), "{\"name\":\"jerry\"}").status()).isEqualTo(200);
  }

  @Test
  void an_entity_is_not_found_through_another_collection() {
    String uuid = api.post(path("dogs"), "{\"k\":1}").entity().path("uuid").asText();

    assertThat(api.get(path("cats") + "/" + uuid).status()).isEqualTo(404);
  }

  @Test
  void names_are_unique_per_collection_not_across_collections() {
    assertThat(api.post(path("dogs"), "{\"name\":\"buddy\"}").status()).isEqualTo(200);
    assertThat(api.post(path("cats"), "{\"name\":\"buddy\"}").status()).isEqualTo(200);

    Reply duplicate = api.post(path("dogs"), "{\"name\":\"Buddy\"}");

    assertThat(duplicate.status()).isEqualTo(400);
    assertThat(duplicate.error()).isEqualTo("duplicate_unique_property_exists");
  }

  @Test
  void an_unknown_application_is_404_on_read() {
    // Told to those who would see it if it existed (ApplicationEnumerationIT covers the others).
    Reply reply =
        api.withToken(organization.adminToken())
            .get("/" + org + "/no-such-app/dogs/" + UUID.randomUUID());

    assertThat(reply.status()).isEqualTo(404);
    assertThat(reply.error()).isEqualTo("organization_application_not_found");
  }
}
