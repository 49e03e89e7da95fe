package io.meridian.core.push;

import static io.meridian.testing.Bodies.json;
import static io.meridian.testing.Refusals.codeOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.testing.Bodies;
import io.meridian.testing.MemoryCore;
import io.meridian.testing.push.MemoryPushStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class NotificationServiceTest {
  private static final long NOW = MemoryCore.START.toEpochMilli();

  private final MemoryCore core = new MemoryCore();
  private final MemoryPushStore store = new MemoryPushStore();
  private final NotifierService notifiers =
      new NotifierService(
          core.entities,
          store,
          new PushCredentials(new byte[32]),
          Map.of(NoopProvider.NAME, new NoopProvider()));
  private final NotificationService notifications =
      new NotificationService(core.entities, core.queries, notifiers, store, core.clock);
  private final UUID device = core.ids.newTimeUuid();
  private final PushTarget toDevice = new PushTarget(PushTarget.Kind.DEVICE, device, null);

  {
    notifiers.create(
        core.app, List.of(json("{'name': 'quiet', 'provider': 'noop'}")), WriteOptions.DEFAULT);
  }

  @Test
  void a_notification_is_recorded_as_created_and_queued_for_its_target() {
    StoredEntity sent =
        notifications.send(core.app, toDevice, json("{'payloads': {'quiet': 'hello'}}"));

    ObjectNode json = Bodies.of(sent);
    assertThat(sent.collection()).isEqualTo("notifications");
    assertThat(json.path("state").asText()).isEqualTo("CREATED");
    assertThat(json.at("/payloads/quiet").asText()).isEqualTo("hello");
    assertThat(json.at("/statistics/sent").asInt()).isZero();
    assertThat(json.has("deliver")).isFalse();
    PushStore.Job job = store.job(sent.uuid()).orElseThrow();
    assertThat(job.applicationId()).isEqualTo(core.app.id());
    assertThat(PushTarget.fromJson(job.target())).isEqualTo(toDevice);
    assertThat(job.payloads()).isEqualTo("{\"quiet\":\"hello\"}");
    assertThat(job.deliverAt()).isZero();
    assertThat(job.expanded()).isFalse();
  }

  @Test
  void a_notification_to_deliver_later_is_scheduled_until_it_expires() {
    StoredEntity sent =
        notifications.send(
            core.app,
            new PushTarget(PushTarget.Kind.QUERY, null, "where platform = 'ios'"),
            json(
                "{'payloads': {'quiet': {'alert': 'hi'}}, 'deliver': "
                    + (NOW + 60_000)
                    + ", 'expire': "
                    + (NOW + 120_000)
                    + "}"));

    ObjectNode json = Bodies.of(sent);
    assertThat(json.path("state").asText()).isEqualTo("SCHEDULED");
    assertThat(json.path("deliver").asLong()).isEqualTo(NOW + 60_000);
    assertThat(json.path("expire").asLong()).isEqualTo(NOW + 120_000);
    assertThat(store.job(sent.uuid()).orElseThrow().expireAt()).isEqualTo(NOW + 120_000);
  }

  @Test
  void a_notification_that_could_not_be_sent_as_asked_is_refused_and_nothing_is_written() {
    List<String> refused = new ArrayList<>();
    refused.add("[]");
    refused.add("{}");
    refused.add("{'payloads': 'hello'}");
    refused.add("{'payloads': {}}");
    refused.add("{'payloads': {'loud': 'hello'}}");
    refused.add("{'payloads': {'quiet': 7}}");
    refused.add("{'payloads': {'quiet': 'hi'}, 'expire': " + NOW + "}");
    refused.add(
        "{'payloads': {'quiet': 'hi'}, 'deliver': "
            + (NOW + 10)
            + ", 'expire': "
            + (NOW + 10)
            + "}");
    refused.add("{'payloads': {'quiet': 'hi'}, 'deliver': -1}");
    refused.add("{'payloads': {'quiet': 'hi'}, 'deliver': 'soon'}");
    StringBuilder eleven = new StringBuilder("{'payloads': {");
    for (int i = 0; i <= NotificationService.MAX_PAYLOADS; i++) {
      eleven.append(i == 0 ? "" : ", ").append("'n").append(i).append("': 'x'");
    }
    refused.add(eleven.append("}}").toString());
    for (String body : refused) {
      assertThat(codeOf(() -> notifications.send(core.app, toDevice, json(body))))
          .as(body)
          .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    }
    assertThat(
            codeOf(
                () ->
                    notifications.send(
                        core.app,
                        new PushTarget(PushTarget.Kind.QUERY, null, "where ("),
                        json("{'payloads': {'quiet': 'hi'}}"))))
        .isEqualTo(ErrorCode.QUERY_PARSE);
    assertThat(codeOf(() -> notifications.send(core.app, toDevice, null)))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(core.store.hasCollection(core.app.id(), "notifications")).isFalse();
    assertThat(store.jobs()).isEmpty();
  }

  @Test
  void a_notification_whose_queueing_fails_is_deleted_again() {
    store.setQueueAvailable(false);

    assertThatThrownBy(
            () -> notifications.send(core.app, toDevice, json("{'payloads': {'quiet': 'hi'}}")))
        .isInstanceOf(IllegalStateException.class);

    store.setQueueAvailable(true);
    assertThat(
            core.queries
                .query(core.app, NotificationService.NOTIFICATIONS, null, 10, null)
                .entities())
        .isEmpty();
    assertThat(store.jobs()).isEmpty();
  }

  @Test
  void receipts_are_the_finished_tasks_in_chunk_order_a_page_at_a_time() {
    StoredEntity sent =
        notifications.send(core.app, toDevice, json("{'payloads': {'quiet': 'hi'}}"));
    UUID first = core.ids.newTimeUuid();
    UUID second = core.ids.newTimeUuid();
    UUID third = core.ids.newTimeUuid();
    store.createChunk(
        core.app.id(),
        sent.uuid(),
        0,
        List.of(
            PushStore.Task.pending(second, "quiet", "t2"),
            PushStore.Task.pending(first, "quiet", "t1")));
    store.createChunk(
        core.app.id(), sent.uuid(), 1, List.of(PushStore.Task.pending(third, "quiet", "t3")));
    store.record(
        core.app.id(),
        sent.uuid(),
        0,
        PushStore.Task.pending(first, "quiet", "t1").outcome("sent", NOW + 1, null, null, 1));
    store.record(
        core.app.id(),
        sent.uuid(),
        1,
        PushStore.Task.pending(third, "quiet", "t3")
            .outcome("failed", NOW + 2, "BadDeviceToken", "bad token", 2));

    NotificationService.ReceiptPage page =
        notifications.receipts(core.app, sent.uuid().toString(), 1, null);
    NotificationService.ReceiptPage next =
        notifications.receipts(core.app, sent.uuid().toString(), 1, page.cursor());
    NotificationService.ReceiptPage all =
        notifications.receipts(core.app, sent.uuid().toString(), 10, null);

    assertThat(page.receipts())
        .singleElement()
        .satisfies(
            receipt -> {
              assertThat(receipt.path("deviceId").asText()).isEqualTo(first.toString());
              assertThat(receipt.path("state").asText()).isEqualTo("sent");
              assertThat(receipt.path("sent").asLong()).isEqualTo(NOW + 1);
            });
    assertThat(page.cursor()).isNotNull();
    assertThat(next.receipts())
        .singleElement()
        .satisfies(
            receipt -> {
              assertThat(receipt.path("deviceId").asText()).isEqualTo(third.toString());
              assertThat(receipt.path("errorCode").asText()).isEqualTo("BadDeviceToken");
              assertThat(receipt.path("failed").asLong()).isEqualTo(NOW + 2);
              assertThat(receipt.path("attempts").asInt()).isEqualTo(2);
            });
    assertThat(next.cursor()).isNull();
    assertThat(all.receipts()).hasSize(2);
    assertThat(all.cursor()).isNull();
  }

  @Test
  void receipts_of_a_missing_notification_or_with_a_malformed_cursor_are_refused() {
    StoredEntity sent =
        notifications.send(core.app, toDevice, json("{'payloads': {'quiet': 'hi'}}"));

    assertThat(codeOf(() -> notifications.receipts(core.app, "nothing", 10, null)))
        .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
    for (String cursor : List.of("!!", "MTI", "LTE6MA")) {
      assertThat(codeOf(() -> notifications.receipts(core.app, sent.uuid().toString(), 10, cursor)))
          .as(cursor)
          .isEqualTo(ErrorCode.BAD_REQUEST);
    }
  }

  private StoredEntity post(String collection, String body) {
    return core.entities
        .create(core.app, CollectionName.of(collection), List.of(json(body)), WriteOptions.DEFAULT)
        .get(0);
  }

  @Test
  void a_notification_posted_to_a_device_user_or_group_targets_that_entity() {
    StoredEntity meter = post("devices", "{'name': 'meter1'}");
    StoredEntity ada = post("users", "{'username': 'ada'}");
    StoredEntity staff = post("groups", "{'path': 'staff'}");

    assertThat(notifications.target(core.app, CollectionName.of("devices"), "meter1"))
        .isEqualTo(new PushTarget(PushTarget.Kind.DEVICE, meter.uuid(), null));
    assertThat(notifications.target(core.app, CollectionName.of("device"), meter.uuid().toString()))
        .isEqualTo(new PushTarget(PushTarget.Kind.DEVICE, meter.uuid(), null));
    assertThat(notifications.target(core.app, CollectionName.of("users"), "ada"))
        .isEqualTo(new PushTarget(PushTarget.Kind.USER, ada.uuid(), null));
    assertThat(notifications.target(core.app, CollectionName.of("groups"), "staff"))
        .isEqualTo(new PushTarget(PushTarget.Kind.GROUP, staff.uuid(), null));
  }

  @Test
  void a_notification_posted_to_every_device_targets_them_all_by_an_empty_query() {
    assertThat(notifications.target(core.app, CollectionName.of("devices"), "*"))
        .isEqualTo(new PushTarget(PushTarget.Kind.QUERY, null, null));
  }

  @Test
  void a_notification_is_posted_to_devices_users_or_groups_only_and_to_an_existing_entity() {
    post("dogs", "{'name': 'rex'}");

    assertThat(codeOf(() -> notifications.target(core.app, CollectionName.of("dogs"), "rex")))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    assertThat(codeOf(() -> notifications.target(core.app, CollectionName.of("roles"), "x")))
        .isEqualTo(ErrorCode.ILLEGAL_ARGUMENT);
    for (String collection : List.of("devices", "users", "groups")) {
      assertThat(
              codeOf(() -> notifications.target(core.app, CollectionName.of(collection), "nobody")))
          .as(collection)
          .isEqualTo(ErrorCode.ENTITY_NOT_FOUND);
    }
  }
}
