package io.meridian.core.push;

import static io.meridian.testing.Bodies.json;
import static io.meridian.testing.Refusals.codeOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.core.common.ErrorCode;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.testing.Bodies;
import io.meridian.testing.MemoryCore;
import io.meridian.testing.push.MemoryPushStore;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NotifierServiceTest {
  private final MemoryCore core = new MemoryCore();
  private final MemoryPushStore store = new MemoryPushStore();
  private final NotifierService notifiers =
      new NotifierService(
          core.entities,
          store,
          new PushCredentials(new byte[32]),
          Map.of(NoopProvider.NAME, new NoopProvider(), KeyedProvider.NAME, new KeyedProvider()));

  {
    core.observers.add(new NotifierCleanup(store));
  }

  private StoredEntity apple() {
    return notifiers
        .create(
            core.app,
            List.of(json("{'name': 'apple', 'provider': 'keyed', 'keyId': 'K1', 'p8': 'SECRET'}")),
            WriteOptions.DEFAULT)
        .get(0);
  }

  @Test
  void credentials_are_split_off_the_entity_and_sealed_in_the_store() {
    StoredEntity apple = apple();

    assertThat(apple.json()).doesNotContain("SECRET").doesNotContain("p8");
    assertThat(Bodies.of(apple).path("keyId").asText()).isEqualTo("K1");
    assertThat(store.credentials(core.app.id(), apple.uuid()))
        .hasValueSatisfying(bytes -> assertThat(new String(bytes)).doesNotContain("SECRET"));
    Notifier loaded = notifiers.load(core.app, "apple").orElseThrow();
    assertThat(loaded.credential("p8")).isEqualTo("SECRET");
    assertThat(loaded.setting("keyId")).isEqualTo("K1");
    assertThat(loaded.provider()).isEqualTo("keyed");
    assertThat(loaded.version()).isEqualTo(apple.version());
  }

  @Test
  void a_notifier_needs_an_object_a_name_a_known_provider_and_what_the_provider_needs() {
    for (String body :
        List.of(
            "'apple'",
            "{'provider': 'noop'}",
            "{'name': ' ', 'provider': 'noop'}",
            "{'name': 'apple'}",
            "{'name': 'apple', 'provider': 'carrier-pigeon'}",
            "{'name': 'apple', 'provider': 'keyed', 'keyId': 'K1'}")) {
      assertThat(
              codeOf(() -> notifiers.create(core.app, List.of(json(body)), WriteOptions.DEFAULT)))
          .as(body)
          .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    }
    assertThat(core.store.hasCollection(core.app.id(), "notifiers")).isFalse();
  }

  @Test
  void an_update_merges_settings_and_credentials_and_seals_them_again() {
    StoredEntity apple = apple();

    StoredEntity updated =
        notifiers.update(
            core.app, "apple", json("{'keyId': 'K2', 'p8': 'NEWER'}"), WriteOptions.DEFAULT);

    assertThat(Bodies.of(updated).path("keyId").asText()).isEqualTo("K2");
    assertThat(updated.uuid()).isEqualTo(apple.uuid());
    assertThat(notifiers.load(core.app, "apple").orElseThrow().credential("p8")).isEqualTo("NEWER");
  }

  @Test
  void an_update_without_credentials_keeps_the_sealed_ones() {
    apple();

    notifiers.update(core.app, "apple", json("{'title': 'Apple'}"), WriteOptions.DEFAULT);

    assertThat(notifiers.load(core.app, "apple").orElseThrow().credential("p8"))
        .isEqualTo("SECRET");
  }

  @Test
  void an_update_may_not_change_the_provider_nor_leave_what_it_needs() {
    apple();

    assertThat(
            codeOf(
                () ->
                    notifiers.update(
                        core.app, "apple", json("{'provider': 'noop'}"), WriteOptions.DEFAULT)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(
            codeOf(
                () ->
                    notifiers.update(
                        core.app, "apple", json("{'keyId': null}"), WriteOptions.DEFAULT)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(notifiers.load(core.app, "apple").orElseThrow().setting("keyId")).isEqualTo("K1");
  }

  @Test
  void an_update_of_a_missing_notifier_creates_it_by_name_but_not_by_uuid() {
    StoredEntity created =
        notifiers.update(core.app, "quiet", json("{'provider': 'noop'}"), WriteOptions.DEFAULT);

    assertThat(created.name()).isEqualTo("quiet");
    assertThat(
            codeOf(
                () ->
                    notifiers.update(
                        core.app,
                        core.ids.newTimeUuid().toString(),
                        json("{'provider': 'noop'}"),
                        WriteOptions.DEFAULT)))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
  }

  @Test
  void a_deleted_notifier_takes_its_credentials_along() {
    StoredEntity apple = apple();

    core.entities.delete(core.app, NotifierService.NOTIFIERS, "apple", WriteOptions.DEFAULT);

    assertThat(store.credentials(core.app.id(), apple.uuid())).isEmpty();
    assertThat(notifiers.load(core.app, "apple")).isEmpty();
  }

  @Test
  void credentials_in_a_write_by_query_are_refused() {
    assertThat(codeOf(() -> NotifierService.refuseCredentials(json("{'p12Certificate': 'x'}"))))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    NotifierService.refuseCredentials(json("{'title': 'fine'}"));
  }
}
