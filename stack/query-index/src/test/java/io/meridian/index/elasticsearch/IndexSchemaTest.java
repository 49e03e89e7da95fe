package io.meridian.index.elasticsearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import co.elastic.clients.elasticsearch._types.mapping.DynamicMapping;
import co.elastic.clients.elasticsearch._types.mapping.Property;
import co.elastic.clients.elasticsearch._types.mapping.TypeMapping;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IndexSchemaTest {
  private final TypeMapping mapping = IndexSchema.mapping();

  @Test
  void root_and_fields_are_strict_so_documents_cannot_add_fields() {
    assertThat(mapping.dynamic()).isEqualTo(DynamicMapping.Strict);
    assertThat(mapping.properties().get("fields").nested().dynamic())
        .isEqualTo(DynamicMapping.Strict);
  }

  @Test
  void source_is_disabled_because_cassandra_holds_the_entities() {
    assertThat(mapping.source().enabled()).isFalse();
  }

  @Test
  void fields_entries_have_one_typed_subfield_per_json_type() {
    Map<String, Property> fields = mapping.properties().get("fields").nested().properties();

    assertThat(fields)
        .containsOnlyKeys(
            "name", "string", "text", "long", "double", "boolean", "location", "uuid");
    assertThat(fields.get("string").keyword().normalizer()).isEqualTo("lowercase");
    assertThat(fields.get("string").keyword().ignoreAbove()).isEqualTo(8191);
    assertThat(fields.get("text").text().analyzer()).isEqualTo("standard");
    assertThat(fields.get("location").isGeoPoint()).isTrue();
  }

  @Test
  void deleted_flag_is_stored_so_mget_can_read_it_without_source() {
    assertThat(mapping.properties().get("deleted").boolean_().store()).isTrue();
  }

  @Test
  void names_derive_from_the_prefix_and_version() {
    ElasticsearchIndexConfig config = ElasticsearchIndexConfig.defaults("http://127.0.0.1:9200");

    assertThat(config.alias()).isEqualTo("meridian-entities");
    assertThat(config.indexName()).isEqualTo("meridian-entities-v1");
    assertThat(config.maxValuesPerEntity()).isEqualTo(2000);
  }

  @Test
  void config_rejects_index_names_elasticsearch_would_refuse() {
    assertThatThrownBy(
            () ->
                new ElasticsearchIndexConfig(
                    List.of("http://x:9200"),
                    "Meridian",
                    1,
                    0,
                    Duration.ofSeconds(1),
                    Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                new ElasticsearchIndexConfig(
                    List.of(), "meridian", 1, 0, Duration.ofSeconds(1), Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
