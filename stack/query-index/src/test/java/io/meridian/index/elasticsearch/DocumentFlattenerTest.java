package io.meridian.index.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.index.IndexOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class DocumentFlattenerTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final UUID APP = UUID.fromString("00000000-0000-1000-8000-000000000001");
  private static final UUID ENTITY = UUID.fromString("6f1c3e2a-9b7d-11ee-8c90-0242ac120002");

  private static final Set<String> MAPPED_ENTRY_FIELDS =
      Set.of("name", "string", "text", "long", "double", "boolean", "location", "uuid");

  private final DocumentFlattener flattener = new DocumentFlattener(2000);

  private static IndexOperation.Upsert upsert(String json) throws Exception {
    return new IndexOperation.Upsert(APP, "users", ENTITY, 7, (ObjectNode) JSON.readTree(json));
  }

  private static List<JsonNode> entries(ObjectNode document, String name) {
    List<JsonNode> found = new ArrayList<>();
    document
        .get("fields")
        .forEach(
            e -> {
              if (e.get("name").asText().equals(name)) {
                found.add(e);
              }
            });
    return found;
  }

  @Test
  void entries_are_named_by_their_folded_path_so_queries_find_them_in_any_case() throws Exception {
    ObjectNode document =
        flattener.upsert(upsert("{\"Ordinal\": 3, \"Place\": {\"City\": \"Oslo\"}}")).source();

    assertThat(entries(document, "ordinal")).hasSize(1);
    assertThat(entries(document, "place.city")).hasSize(1);
    assertThat(entries(document, "Ordinal")).isEmpty();
  }

  @Test
  void metadata_comes_from_the_operation_and_the_built_ins() throws Exception {
    ObjectNode document =
        flattener
            .upsert(
                upsert(
                    "{\"uuid\":\""
                        + ENTITY
                        + "\",\"type\":\"user\",\"created\":10,\"modified\":20}"))
            .source();

    assertThat(document.get("app_id").asText()).isEqualTo(APP.toString());
    assertThat(document.get("collection").asText()).isEqualTo("users");
    assertThat(document.get("uuid").asText()).isEqualTo(ENTITY.toString());
    assertThat(document.get("created").asLong()).isEqualTo(10);
    assertThat(document.get("modified").asLong()).isEqualTo(20);
    assertThat(document.get("deleted").asBoolean()).isFalse();
  }

  @Test
  void strings_become_keyword_text_and_uuid_when_they_look_like_one() throws Exception {
    ObjectNode document =
        flattener
            .upsert(
                upsert("{\"name\":\"Fred\",\"owner\":\"" + ENTITY.toString().toUpperCase() + "\"}"))
            .source();

    JsonNode name = entries(document, "name").get(0);
    assertThat(name.get("string").asText()).isEqualTo("Fred");
    assertThat(name.get("text").asText()).isEqualTo("Fred");
    assertThat(name.has("uuid")).isFalse();
    assertThat(entries(document, "owner").get(0).get("uuid").asText()).isEqualTo(ENTITY.toString());
  }

  @Test
  void integers_go_to_long_and_double_and_decimals_to_double_only() throws Exception {
    ObjectNode document =
        flattener
            .upsert(upsert("{\"i\":5,\"d\":2.5,\"big\":123456789012345678901234567890}"))
            .source();

    assertThat(entries(document, "i").get(0).get("long").asLong()).isEqualTo(5);
    assertThat(entries(document, "i").get(0).get("double").asDouble()).isEqualTo(5.0);
    assertThat(entries(document, "d").get(0).has("long")).isFalse();
    assertThat(entries(document, "d").get(0).get("double").asDouble()).isEqualTo(2.5);
    assertThat(entries(document, "big").get(0).has("long")).isFalse();
    assertThat(entries(document, "big").get(0).get("double").asDouble())
        .isEqualTo(1.2345678901234568e29);
  }

  @Test
  void booleans_and_nested_objects_use_dotted_paths() throws Exception {
    ObjectNode document =
        flattener
            .upsert(upsert("{\"address\":{\"city\":\"Oslo\",\"geo\":{\"ok\":true}}}"))
            .source();

    assertThat(entries(document, "address.city").get(0).get("string").asText()).isEqualTo("Oslo");
    assertThat(entries(document, "address.geo.ok").get(0).get("boolean").asBoolean()).isTrue();
  }

  @Test
  void arrays_produce_one_entry_per_element_and_nulls_none() throws Exception {
    ObjectNode document =
        flattener.upsert(upsert("{\"tags\":[\"a\",\"b\",[\"c\"],null],\"gone\":null}")).source();

    assertThat(entries(document, "tags"))
        .extracting(e -> e.get("string").asText())
        .containsExactly("a", "b", "c");
    assertThat(entries(document, "gone")).isEmpty();
  }

  @Test
  void latitude_longitude_objects_and_geojson_points_become_locations() throws Exception {
    ObjectNode document =
        flattener
            .upsert(
                upsert(
                    "{\"location\":{\"latitude\":59.9,\"longitude\":10.7},"
                        + "\"shape\":{\"type\":\"Point\",\"coordinates\":[10.7,59.9]},"
                        + "\"bad\":{\"latitude\":91,\"longitude\":0}}"))
            .source();

    JsonNode location = entries(document, "location").get(0).get("location");
    assertThat(location.get("lat").asDouble()).isEqualTo(59.9);
    assertThat(location.get("lon").asDouble()).isEqualTo(10.7);
    assertThat(entries(document, "location.latitude").get(0).get("double").asDouble())
        .isEqualTo(59.9);
    assertThat(entries(document, "shape").get(0).get("location").get("lat").asDouble())
        .isEqualTo(59.9);
    assertThat(entries(document, "bad")).isEmpty();
  }

  @Test
  void locations_need_numeric_coordinates_in_range_and_may_carry_more_properties()
      throws Exception {
    ObjectNode document =
        flattener
            .upsert(
                upsert(
                    "{\"gps\":{\"latitude\":-33.9,\"longitude\":151.2,\"accuracy\":5},"
                        + "\"text\":{\"latitude\":\"59.9\",\"longitude\":\"10.7\"},"
                        + "\"east\":{\"latitude\":0,\"longitude\":181}}"))
            .source();

    assertThat(entries(document, "gps").get(0).get("location").get("lon").asDouble())
        .isEqualTo(151.2);
    assertThat(entries(document, "gps.accuracy")).hasSize(1);
    assertThat(entries(document, "text")).isEmpty();
    assertThat(entries(document, "text.latitude").get(0).get("string").asText()).isEqualTo("59.9");
    assertThat(entries(document, "east")).isEmpty();
    assertThat(entries(document, "east.longitude").get(0).get("double").asDouble()).isEqualTo(181);
  }

  @Test
  void metadata_property_is_not_indexed() throws Exception {
    ObjectNode document =
        flattener.upsert(upsert("{\"metadata\":{\"path\":\"/users/x\"}}")).source();

    assertThat(document.get("fields")).isEmpty();
  }

  @Test
  void entries_only_use_fields_the_strict_mapping_declares() throws Exception {
    ObjectNode document =
        flattener
            .upsert(
                upsert(
                    "{\"a\":\"x\",\"b\":1,\"c\":1.5,\"d\":false,\"e\":{\"latitude\":1,\"longitude\":2}}"))
            .source();

    document
        .get("fields")
        .forEach(entry -> assertThat(MAPPED_ENTRY_FIELDS).containsAll(iterable(entry)));
    assertThat(iterable(document))
        .containsExactlyInAnyOrder("app_id", "collection", "uuid", "deleted", "fields");
  }

  @Test
  void values_beyond_the_cap_are_dropped_after_the_built_ins() throws Exception {
    DocumentFlattener capped = new DocumentFlattener(3);
    StringBuilder json = new StringBuilder("{\"p0\":0,\"p1\":1,\"p2\":2,\"p3\":3,\"name\":\"n\"}");

    DocumentFlattener.Document document = capped.upsert(upsert(json.toString()));

    assertThat(document.truncated()).isTrue();
    assertThat(document.source().get("fields")).hasSize(3);
    assertThat(entries(document.source(), "name")).hasSize(1);
  }

  @Test
  void long_strings_are_truncated_for_full_text_only() throws Exception {
    String big = "x".repeat(DocumentFlattener.MAX_TEXT_LENGTH + 10);
    ObjectNode document = flattener.upsert(upsert("{\"bio\":\"" + big + "\"}")).source();

    JsonNode entry = entries(document, "bio").get(0);
    assertThat(entry.get("text").asText()).hasSize(DocumentFlattener.MAX_TEXT_LENGTH);
    assertThat(entry.get("string").asText()).hasSize(big.length());
  }

  @Test
  void tombstones_carry_metadata_and_the_deleted_flag_only() {
    ObjectNode tombstone = flattener.tombstone(new IndexOperation.Delete(APP, "users", ENTITY, 9));

    assertThat(tombstone.get("deleted").asBoolean()).isTrue();
    assertThat(iterable(tombstone))
        .containsExactlyInAnyOrder("app_id", "collection", "uuid", "deleted");
  }

  private static List<String> iterable(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
