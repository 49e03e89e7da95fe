package io.meridian.core.entity;

import static io.meridian.testing.Bodies.json;
import static io.meridian.testing.Refusals.codeOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.TimeUuids;
import io.meridian.testing.Bodies;
import io.meridian.testing.MemoryCore;
import io.meridian.testing.SequentialIds;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@code PUT /{collection}/{uuid}} of an entity that does not exist yet, as SDKs register devices.
 */
class NewEntityUuidsTest {
  private static final CollectionName DEVICES = CollectionName.of("devices");

  private final MemoryCore core = new MemoryCore();

  private StoredEntity put(String uuid, String body) {
    return core.entities.update(core.app, DEVICES, uuid, json(body), WriteOptions.DEFAULT);
  }

  @Test
  void a_put_by_a_new_time_uuid_creates_the_entity_with_that_uuid_and_times_of_now() {
    UUID chosen = SequentialIds.at(MemoryCore.START.minus(Duration.ofDays(400)).toEpochMilli());
    core.clock.advance(Duration.ofMinutes(5));

    StoredEntity created = put(chosen.toString(), "{'model': 'pixel'}");

    long now = core.clock.millis();
    assertThat(created.uuid()).isEqualTo(chosen);
    assertThat(created.created()).isEqualTo(now);
    assertThat(Bodies.of(created).path("modified").asLong()).isEqualTo(now);
    assertThat(created.version() / 1000).as("written now, never at the uuid's time").isEqualTo(now);
    assertThat(core.entities.get(core.app, DEVICES, chosen.toString()).json()).contains("pixel");
    assertThat(core.queries.query(core.app, DEVICES, null, 10, null).entities())
        .extracting(StoredEntity::uuid)
        .containsExactly(chosen);

    StoredEntity updated = put(chosen.toString(), "{'model': 'pixel 2'}");
    assertThat(updated.uuid()).isEqualTo(chosen);
    assertThat(updated.created()).isEqualTo(now);
  }

  @Test
  void a_uuid_that_is_not_time_based_or_from_the_future_is_refused() {
    UUID random = UUID.randomUUID();
    UUID future =
        SequentialIds.at(
            MemoryCore.START.toEpochMilli() + NewEntityUuids.MAX_AHEAD_MILLIS + 60_000);

    assertThat(codeOf(() -> put(random.toString(), "{}"))).isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(codeOf(() -> put(future.toString(), "{}"))).isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(core.queries.query(core.app, DEVICES, null, 10, null).entities()).isEmpty();
  }

  @Test
  void a_uuid_held_in_another_collection_is_missing_here_and_the_holder_is_untouched() {
    StoredEntity dog =
        core.entities
            .create(
                core.app,
                CollectionName.of("dogs"),
                List.of(json("{'name': 'rex'}")),
                WriteOptions.DEFAULT)
            .get(0);

    assertThat(codeOf(() -> put(dog.uuid().toString(), "{'model': 'pixel'}")))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
    assertThat(core.store.load(core.app.id(), dog.uuid()).orElseThrow().json())
        .isEqualTo(dog.json());
    assertThat(TimeUuids.isTimeBased(dog.uuid())).isTrue();
  }
}
