package io.meridian.core.entity;

import static io.meridian.testing.Bodies.json;
import static io.meridian.testing.Refusals.codeOf;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.testing.Bodies;
import io.meridian.testing.DirectExecutorService;
import io.meridian.testing.MemoryCore;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class BulkOperationsTest {
  private static final CollectionName DOGS = CollectionName.of("dogs");

  private final MemoryCore core = new MemoryCore();
  private final BulkOperations bulk =
      new BulkOperations(core.queries, core.entities, new DirectExecutorService());

  private StoredEntity post(String body) {
    core.clock.advance(Duration.ofMillis(1));
    return core.entities.create(core.app, DOGS, List.of(json(body)), WriteOptions.DEFAULT).get(0);
  }

  @Test
  void an_update_by_query_merges_the_body_into_each_selected_entity_up_to_the_limit() {
    post("{'name': 'rex', 'age': 3}");
    post("{'name': 'fido', 'age': 5}");
    post("{'name': 'pup', 'age': 1}");

    List<StoredEntity> updated =
        bulk.updateMatching(
            core.app,
            DOGS,
            "where age > 2 order by age desc",
            1,
            json("{'vaccinated': true}"),
            WriteOptions.DEFAULT);

    assertThat(updated).extracting(StoredEntity::name).containsExactly("fido");
    ObjectNode fido = Bodies.of(core.entities.get(core.app, DOGS, "fido"));
    assertThat(fido.path("vaccinated").asBoolean()).isTrue();
    assertThat(fido.path("age").asInt()).isEqualTo(5);
    assertThat(Bodies.of(core.entities.get(core.app, DOGS, "rex")).has("vaccinated")).isFalse();
  }

  @Test
  void an_update_by_query_may_not_set_the_unique_name() {
    post("{'name': 'rex'}");

    assertThat(
            codeOf(
                () ->
                    bulk.updateMatching(
                        core.app, DOGS, null, 10, json("{'name': 'max'}"), WriteOptions.DEFAULT)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(core.entities.find(core.app, DOGS, "rex")).isPresent();
  }

  @Test
  void an_update_by_query_may_remove_the_unique_name() {
    post("{'name': 'rex'}");

    List<StoredEntity> updated =
        bulk.updateMatching(core.app, DOGS, null, 10, json("{'name': null}"), WriteOptions.DEFAULT);

    assertThat(updated).singleElement().extracting(StoredEntity::name).isNull();
    assertThat(core.store.nameHolder(core.app.id(), "dogs", "rex")).isEmpty();
  }

  @Test
  void a_delete_by_query_deletes_the_selected_entities_and_returns_them_as_they_were() {
    StoredEntity rex = post("{'name': 'rex', 'age': 3}");
    post("{'name': 'pup', 'age': 1}");

    List<StoredEntity> deleted =
        bulk.deleteMatching(core.app, DOGS, "where age > 2", 10, WriteOptions.DEFAULT);

    assertThat(deleted).containsExactly(rex);
    assertThat(core.store.load(core.app.id(), rex.uuid())).isEmpty();
    assertThat(core.queries.query(core.app, DOGS, null, 10, null).entities())
        .extracting(StoredEntity::name)
        .containsExactly("pup");
  }

  @Test
  void a_delete_without_a_query_is_refused_and_deletes_nothing() {
    post("{'name': 'rex'}");
    post("{'name': 'pup'}");

    for (String ql : new String[] {null, "", "  "}) {
      assertThat(codeOf(() -> bulk.deleteMatching(core.app, DOGS, ql, 10, WriteOptions.DEFAULT)))
          .as("ql %s", ql)
          .isEqualTo(ErrorCode.METHOD_NOT_ALLOWED);
    }
    assertThat(core.queries.query(core.app, DOGS, null, 10, null).entities()).hasSize(2);
  }

  @Test
  void an_entity_deleted_after_the_query_selected_it_is_left_out() {
    StoredEntity rex = post("{'name': 'rex'}");
    StoredEntity pup = post("{'name': 'pup'}");
    BulkOperations racing =
        new BulkOperations(
            core.queries,
            core.entities,
            task -> {
              // another request deletes rex between the query and the writes
              core.entities
                  .find(core.app, DOGS, "rex")
                  .ifPresent(
                      found ->
                          core.entities.delete(
                              core.app, DOGS, found.uuid().toString(), WriteOptions.DEFAULT));
              task.run();
            });

    List<StoredEntity> deleted =
        racing.deleteMatching(core.app, DOGS, "select *", 10, WriteOptions.DEFAULT);

    assertThat(deleted).containsExactly(pup);
    assertThat(core.store.load(core.app.id(), rex.uuid())).isEmpty();
  }

  @Test
  void a_write_that_fails_otherwise_fails_the_operation_with_its_own_error() {
    post("{'name': 'rex'}");
    core.observers.add(
        new EntityWriteObserver() {
          @Override
          public void beforeWrites(ApplicationRef app, String collection, List<EntityWrite> w) {
            throw new MeridianException(ErrorCode.FORBIDDEN, "no writes today");
          }
        });

    assertThat(
            codeOf(
                () ->
                    bulk.updateMatching(
                        core.app, DOGS, null, 10, json("{'age': 1}"), WriteOptions.DEFAULT)))
        .isEqualTo(ErrorCode.FORBIDDEN);
  }
}
