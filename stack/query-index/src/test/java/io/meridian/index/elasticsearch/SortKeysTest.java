package io.meridian.index.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.json.JsonpUtils;
import co.elastic.clients.json.jackson.JacksonJsonpMapper;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.index.query.Condition;
import io.meridian.index.query.Query;
import io.meridian.index.query.QueryParser;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SortKeysTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JacksonJsonpMapper MAPPER = new JacksonJsonpMapper(JSON);
  private static final String UUID_TEXT = "5c000000-0000-4000-8000-000000000001";

  private static List<JsonNode> sort(String ql) {
    return sort(QueryParser.parse(ql));
  }

  private static List<JsonNode> sort(Query query) {
    return SortKeys.of(query).options().stream().map(SortKeysTest::json).toList();
  }

  private static JsonNode json(co.elastic.clients.json.JsonpSerializable value) {
    try {
      return JSON.readTree(JsonpUtils.toJsonString(value, MAPPER));
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  /** What a cursor does to the values: JSON out, JSON back in with core's mapper. */
  private static List<Object> throughJson(List<Object> values) throws Exception {
    return Json.MAPPER.readValue(
        Json.MAPPER.writeValueAsString(values), new TypeReference<List<Object>>() {});
  }

  private static List<String> jsonOf(List<FieldValue> values) {
    return values.stream().map(value -> JsonpUtils.toJsonString(value, MAPPER)).toList();
  }

  @Test
  void default_order_is_newest_first_then_uuid() {
    List<JsonNode> sort = sort("");

    assertThat(sort).hasSize(2);
    assertThat(sort.get(0).at("/created/order").asText()).isEqualTo("desc");
    assertThat(sort.get(1).at("/uuid/order").asText()).isEqualTo("asc");
  }

  @Test
  void order_by_a_property_sorts_numbers_then_strings_then_booleans_inside_fields() {
    List<JsonNode> sort = sort("order by name desc");

    assertThat(sort).hasSize(4);
    assertThat(sort.get(0).at("/fields.double/order").asText()).isEqualTo("desc");
    assertThat(sort.get(0).at("/fields.double/missing").asText()).isEqualTo("_last");
    assertThat(sort.get(0).at("/fields.double/nested/path").asText()).isEqualTo("fields");
    assertThat(sort.get(0).at("/fields.double/nested/filter/term/fields.name/value").asText())
        .isEqualTo("name");
    assertThat(sort.get(1).has("fields.string")).isTrue();
    assertThat(sort.get(2).has("fields.boolean")).isTrue();
    assertThat(sort.get(3).at("/uuid/order").asText()).isEqualTo("asc");
  }

  @Test
  void order_by_created_sorts_on_the_top_level_field() {
    List<JsonNode> sort = sort("order by created asc, modified desc");

    assertThat(sort).hasSize(3);
    assertThat(sort.get(0).at("/created/order").asText()).isEqualTo("asc");
    assertThat(sort.get(1).at("/modified/order").asText()).isEqualTo("desc");
  }

  @Test
  void order_by_uuid_needs_no_tie_breaker() {
    List<JsonNode> sort = sort("order by uuid desc");

    assertThat(sort).hasSize(1);
    assertThat(sort.get(0).at("/uuid/order").asText()).isEqualTo("desc");
  }

  @Test
  void within_without_order_by_sorts_by_distance_to_the_first_within() {
    Condition first = new Condition.Within("home", 1000, 59.9, 10.7);
    Condition second = new Condition.Within("work", 5000, 1, 2);
    Query query =
        new Query(
            Optional.empty(),
            Optional.of(
                new Condition.Or(
                    List.of(new Condition.And(List.of(new Condition.Not(first))), second))),
            List.of());

    List<JsonNode> sort = sort(query);

    assertThat(sort).hasSize(2);
    JsonNode distance = sort.get(0).get("_geo_distance");
    assertThat(distance.at("/fields.location/0/lat").asDouble()).isEqualTo(59.9);
    assertThat(distance.at("/fields.location/0/lon").asDouble()).isEqualTo(10.7);
    assertThat(distance.get("order").asText()).isEqualTo("asc");
    assertThat(distance.get("unit").asText()).isEqualTo("m");
    assertThat(distance.get("distance_type").asText()).isEqualTo("arc");
    assertThat(distance.get("mode").asText()).isEqualTo("min");
    assertThat(distance.at("/nested/path").asText()).isEqualTo("fields");
    assertThat(distance.at("/nested/filter/term/fields.name/value").asText()).isEqualTo("home");
    assertThat(sort.get(1).at("/uuid/order").asText()).isEqualTo("asc");
  }

  @Test
  void within_with_order_by_keeps_the_explicit_order() {
    List<JsonNode> sort = sort("location within 100 of 1, 2 order by age");

    assertThat(sort).hasSize(4);
    assertThat(sort.get(0).has("fields.double")).isTrue();
    assertThat(sort).noneMatch(key -> key.has("_geo_distance"));
  }

  @Test
  void missing_value_sentinels_become_nulls_and_come_back_exactly() throws Exception {
    SortKeys keys = SortKeys.of(QueryParser.parse("order by code desc, created"));
    // As Elasticsearch reports an entity without `code` and without `created`.
    List<FieldValue> reported =
        List.of(
            FieldValue.of("-Infinity"),
            FieldValue.NULL,
            FieldValue.of(Long.MIN_VALUE),
            FieldValue.of(Long.MAX_VALUE),
            FieldValue.of(UUID_TEXT));

    List<Object> cursor = keys.cursor(reported);

    assertThat(cursor).containsExactly(null, null, null, null, UUID_TEXT);
    assertThat(jsonOf(keys.searchAfter(throughJson(cursor))))
        .containsExactly(
            "\"-Infinity\"",
            "null",
            "-9223372036854775808",
            "9223372036854775807",
            "\"" + UUID_TEXT + "\"");
  }

  @Test
  void present_values_survive_a_json_round_trip() throws Exception {
    SortKeys keys = SortKeys.of(QueryParser.parse("order by score, created desc"));
    List<FieldValue> reported =
        List.of(
            FieldValue.of(0.1 + 0.2),
            FieldValue.NULL,
            FieldValue.of(1L),
            FieldValue.of(1_700_000_000_123L),
            FieldValue.of(UUID_TEXT));

    List<Object> cursor = keys.cursor(reported);
    List<Object> back = throughJson(cursor);

    assertThat(cursor)
        .containsExactly(0.30000000000000004, null, 1L, 1_700_000_000_123L, UUID_TEXT);
    assertThat(back).hasSize(5);
    assertThat(jsonOf(keys.searchAfter(back))).isEqualTo(jsonOf(reported));
  }

  @Test
  void cursor_values_are_only_json_safe_types() throws Exception {
    SortKeys keys = SortKeys.of(QueryParser.parse("location within 10 of 1, 2"));

    List<Object> far = keys.cursor(List.of(FieldValue.of("Infinity"), FieldValue.of(UUID_TEXT)));
    List<Object> near = keys.cursor(List.of(FieldValue.of(12.5), FieldValue.of(UUID_TEXT)));

    assertThat(far).containsExactly(null, UUID_TEXT);
    assertThat(near).containsExactly(12.5, UUID_TEXT);
    assertThat(keys.distance(far)).isNull();
    assertThat(keys.distance(near)).isEqualTo(12.5);
    assertThat(jsonOf(keys.searchAfter(throughJson(far))))
        .containsExactly("\"Infinity\"", "\"" + UUID_TEXT + "\"");
    assertThat(Json.MAPPER.writeValueAsString(near)).isEqualTo("[12.5,\"" + UUID_TEXT + "\"]");
  }

  @Test
  void only_distance_ordered_queries_report_a_distance() {
    SortKeys keys = SortKeys.of(QueryParser.parse("location within 10 of 1, 2 order by age"));

    List<Object> cursor =
        keys.cursor(
            List.of(
                FieldValue.of(3.0),
                FieldValue.NULL,
                FieldValue.of(Long.MAX_VALUE),
                FieldValue.of(UUID_TEXT)));

    assertThat(keys.distance(cursor)).isNull();
  }

  @Test
  void booleans_sort_as_zero_and_one() throws Exception {
    SortKeys keys = SortKeys.of(QueryParser.parse("order by active"));

    List<Object> cursor =
        keys.cursor(
            List.of(
                FieldValue.of("Infinity"), FieldValue.NULL, FieldValue.of(1L), FieldValue.of("u")));

    assertThat(cursor).containsExactly(null, null, 1L, "u");
    assertThat(jsonOf(keys.searchAfter(Arrays.asList(null, null, true, "u"))))
        .containsExactly("\"Infinity\"", "null", "1", "\"u\"");
  }

  @Test
  void a_position_that_does_not_fit_the_order_is_a_bad_request() {
    SortKeys keys = SortKeys.of(QueryParser.parse("order by created"));

    assertThatThrownBy(() -> keys.searchAfter(List.of(1L)))
        .isInstanceOf(MeridianException.class)
        .matches(e -> ((MeridianException) e).code() == ErrorCode.BAD_REQUEST);
    assertThatThrownBy(() -> keys.searchAfter(List.of("x", UUID_TEXT)))
        .isInstanceOf(MeridianException.class);
    assertThatThrownBy(() -> keys.searchAfter(List.of(1.5, UUID_TEXT)))
        .isInstanceOf(MeridianException.class);
    assertThatThrownBy(() -> keys.searchAfter(List.of(1L, 7L)))
        .isInstanceOf(MeridianException.class);
  }

  @Test
  void integral_json_numbers_fit_long_keys_whatever_their_java_type() {
    SortKeys keys = SortKeys.of(QueryParser.parse("order by created"));

    assertThat(jsonOf(keys.searchAfter(List.of(7, UUID_TEXT))))
        .containsExactly("7", "\"" + UUID_TEXT + "\"");
    assertThat(jsonOf(keys.searchAfter(List.of(new java.math.BigDecimal("7.0"), UUID_TEXT))))
        .containsExactly("7", "\"" + UUID_TEXT + "\"");
  }
}
