package io.meridian.index.query;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.index.query.IndexEntries.Bool;
import io.meridian.index.query.IndexEntries.Location;
import io.meridian.index.query.IndexEntries.Number;
import io.meridian.index.query.IndexEntries.Text;
import org.junit.jupiter.api.Test;

/** The entries mirror DocumentFlattener: one per leaf value, named by its dotted path. */
class IndexEntriesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static IndexEntries of(String json) throws Exception {
    return IndexEntries.of((ObjectNode) JSON.readTree(json));
  }

  @Test
  void gives_each_leaf_value_an_entry_of_its_type() throws Exception {
    IndexEntries entries =
        of("{\"s\": \"x\", \"i\": 5, \"d\": 1.5, \"b\": false, \"n\": null, \"e\": [], \"o\": {}}");

    assertThat(entries.named("s")).containsExactly(new Text("x"));
    assertThat(entries.named("i")).containsExactly(new Number(5, true, 5));
    assertThat(entries.named("d")).containsExactly(new Number(1.5, false, 0));
    assertThat(entries.named("b")).containsExactly(new Bool(false));
    assertThat(entries.named("n")).isEmpty();
    assertThat(entries.named("e")).isEmpty();
    assertThat(entries.named("o")).isEmpty();
  }

  @Test
  void indexes_integers_beyond_a_long_as_doubles_only() throws Exception {
    IndexEntries entries = of("{\"huge\": 100000000000000000000, \"inf\": 1e400}");

    assertThat(entries.named("huge")).containsExactly(new Number(1e20, false, 0));
    assertThat(entries.named("inf")).isEmpty();
  }

  @Test
  void flattens_arrays_and_objects_under_dotted_paths() throws Exception {
    IndexEntries entries = of("{\"a\": [1, [2, {\"b\": \"c\"}]], \"x\": {\"y\": {\"z\": true}}}");

    assertThat(entries.named("a")).containsExactly(new Number(1, true, 1), new Number(2, true, 2));
    assertThat(entries.named("a.b")).containsExactly(new Text("c"));
    assertThat(entries.named("x.y.z")).containsExactly(new Bool(true));
  }

  @Test
  void adds_a_location_entry_beside_the_coordinates() throws Exception {
    IndexEntries entries =
        of(
            "{\"at\": {\"latitude\": 1.5, \"longitude\": -2},"
                + " \"geo\": {\"type\": \"Point\", \"coordinates\": [3, 4]}}");

    assertThat(entries.named("at")).containsExactly(new Location(1.5, -2));
    assertThat(entries.named("at.latitude")).containsExactly(new Number(1.5, false, 0));
    assertThat(entries.named("geo")).containsExactly(new Location(4, 3));
    assertThat(entries.named("geo.coordinates"))
        .containsExactly(new Number(3, true, 3), new Number(4, true, 4));
  }

  @Test
  void skips_top_level_metadata_only() throws Exception {
    IndexEntries entries = of("{\"metadata\": {\"a\": 1}, \"x\": {\"metadata\": {\"a\": 1}}}");

    assertThat(entries.named("metadata.a")).isEmpty();
    assertThat(entries.named("x.metadata.a")).containsExactly(new Number(1, true, 1));
  }
}
