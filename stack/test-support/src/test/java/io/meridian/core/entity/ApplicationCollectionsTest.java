package io.meridian.core.entity;

import static io.meridian.testing.Bodies.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.entity.ApplicationCollections.Described;
import io.meridian.testing.MemoryCore;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ApplicationCollectionsTest {
  private final MemoryCore core = new MemoryCore();
  private final ApplicationCollections collections =
      new ApplicationCollections(core.store, core.index);

  private StoredEntity post(String collection, String body) {
    core.clock.advance(Duration.ofMillis(1));
    return core.entities
        .create(core.app, CollectionName.of(collection), List.of(json(body)), WriteOptions.DEFAULT)
        .get(0);
  }

  @Test
  void a_new_application_lists_usergrids_built_in_collections_empty() {
    assertThat(collections.describe(core.app))
        .extracting(Described::name)
        .containsExactlyElementsOf(ApplicationCollections.BUILT_IN);
    assertThat(collections.describe(core.app)).allSatisfy(c -> assertThat(c.count()).isZero());
  }

  @Test
  void each_collection_has_its_name_title_type_and_live_count_in_name_order() {
    post("dog", "{'name': 'rex'}");
    post("dogs", "{'name': 'pup'}");
    StoredEntity gone = post("cats", "{'name': 'tom'}");
    post("users", "{'username': 'fred'}");
    core.entities.delete(
        core.app, CollectionName.of("cats"), gone.uuid().toString(), WriteOptions.DEFAULT);

    List<Described> described = collections.describe(core.app);

    assertThat(described)
        .extracting(Described::name)
        .containsSubsequence("activities", "cats", "devices", "dogs", "users");
    assertThat(described)
        .filteredOn(c -> c.name().equals("dogs"))
        .containsExactly(new Described("dogs", "Dogs", "dog", 2));
    assertThat(described)
        .filteredOn(c -> c.name().equals("cats"))
        .containsExactly(new Described("cats", "Cats", "cat", 0));
    assertThat(described)
        .filteredOn(c -> c.name().equals("users"))
        .containsExactly(new Described("users", "Users", "user", 1));
  }
}
