package io.meridian.core.entity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** {@link EntityDocuments#withConnectionMetadata}: a loaded entity's verbs in its metadata. */
class ConnectionMetadataTest {
  private static final UUID UUID_1 = UUID.fromString("5a8b8f10-c98d-11f0-8000-000000000001");
  private static final String STORED =
      "{\"uuid\":\""
          + UUID_1
          + "\",\"type\":\"user\",\"metadata\":{\"path\":\"/users/"
          + UUID_1
          + "\"},\"color\":\"brown\"}";

  @Test
  void returns_the_stored_text_itself_when_there_are_no_verbs() {
    String rendered =
        EntityDocuments.withConnectionMetadata(STORED, "users", UUID_1, Set.of(), Set.of());

    assertThat(rendered).isSameAs(STORED);
  }

  @Test
  void renders_outgoing_verbs_as_connections_paths_in_name_order() {
    ObjectNode entity =
        Json.parseStoredObject(
            EntityDocuments.withConnectionMetadata(
                STORED, "users", UUID_1, Set.of("likes", "follows"), Set.of()));

    ObjectNode connections = (ObjectNode) entity.at("/metadata/connections");
    assertThat(connections.fieldNames()).toIterable().containsExactly("follows", "likes");
    assertThat(connections.get("likes").asText()).isEqualTo("/users/" + UUID_1 + "/likes");
    assertThat(entity.at("/metadata/connecting").isMissingNode()).isTrue();
  }

  @Test
  void renders_incoming_verbs_as_connecting_paths_in_name_order() {
    ObjectNode entity =
        Json.parseStoredObject(
            EntityDocuments.withConnectionMetadata(
                STORED, "users", UUID_1, Set.of(), List.of("owns", "likes")));

    ObjectNode connecting = (ObjectNode) entity.at("/metadata/connecting");
    assertThat(connecting.fieldNames()).toIterable().containsExactly("likes", "owns");
    assertThat(connecting.get("owns").asText()).isEqualTo("/users/" + UUID_1 + "/connecting/owns");
    assertThat(entity.at("/metadata/connections").isMissingNode()).isTrue();
  }

  @Test
  void keeps_every_other_property_and_the_path_in_place() {
    ObjectNode entity =
        Json.parseStoredObject(
            EntityDocuments.withConnectionMetadata(
                STORED, "users", UUID_1, Set.of("likes"), Set.of("likes")));

    assertThat(entity.fieldNames())
        .toIterable()
        .containsExactly("uuid", "type", "metadata", "color");
    assertThat(entity.get("metadata").fieldNames())
        .toIterable()
        .containsExactly("path", "connections", "connecting");
    assertThat(entity.at("/metadata/path").asText()).isEqualTo("/users/" + UUID_1);
  }

  @Test
  void stored_user_properties_of_a_rendered_entity_never_carry_the_verbs() {
    String rendered =
        EntityDocuments.withConnectionMetadata(STORED, "users", UUID_1, Set.of("likes"), Set.of());

    assertThat(EntityDocuments.storedUserProperties(rendered).fieldNames())
        .toIterable()
        .containsExactly("color");
  }
}
