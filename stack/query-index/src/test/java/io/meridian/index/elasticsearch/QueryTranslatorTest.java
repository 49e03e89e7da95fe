package io.meridian.index.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;

import co.elastic.clients.json.JsonpSerializable;
import co.elastic.clients.json.JsonpUtils;
import co.elastic.clients.json.jackson.JacksonJsonpMapper;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.meridian.index.query.QueryParser;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class QueryTranslatorTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JacksonJsonpMapper MAPPER = new JacksonJsonpMapper(JSON);

  private static JsonNode json(JsonpSerializable value) throws Exception {
    return JSON.readTree(JsonpUtils.toJsonString(value, MAPPER));
  }

  private static JsonNode where(String ql) throws Exception {
    return json(QueryTranslator.translate(QueryParser.parse(ql).where().orElseThrow()));
  }

  /** The filters inside the nested query on {@code fields}. */
  private static JsonNode nestedFilters(JsonNode query) {
    assertThat(query.at("/nested/path").asText()).isEqualTo("fields");
    return query.at("/nested/query/bool/filter");
  }

  @Test
  void string_equality_is_a_nested_term_on_the_lowercased_literal() throws Exception {
    JsonNode filters = nestedFilters(where("name = 'Fred'"));

    assertThat(filters.get(0).at("/term/fields.name/value").asText()).isEqualTo("name");
    assertThat(filters.get(1).at("/term/fields.string/value").asText()).isEqualTo("fred");
  }

  @Test
  void trailing_star_is_a_prefix_query() throws Exception {
    JsonNode filters = nestedFilters(where("name = 'FR*'"));

    assertThat(filters.get(1).at("/prefix/fields.string/value").asText()).isEqualTo("fr");
  }

  @Test
  void integers_within_double_precision_compare_on_double() throws Exception {
    JsonNode filters = nestedFilters(where("age >= 21"));

    assertThat(filters.get(1).at("/range/fields.double/gte").asLong()).isEqualTo(21);
  }

  @Test
  void integers_beyond_double_precision_compare_on_long() throws Exception {
    JsonNode filters = nestedFilters(where("n = 9007199254740993"));

    assertThat(filters.get(1).at("/term/fields.long/value").asLong()).isEqualTo(9007199254740993L);
  }

  @Test
  void decimals_booleans_and_uuids_use_their_subfields() throws Exception {
    UUID uuid = UUID.randomUUID();

    assertThat(nestedFilters(where("x < 1.5")).get(1).at("/range/fields.double/lt").asDouble())
        .isEqualTo(1.5);
    assertThat(
            nestedFilters(where("ok = true")).get(1).at("/term/fields.boolean/value").asBoolean())
        .isTrue();
    assertThat(
            nestedFilters(where("owner = " + uuid)).get(1).at("/term/fields.uuid/value").asText())
        .isEqualTo(uuid.toString());
  }

  @Test
  void uuid_property_and_created_use_top_level_fields() throws Exception {
    UUID uuid = UUID.randomUUID();

    assertThat(where("uuid = " + uuid).at("/term/uuid/value").asText()).isEqualTo(uuid.toString());
    assertThat(where("created > 100").at("/range/created/gt").asLong()).isEqualTo(100);
  }

  @Test
  void boolean_operators_map_to_bool_clauses() throws Exception {
    assertThat(where("a = 1 and b = 2").at("/bool/filter")).hasSize(2);
    assertThat(where("a = 1 or b = 2").at("/bool/should")).hasSize(2);
    assertThat(where("a = 1 or b = 2").at("/bool/minimum_should_match").asText()).isEqualTo("1");
    assertThat(where("not a = 1").at("/bool/must_not")).hasSize(1);
  }

  @Test
  void contains_matches_all_words_in_text() throws Exception {
    JsonNode filters = nestedFilters(where("bio contains 'Hiking Oslo'"));

    assertThat(filters.get(1).at("/match/fields.text/query").asText()).isEqualTo("Hiking Oslo");
    assertThat(filters.get(1).at("/match/fields.text/operator").asText())
        .isEqualToIgnoringCase("and");
  }

  @Test
  void search_filter_scopes_to_application_collection_and_live_documents() throws Exception {
    UUID app = UUID.randomUUID();
    JsonNode filter = json(QueryTranslator.filter(app, "users", null));

    assertThat(filter.at("/bool/filter/0/term/app_id/value").asText()).isEqualTo(app.toString());
    assertThat(filter.at("/bool/filter/1/term/collection/value").asText()).isEqualTo("users");
    assertThat(filter.at("/bool/must_not/0/term/deleted/value").asBoolean()).isTrue();
  }

  @Test
  void default_order_is_newest_first_then_uuid() throws Exception {
    List<JsonNode> sort = sort("");

    assertThat(sort).hasSize(2);
    assertThat(sort.get(0).at("/created/order").asText()).isEqualTo("desc");
    assertThat(sort.get(1).at("/uuid/order").asText()).isEqualTo("asc");
  }

  @Test
  void order_by_a_property_sorts_numbers_then_strings_then_booleans_inside_fields()
      throws Exception {
    List<JsonNode> sort = sort("order by name desc");

    assertThat(sort).hasSize(4);
    assertThat(sort.get(0).at("/fields.double/order").asText()).isEqualTo("desc");
    assertThat(sort.get(0).at("/fields.double/nested/path").asText()).isEqualTo("fields");
    assertThat(sort.get(0).at("/fields.double/nested/filter/term/fields.name/value").asText())
        .isEqualTo("name");
    assertThat(sort.get(1).has("fields.string")).isTrue();
    assertThat(sort.get(2).has("fields.boolean")).isTrue();
    assertThat(sort.get(3).has("uuid")).isTrue();
  }

  @Test
  void order_by_created_sorts_on_the_top_level_field() throws Exception {
    List<JsonNode> sort = sort("order by created asc");

    assertThat(sort.get(0).at("/created/order").asText()).isEqualTo("asc");
  }

  private static List<JsonNode> sort(String ql) throws Exception {
    return QueryTranslator.sort(QueryParser.parse(ql).orderBy()).stream()
        .map(
            s -> {
              try {
                return json(s);
              } catch (Exception e) {
                throw new AssertionError(e);
              }
            })
        .toList();
  }
}
