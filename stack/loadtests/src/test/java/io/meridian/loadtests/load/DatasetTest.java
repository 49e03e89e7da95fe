package io.meridian.loadtests.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class DatasetTest {

  @ParameterizedTest
  @EnumSource(Dataset.class)
  void entity_i_is_the_same_whatever_the_count(Dataset dataset) {
    Dataset.Source small = dataset.generate(1, 10);
    Dataset.Source large = dataset.generate(1, 1000);

    for (int i = 0; i < 10; i++) {
      assertThat(large.entity(i)).as("entity %d", i).isEqualTo(small.entity(i));
    }
  }

  @ParameterizedTest
  @EnumSource(Dataset.class)
  void entity_i_depends_on_the_seed(Dataset dataset) {
    ObjectNode one = dataset.generate(1, 10).entity(3);
    ObjectNode two = dataset.generate(2, 10).entity(3);

    assertThat(one.get("name")).isEqualTo(two.get("name"));
    assertThat(one).isNotEqualTo(two);
  }

  @ParameterizedTest
  @EnumSource(Dataset.class)
  void generating_twice_gives_the_same_entities(Dataset dataset) {
    assertThat(dataset.generate(5, 100).entity(99)).isEqualTo(dataset.generate(5, 100).entity(99));
  }

  @ParameterizedTest
  @EnumSource(Dataset.class)
  void every_entity_is_named_uniquely_with_the_prefix(Dataset dataset) {
    Dataset.Source source = dataset.generate(1, 1000);
    Set<String> names = new HashSet<>();

    for (int i = 0; i < 1000; i++) {
      String name = source.entity(i).path("name").asText();
      assertThat(name).isEqualTo(dataset.name(i)).startsWith(dataset.prefix());
      names.add(name.toLowerCase(Locale.ROOT));
    }
    assertThat(names).hasSize(1000);
  }
}
