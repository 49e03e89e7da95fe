package io.meridian.index.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import co.elastic.clients.json.JsonpSerializable;
import co.elastic.clients.json.JsonpUtils;
import co.elastic.clients.json.jackson.JacksonJsonpMapper;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.meridian.core.index.IndexQuery;
import io.meridian.index.query.Condition;
import io.meridian.index.query.QueryParser;
import io.meridian.index.query.UsergridQueryLanguage;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
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
  void contains_with_a_trailing_star_makes_the_last_word_a_prefix() throws Exception {
    JsonNode filters = nestedFilters(where("bio contains 'mountain hik*'"));

    assertThat(filters.get(1).at("/match_bool_prefix/fields.text/query").asText())
        .isEqualTo("mountain hik");
    assertThat(filters.get(1).at("/match_bool_prefix/fields.text/operator").asText())
        .isEqualToIgnoringCase("and");
  }

  @Test
  void contains_a_lone_star_finds_any_text() throws Exception {
    JsonNode filters = nestedFilters(where("bio contains '*'"));

    assertThat(filters.get(1).at("/exists/field").asText()).isEqualTo("fields.text");
  }

  @Test
  void within_is_a_nested_arc_distance_filter_on_the_named_locations() throws Exception {
    JsonNode filters =
        nestedFilters(
            json(
                QueryTranslator.translate(
                    new Condition.Within("home.location", 1500.5, 59.9139, 10.7522))));

    assertThat(filters.get(0).at("/term/fields.name/value").asText()).isEqualTo("home.location");
    JsonNode distance = filters.get(1).get("geo_distance");
    assertThat(distance.get("distance").asText()).isEqualTo("1500.5m");
    assertThat(distance.get("distance_type").asText()).isEqualTo("arc");
    assertThat(distance.at("/fields.location/lat").asDouble()).isEqualTo(59.9139);
    assertThat(distance.at("/fields.location/lon").asDouble()).isEqualTo(10.7522);
  }

  @Test
  void within_combines_with_and_or_not() throws Exception {
    JsonNode query =
        where(
            "location within 1000 of 59.9, 10.7 and (age > 30 or not location within 10 of 1, 2)");

    assertThat(query.at("/bool/filter/0/nested/query/bool/filter/1/geo_distance/distance").asText())
        .isEqualTo("1000.0m");
    assertThat(
            query
                .at(
                    "/bool/filter/1/bool/should/1/bool/must_not/0/nested/query/bool/filter/1"
                        + "/geo_distance/distance")
                .asText())
        .isEqualTo("10.0m");
  }

  @Test
  void refuses_a_point_containment_which_only_in_memory_indexes_answer() {
    assertThatThrownBy(() -> where("a = 1 and g contains 37.77, -122.41"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Elasticsearch cannot answer the point containment on 'g': queries with one belong to"
                + " an in-memory geo index");
    assertThatThrownBy(
            () ->
                QueryTranslator.filter(
                    UUID.randomUUID(),
                    Optional.of("zones"),
                    Optional.empty(),
                    QueryParser.parse("g contains 1, 2").where()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void search_filter_scopes_to_application_collection_and_live_documents() throws Exception {
    UUID app = UUID.randomUUID();
    JsonNode filter =
        json(QueryTranslator.filter(app, Optional.of("users"), Optional.empty(), Optional.empty()));

    assertThat(filter.at("/bool/filter/0/term/app_id/value").asText()).isEqualTo(app.toString());
    assertThat(filter.at("/bool/filter/1/term/collection/value").asText()).isEqualTo("users");
    assertThat(filter.at("/bool/filter")).hasSize(2);
    assertThat(filter.at("/bool/must_not/0/term/deleted/value").asBoolean()).isTrue();
  }

  @Test
  void search_filter_without_collection_covers_the_whole_application_within_the_scope()
      throws Exception {
    UUID app = UUID.randomUUID();
    UUID target = UUID.randomUUID();
    JsonNode filter =
        json(
            QueryTranslator.filter(
                app,
                Optional.empty(),
                Optional.of(Set.of(target)),
                Optional.of(QueryParser.parse("a = 1").where().orElseThrow())));

    assertThat(filter.at("/bool/filter")).hasSize(3);
    assertThat(filter.at("/bool/filter/0/term/app_id/value").asText()).isEqualTo(app.toString());
    assertThat(filter.at("/bool/filter/1/terms/uuid/0").asText()).isEqualTo(target.toString());
    assertThat(filter.at("/bool/filter/2/nested/path").asText()).isEqualTo("fields");
  }

  @Test
  void search_request_pages_by_search_after_without_source_or_totals() throws Exception {
    UUID app = UUID.randomUUID();
    IndexQuery query =
        new IndexQuery(
            app,
            Optional.of("users"),
            Optional.empty(),
            new UsergridQueryLanguage().compile("select * where age > 3 order by name"),
            21,
            Arrays.asList(null, "bob", null, "7a6c0e3e-0000-4000-8000-000000000001"));

    JsonNode request = json(PagedSearch.of("meridian-entities", query).request());

    assertThat(request.get("size").asInt()).isEqualTo(21);
    assertThat(request.get("version").asBoolean()).isTrue();
    assertThat(request.get("_source").asBoolean()).isFalse();
    assertThat(request.get("track_total_hits").asBoolean()).isFalse();
    assertThat(request.has("from")).isFalse();
    assertThat(request.get("search_after"))
        .extracting(JsonNode::toString)
        .containsExactly(
            "\"Infinity\"",
            "\"bob\"",
            "9223372036854775807",
            "\"7a6c0e3e-0000-4000-8000-000000000001\"");
  }

  @Test
  void first_page_has_no_search_after() throws Exception {
    IndexQuery query =
        IndexQuery.of(UUID.randomUUID(), "users", new UsergridQueryLanguage().compile(""), 10);

    JsonNode request = json(PagedSearch.of("meridian-entities", query).request());

    assertThat(request.has("search_after")).isFalse();
    assertThat(request.get("sort")).hasSize(2);
  }

  @Test
  void scan_walks_live_documents_of_the_application_in_uuid_order() throws Exception {
    UUID app = UUID.randomUUID();
    UUID after = UUID.randomUUID();

    JsonNode request =
        json(PagedSearch.scan("meridian-entities", app, Optional.of(after), 500).request());

    assertThat(request.at("/query/bool/filter")).hasSize(1);
    assertThat(request.at("/query/bool/filter/0/term/app_id/value").asText())
        .isEqualTo(app.toString());
    assertThat(request.at("/query/bool/must_not/0/term/deleted/value").asBoolean()).isTrue();
    assertThat(request.get("sort")).hasSize(1);
    assertThat(request.at("/sort/0/uuid/order").asText()).isEqualTo("asc");
    assertThat(request.get("search_after").get(0).asText()).isEqualTo(after.toString());
    assertThat(request.get("version").asBoolean()).isTrue();
  }
}
