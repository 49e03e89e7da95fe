package io.meridian.core.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CollectionNameTest {

  @ParameterizedTest
  @CsvSource({
    "dogs, dogs, dog",
    "dog, dogs, dog",
    "Dogs, dogs, dog",
    "people, people, person",
    "person, people, person",
    "categories, categories, category",
    "category, categories, category",
    "statuses, statuses, status",
    "status, statuses, status",
    "boxes, boxes, box",
    "matrices, matrices, matrix",
    "wolves, wolves, wolf",
    "knives, knives, knife",
    "addresses, addresses, address",
    "news, news, news",
    "users, users, user",
    "devices, devices, device",
    "geofences, geofences, geofence",
    "tags, tags, tag",
    "activities, activities, activity",
    "buses, buses, bus"
  })
  void singular_and_plural_address_the_same_collection(String segment, String plural, String type) {
    CollectionName name = CollectionName.of(segment);

    assertThat(name.plural()).isEqualTo(plural);
    assertThat(name.type()).isEqualTo(type);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "1dogs", "dogs!", "dog s", "_dogs"})
  void rejects_invalid_collection_names(String segment) {
    assertThatThrownBy(() -> CollectionName.of(segment))
        .isInstanceOf(MeridianException.class)
        .extracting(e -> ((MeridianException) e).code())
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
  }

  @Test
  void accepts_dashed_names_up_to_255_characters_as_usergrid_clients_use_them() {
    assertThat(CollectionName.of("blog-posts").plural()).isEqualTo("blog-posts");
    assertThat(CollectionName.of("blog-post").plural()).isEqualTo("blog-posts");
    assertThat(CollectionName.of("a" + "b".repeat(249) + "-dogs").plural()).hasSize(255);
  }

  @Test
  void rejects_names_longer_than_255_characters_or_starting_with_a_dash() {
    assertThatThrownBy(() -> CollectionName.of("a".repeat(256)))
        .isInstanceOf(MeridianException.class);
    assertThatThrownBy(() -> CollectionName.of("-dogs")).isInstanceOf(MeridianException.class);
  }
}
