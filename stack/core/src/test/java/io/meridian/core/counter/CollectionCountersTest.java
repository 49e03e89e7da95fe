package io.meridian.core.counter;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.app.ApplicationRef;
import io.meridian.core.entity.EntityWriteObserver.EntityWrite;
import io.meridian.core.entity.StoredEntity;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The counters an entity write keeps, as the write's observer sees it complete. */
class CollectionCountersTest {
  private static final long NOW = Instant.parse("2026-01-15T10:17:30Z").toEpochMilli();
  private static final ApplicationRef APP =
      new ApplicationRef(UUID.randomUUID(), UUID.randomUUID(), "org", "app", 0);

  private record Increment(Map<String, Long> deltas, long timestamp) {}

  private final List<Increment> increments = new CopyOnWriteArrayList<>();
  private final CollectionCounters counters =
      new CollectionCounters(
          new CounterService(
              new RecordingStore(), Clock.fixed(Instant.ofEpochMilli(NOW), ZoneOffset.UTC)));

  @Test
  void an_array_creation_counts_its_entities_once_at_their_creation_time() {
    counters.completed(
        APP,
        "things",
        List.of(new EntityWrite(null, thing(1_000), 1), new EntityWrite(null, thing(1_000), 1)));

    assertThat(increments)
        .containsExactly(
            new Increment(
                Map.of("application.collection.things", 2L, "application.entities", 2L), 1_000));
  }

  @Test
  void a_deletion_counts_down_one_now() {
    StoredEntity deleted = thing(1_000);

    counters.completed(APP, "things", List.of(new EntityWrite(deleted, null, 2)));

    assertThat(increments)
        .containsExactly(
            new Increment(
                Map.of("application.collection.things", -1L, "application.entities", -1L), NOW));
  }

  @Test
  void an_update_counts_nothing() {
    StoredEntity thing = thing(1_000);

    counters.completed(APP, "things", List.of(new EntityWrite(thing, thing, 2)));

    assertThat(increments).isEmpty();
  }

  private static StoredEntity thing(long created) {
    return new StoredEntity(UUID.randomUUID(), "things", null, 1, created, "{}");
  }

  private final class RecordingStore implements CounterStore {
    @Override
    public CompletionStage<Void> increment(
        UUID applicationId, Map<String, Long> deltas, long timestamp) {
      increments.add(new Increment(deltas, timestamp));
      return CompletableFuture.completedFuture(null);
    }

    @Override
    public List<CounterValue> read(
        UUID applicationId,
        String name,
        CounterResolution resolution,
        long from,
        long to,
        int limit) {
      throw notCalled();
    }

    @Override
    public List<String> names(UUID applicationId, int limit) {
      throw notCalled();
    }
  }

  /** What a recording store answers to a call the code under test never makes: a failed test. */
  private static AssertionError notCalled() {
    return new AssertionError("The collection counters was not expected to make this call");
  }
}
