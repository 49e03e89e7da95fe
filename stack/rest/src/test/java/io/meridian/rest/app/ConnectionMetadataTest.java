package io.meridian.rest.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.rest.param.ConnectionsShown;
import org.junit.jupiter.api.Test;

class ConnectionMetadataTest {
  private static final String REX = "11111111-0000-1000-8000-000000000001";
  private static final String STORED =
      "{\"uuid\":\""
          + REX
          + "\",\"type\":\"dog\",\"metadata\":{\"path\":\"/dogs/"
          + REX
          + "\",\"connections\":{\"chases\":\"/dogs/"
          + REX
          + "/chases\"},\"connecting\":{\"likes\":\"/dogs/"
          + REX
          + "/connecting/likes\"}},\"name\":\"rex\"}";

  private static JsonNode metadata(String json) {
    return Json.parseStoredObject(json).path("metadata");
  }

  @Test
  void an_entity_reached_through_a_connection_carries_usergrids_paths_under_it() {
    String base = "/users/fred-uuid/likes";

    JsonNode metadata = metadata(ConnectionMetadata.render(STORED, base, ConnectionsShown.ALL));

    assertThat(metadata.path("path").asText()).isEqualTo(base + "/" + REX);
    assertThat(metadata.path("connecting").path("likes").asText())
        .isEqualTo(base + "/" + REX + "/connecting/likes");
    assertThat(metadata.path("connections").path("chases").asText())
        .isEqualTo(base + "/" + REX + "/chases");
  }

  @Test
  void an_entity_listed_inbound_connects_out_under_the_connecting_path() {
    String base = "/dogs/rex-uuid/connecting";

    JsonNode metadata = metadata(ConnectionMetadata.render(STORED, base, ConnectionsShown.ALL));

    assertThat(metadata.path("connections").path("chases").asText())
        .isEqualTo("/dogs/rex-uuid/connecting/" + REX + "/chases");
  }

  @Test
  void the_connections_parameter_chooses_which_maps_are_shown() {
    JsonNode none = metadata(ConnectionMetadata.render(STORED, null, ConnectionsShown.of("none")));
    assertThat(none.has("connections") || none.has("connecting")).isFalse();
    JsonNode in = metadata(ConnectionMetadata.render(STORED, null, ConnectionsShown.of("IN")));
    assertThat(in.has("connecting")).isTrue();
    assertThat(in.has("connections")).isFalse();
    JsonNode out = metadata(ConnectionMetadata.render(STORED, null, ConnectionsShown.of("out")));
    assertThat(out.has("connections")).isTrue();
    assertThat(out.has("connecting")).isFalse();
    assertThat(out.path("path").asText()).as("its own path kept").isEqualTo("/dogs/" + REX);
  }

  @Test
  void all_or_no_parameter_leaves_the_stored_text_as_it_is() {
    assertThat(ConnectionMetadata.render(STORED, null, ConnectionsShown.of(null))).isSameAs(STORED);
    assertThat(ConnectionMetadata.render(STORED, null, ConnectionsShown.of("all")))
        .isSameAs(STORED);
  }

  @Test
  void an_unknown_connections_value_is_a_400() {
    assertThatThrownBy(() -> ConnectionsShown.of("sideways"))
        .isInstanceOfSatisfying(
            MeridianException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.ILLEGAL_ARGUMENT));
  }
}
