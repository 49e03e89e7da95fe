package io.meridian.index.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.query.CompiledQuery;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code sortKey} and {@code compareSortKeys}: the order Elasticsearch gives the same entities
 * (SortKeys' keys over the flattened document), applied in memory.
 */
class EntityOrderTest {
  private static final UsergridQueryLanguage LANGUAGE = new UsergridQueryLanguage();

  /** An entity named {@code name} with {@code properties} (JSON members), uuid ...0{index}. */
  private static ObjectNode entity(String name, int index, String properties) {
    String json =
        "{\"uuid\": \"00000000-0000-4000-8000-%012d\", \"name\": \"%s\", \"created\": %d%s}"
            .formatted(
                index,
                name,
                1_700_000_000_000L + index,
                properties.isEmpty() ? "" : ", " + properties);
    return (ObjectNode) Json.parseStoredObject(json);
  }

  /** The names of {@code entities} in the query's in-memory order. */
  private static List<String> sorted(String ql, List<ObjectNode> entities) {
    CompiledQuery query = LANGUAGE.compile(ql);
    List<ObjectNode> ordered = new ArrayList<>(entities);
    // Reversed first, so that an order that ignored the keys could not pass by accident.
    Collections.reverse(ordered);
    ordered.sort((a, b) -> query.compareSortKeys(query.sortKey(a), query.sortKey(b)));
    return ordered.stream().map(entity -> entity.get("name").asText()).toList();
  }

  /** Entities named after their position in {@code values}, each holding {@code p: value}. */
  private static List<ObjectNode> holding(String... values) {
    List<ObjectNode> entities = new ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      String member = values[i] == null ? "" : "\"p\": " + values[i];
      entities.add(entity("e" + i, i, member));
    }
    return entities;
  }

  @Test
  void orders_newest_first_then_by_uuid_without_an_order_by() {
    List<ObjectNode> entities =
        List.of(
            entity("old", 1, ""),
            entity("new", 2, "").put("created", 1_800_000_000_000L),
            entity("same-b", 4, "").put("created", 1_750_000_000_000L),
            entity("same-a", 3, "").put("created", 1_750_000_000_000L));

    assertThat(sorted("", entities)).containsExactly("new", "same-a", "same-b", "old");
    assertThat(sorted("g contains 1, 2", entities))
        .containsExactly("new", "same-a", "same-b", "old");
    assertThat(LANGUAGE.compile("").sortKey(entities.get(0)))
        .containsExactly(1_700_000_000_001L, "00000000-0000-4000-8000-000000000001");
  }

  @Test
  void orders_numbers_by_value_whether_integers_or_decimals() {
    List<ObjectNode> entities = holding("5", "-3", "5.5", "1e3", "0", "0.25");

    assertThat(sorted("order by p", entities)).containsExactly("e1", "e4", "e5", "e0", "e2", "e3");
    assertThat(sorted("order by p desc", entities))
        .containsExactly("e3", "e2", "e0", "e5", "e4", "e1");
  }

  @Test
  void orders_strings_lowercased_by_code_point() {
    List<ObjectNode> entities = holding("\"b\"", "\"A\"", "\"Z\"", "\"é\"", "\"a\"", "\"B1\"");

    // e1 and e4 are equal once lowercased: the uuid decides, ascending in both directions.
    assertThat(sorted("order by p", entities)).containsExactly("e1", "e4", "e0", "e5", "e2", "e3");
    assertThat(sorted("order by p desc", entities))
        .containsExactly("e3", "e2", "e5", "e0", "e1", "e4");
  }

  @Test
  void orders_false_before_true() {
    List<ObjectNode> entities = holding("true", "false", "true");

    assertThat(sorted("order by p", entities)).containsExactly("e1", "e0", "e2");
    assertThat(sorted("order by p desc", entities)).containsExactly("e0", "e2", "e1");
  }

  @Test
  void orders_numbers_then_strings_then_booleans_then_missing_in_both_directions() {
    List<ObjectNode> entities =
        holding(null, "true", "\"b\"", "2", "false", "\"a\"", "1", "null", "[]");

    assertThat(sorted("order by p", entities))
        .containsExactly("e6", "e3", "e5", "e2", "e4", "e1", "e0", "e7", "e8");
    assertThat(sorted("order by p desc", entities))
        .containsExactly("e3", "e6", "e2", "e5", "e1", "e4", "e0", "e7", "e8");
  }

  @Test
  void orders_an_array_by_its_smallest_value_ascending_and_its_largest_descending() {
    List<ObjectNode> entities = holding("[1, 10]", "5", "[4, 3]", "[[7], 2]");

    assertThat(sorted("order by p", entities)).containsExactly("e0", "e3", "e2", "e1");
    assertThat(sorted("order by p desc", entities)).containsExactly("e0", "e3", "e1", "e2");
  }

  @Test
  void orders_an_array_of_mixed_types_by_its_numbers_first() {
    List<ObjectNode> entities = holding("[\"a\", 9]", "[\"b\", 9]", "\"a\"", "[true, \"c\"]");

    assertThat(sorted("order by p", entities)).containsExactly("e0", "e1", "e2", "e3");
    assertThat(sorted("order by p desc", entities)).containsExactly("e1", "e0", "e3", "e2");
  }

  @Test
  void leaves_strings_the_keyword_field_ignores_to_the_other_values() {
    String tooLong = "\"" + "a".repeat(QueryMatcher.MAX_KEYWORD_LENGTH + 1) + "\"";
    List<ObjectNode> entities = holding(tooLong, "\"z\"", "[" + tooLong + ", \"b\"]");

    assertThat(sorted("order by p", entities)).containsExactly("e2", "e1", "e0");
  }

  @Test
  void breaks_ties_with_the_next_order_key_then_the_uuid() {
    List<ObjectNode> entities =
        List.of(
            entity("a", 4, "\"p\": 1, \"q\": \"x\""),
            entity("b", 3, "\"p\": 1, \"q\": \"y\""),
            entity("c", 2, "\"p\": 2, \"q\": \"x\""),
            entity("d", 1, "\"p\": 1, \"q\": \"x\""));

    assertThat(sorted("order by p desc, q", entities)).containsExactly("c", "d", "a", "b");
  }

  @Test
  void orders_nested_properties_by_dotted_path() {
    List<ObjectNode> entities =
        List.of(
            entity("a", 1, "\"address\": {\"zip\": 300}"),
            entity("b", 2, "\"address\": [{\"zip\": 100}, {\"zip\": 900}]"),
            entity("c", 3, "\"address\": {\"city\": \"Oslo\"}"));

    assertThat(sorted("order by address.zip", entities)).containsExactly("b", "a", "c");
    assertThat(sorted("order by address.zip desc", entities)).containsExactly("b", "a", "c");
  }

  @Test
  void orders_created_and_modified_by_their_integer_value_only() {
    ObjectNode decimal = entity("decimal", 1, "").put("created", 1.5);
    ObjectNode text = entity("text", 2, "").put("created", "1");
    ObjectNode early = entity("early", 3, "").put("created", 5L);
    ObjectNode late = entity("late", 4, "").put("created", Long.MAX_VALUE);

    assertThat(sorted("order by created", List.of(decimal, text, early, late)))
        .containsExactly("early", "late", "decimal", "text");
    assertThat(sorted("order by created desc", List.of(decimal, text, early, late)))
        .containsExactly("late", "early", "decimal", "text");
    assertThat(sorted("order by modified", List.of(decimal, early)))
        .containsExactly("decimal", "early");
  }

  @Test
  void orders_by_uuid_text_without_a_second_uuid_key() {
    ObjectNode upper = entity("upper", 0, "").put("uuid", "F0000000-0000-4000-8000-000000000000");
    ObjectNode lower = entity("lower", 0, "").put("uuid", "a0000000-0000-4000-8000-000000000000");
    CompiledQuery byUuid = LANGUAGE.compile("order by uuid desc");

    assertThat(sorted("order by uuid desc", List.of(lower, upper)))
        .containsExactly("upper", "lower");
    assertThat(byUuid.sortKey(upper)).containsExactly("f0000000-0000-4000-8000-000000000000");
  }

  @Test
  void gives_json_plain_keys_that_compare_the_same_after_a_json_round_trip() throws Exception {
    CompiledQuery query = LANGUAGE.compile("order by p, created, q desc");
    ObjectNode entity =
        entity("e", 7, "\"p\": [2.5, \"Word\", true], \"q\": 12345678901234").put("created", 42);

    List<Object> key = query.sortKey(entity);
    List<Object> back =
        Json.MAPPER.readValue(
            Json.MAPPER.writeValueAsString(key), new TypeReference<List<Object>>() {});

    assertThat(key)
        .containsExactly(
            2.5,
            "word",
            true,
            42L,
            1.2345678901234E13,
            null,
            null,
            "00000000-0000-4000-8000-000000000007");
    assertThat(query.compareSortKeys(key, back)).isZero();
    assertThat(query.compareSortKeys(back, key)).isZero();
  }

  @Test
  void rejects_keys_that_do_not_fit_the_order() {
    CompiledQuery query = LANGUAGE.compile("order by p");
    List<Object> key = query.sortKey(entity("e", 1, "\"p\": 1"));
    List<Object> text = new ArrayList<>(key);
    text.set(0, "1");
    CompiledQuery byCreated = LANGUAGE.compile("order by created");
    List<Object> fraction = new ArrayList<>(byCreated.sortKey(entity("e", 1, "")));
    fraction.set(0, 1.5);

    for (Runnable compare :
        List.<Runnable>of(
            () -> query.compareSortKeys(key, key.subList(0, 2)),
            () -> query.compareSortKeys(text, key),
            () -> query.compareSortKeys(key, text),
            () -> byCreated.compareSortKeys(fraction, fraction))) {
      assertThatThrownBy(compare::run)
          .isInstanceOf(MeridianException.class)
          .matches(e -> ((MeridianException) e).code() == ErrorCode.BAD_REQUEST);
    }
  }
}
