package io.meridian.core.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Usergrid 2 answers {@code select a, b} with entities holding only those fields. */
class ProjectionTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static ObjectNode entity() throws Exception {
    return (ObjectNode)
        JSON.readTree(
            """
            {"uuid": "5a8b8f10-c98d-11f0-8000-000000000001", "type": "thing", "name": "a",
             "created": 1, "modified": 2, "metadata": {"path": "/things/5a8b"},
             "sometestprop": "x", "actor": {"displayName": "Ann", "email": "a@x.io"},
             "Ordinal": 3, "other": true}
            """);
  }

  private static Projection select(String... paths) {
    return new Projection(
        List.of(paths).stream().map(path -> new Projection.Field(path, path)).toList(), false);
  }

  @Test
  void a_selection_keeps_uuid_type_metadata_and_the_selected_fields_nested_as_they_are()
      throws Exception {
    ObjectNode shown = select("actor.displayName", "sometestprop").entity(entity());

    assertThat(shown)
        .isEqualTo(
            JSON.readTree(
                """
                {"uuid": "5a8b8f10-c98d-11f0-8000-000000000001", "type": "thing",
                 "actor": {"displayName": "Ann"}, "sometestprop": "x",
                 "metadata": {"path": "/things/5a8b"}}
                """));
  }

  @Test
  void a_field_is_found_whatever_the_case_and_a_missing_one_is_left_out() throws Exception {
    ObjectNode shown = select("ordinal", "missing", "actor.nothing").entity(entity());

    assertThat(shown.get("Ordinal").asInt()).isEqualTo(3);
    assertThat(shown.has("missing")).isFalse();
    assertThat(shown.has("actor")).isFalse();
  }

  @Test
  void an_aliased_selection_sets_each_value_under_its_alias() throws Exception {
    Projection aliased =
        new Projection(
            List.of(
                new Projection.Field("actor.displayName", "who"),
                new Projection.Field("name", "n")),
            true);

    ObjectNode shown = aliased.entity(entity());

    assertThat(shown.get("who").asText()).isEqualTo("Ann");
    assertThat(shown.get("n").asText()).isEqualTo("a");
    assertThat(shown.has("name")).isFalse();
    assertThat(shown.has("uuid")).isTrue();
  }
}
