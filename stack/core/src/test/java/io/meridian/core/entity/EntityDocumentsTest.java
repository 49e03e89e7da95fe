package io.meridian.core.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class EntityDocumentsTest {
  private static final CollectionName DOGS = CollectionName.of("dogs");

  private static JsonNode json(String text) throws Exception {
    return Json.MAPPER.readTree(text);
  }

  @Test
  void ignores_system_properties_in_a_body() throws Exception {
    ObjectNode properties =
        EntityDocuments.userProperties(
            json(
                "{\"uuid\":\"x\",\"type\":\"cat\",\"created\":1,\"modified\":2,"
                    + "\"metadata\":{\"path\":\"/evil\"},\"color\":\"brown\"}"),
            DOGS);

    assertThat(properties.fieldNames()).toIterable().containsExactly("color");
  }

  @Test
  void rejects_a_body_that_is_not_an_object() {
    assertThatThrownBy(() -> EntityDocuments.userProperties(json("[1,2]"), DOGS))
        .isInstanceOf(MeridianException.class)
        .hasMessageContaining("an array");
    assertThatThrownBy(() -> EntityDocuments.userProperties(json("\"text\""), DOGS))
        .hasMessageContaining("a string");
  }

  @Test
  void rejects_a_name_that_is_neither_a_string_nor_a_number() {
    assertThatThrownBy(() -> EntityDocuments.userProperties(json("{\"name\": true}"), DOGS))
        .isInstanceOf(MeridianException.class)
        .extracting(e -> ((MeridianException) e).code())
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }

  @Test
  void takes_a_numeric_name_as_its_text_as_usergrid_does() throws Exception {
    assertThat(EntityDocuments.userProperties(json("{\"name\": 42}"), DOGS).get("name").asText())
        .isEqualTo("42");
    assertThat(
            EntityDocuments.userProperties(json("{\"name\": 4.5}"), DOGS).get("name").isTextual())
        .isTrue();
  }

  @Test
  void takes_a_name_that_looks_like_a_uuid_as_usergrid_does() throws Exception {
    String uuid = UUID.randomUUID().toString();

    assertThat(
            EntityDocuments.userProperties(json("{\"name\": \"" + uuid + "\"}"), DOGS)
                .get("name")
                .asText())
        .isEqualTo(uuid);
  }

  @Test
  void still_rejects_a_uuid_username_and_a_numeric_one() {
    CollectionName users = CollectionName.of("users");
    String uuid = UUID.randomUUID().toString();

    assertThatThrownBy(
            () -> EntityDocuments.userProperties(json("{\"username\": \"" + uuid + "\"}"), users))
        .hasMessageContaining("must not be a UUID");
    assertThatThrownBy(() -> EntityDocuments.userProperties(json("{\"username\": 42}"), users))
        .isInstanceOf(MeridianException.class);
  }

  @Test
  void still_rejects_me_as_a_username() {
    assertThatThrownBy(
            () ->
                EntityDocuments.userProperties(
                    json("{\"username\": \"Me\"}"), CollectionName.of("users")))
        .isInstanceOf(MeridianException.class);
  }

  @Test
  void rejects_blank_property_names() {
    assertThatThrownBy(() -> EntityDocuments.userProperties(json("{\" \": 1}"), DOGS))
        .isInstanceOf(MeridianException.class);
  }

  @Test
  void renders_system_properties_first_then_user_properties() throws Exception {
    UUID uuid = UUID.fromString("5a8b8f10-c98d-11f0-8000-000000000001");
    ObjectNode properties = (ObjectNode) json("{\"color\":\"brown\",\"name\":\"fido\"}");

    ObjectNode rendered =
        EntityDocuments.render(uuid, CollectionName.of("dogs"), 10L, 20L, properties);

    assertThat(List.of(rendered.fieldNames()).get(0))
        .toIterable()
        .containsExactly("uuid", "type", "name", "created", "modified", "metadata", "color");
    assertThat(rendered.get("type").asText()).isEqualTo("dog");
    assertThat(rendered.at("/metadata/path").asText()).isEqualTo("/dogs/" + uuid);
  }

  @Test
  void stored_user_properties_drop_the_system_ones() throws Exception {
    String stored =
        "{\"uuid\":\"u\",\"type\":\"dog\",\"name\":\"fido\",\"created\":1,\"modified\":2,"
            + "\"metadata\":{\"path\":\"/dogs/u\"},\"color\":\"brown\"}";

    ObjectNode properties = EntityDocuments.storedUserProperties(stored);

    assertThat(properties.fieldNames()).toIterable().containsExactly("name", "color");
  }

  @Test
  void a_user_carries_usergrids_sets_of_roles_and_permissions_and_nothing_else_does() {
    UUID uuid = UUID.randomUUID();
    ObjectNode user = EntityDocuments.render(uuid, CollectionName.of("users"), 1, 1, Json.object());
    ObjectNode dog = EntityDocuments.render(uuid, DOGS, 1, 1, Json.object());

    assertThat(user.at("/metadata/sets/rolenames").asText()).isEqualTo("/users/" + uuid + "/roles");
    assertThat(user.at("/metadata/sets/permissions").asText())
        .isEqualTo("/users/" + uuid + "/permissions");
    assertThat(dog.at("/metadata").has("sets")).isFalse();
  }
}
