package io.meridian.core.push;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.identity.access.RoleService;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Creating notifications (Usergrid's {@code POST .../notifications}) and reading their receipts. A
 * notification is checked whole before anything is written: every payload names a notifier of the
 * application and suits its provider, and the schedule is not already over. It is then written as
 * an entity of {@code /notifications} and queued; {@link PushWorker}s on any node send it.
 */
public final class NotificationService {
  public static final CollectionName NOTIFICATIONS = CollectionName.of("notifications");
  public static final CollectionName DEVICES = CollectionName.of("devices");
  static final int MAX_PAYLOADS = 10;

  private final EntityService entities;
  private final EntityQueries queries;
  private final NotifierService notifiers;
  private final PushStore store;
  private final Clock clock;

  public NotificationService(
      EntityService entities,
      EntityQueries queries,
      NotifierService notifiers,
      PushStore store,
      Clock clock) {
    this.entities = entities;
    this.queries = queries;
    this.notifiers = notifiers;
    this.store = store;
    this.clock = clock;
  }

  /**
   * The target of a notification posted to an entity's path: {@code /devices/{id}}, {@code
   * /devices/*} (every device), {@code /users/{id}}, {@code /groups/{id}}; 400 for any other
   * collection, 404 for a missing entity.
   *
   * @param entity the entity's uuid or name as the path gives it
   */
  public PushTarget target(ApplicationRef app, CollectionName collection, String entity) {
    if (collection.equals(DEVICES) && entity.equals("*")) {
      return new PushTarget(PushTarget.Kind.QUERY, null, null);
    }
    PushTarget.Kind kind;
    if (collection.equals(DEVICES)) {
      kind = PushTarget.Kind.DEVICE;
    } else if (collection.equals(RoleService.USERS)) {
      kind = PushTarget.Kind.USER;
    } else if (collection.equals(RoleService.GROUPS)) {
      kind = PushTarget.Kind.GROUP;
    } else {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "Notifications are sent to devices, users or groups");
    }
    return new PushTarget(kind, entities.get(app, collection, entity).uuid(), null);
  }

  /** Checks, records and queues a notification to {@code target}; returns its entity. */
  public StoredEntity send(ApplicationRef app, PushTarget target, JsonNode body) {
    if (body == null || !body.isObject()) {
      throw invalid("A notification must be a JSON object with 'payloads'");
    }
    JsonNode payloads = body.get("payloads");
    if (payloads == null || !payloads.isObject() || payloads.isEmpty()) {
      throw invalid(
          "A notification needs 'payloads': an object from notifier name to that notifier's"
              + " payload");
    }
    if (payloads.size() > MAX_PAYLOADS) {
      throw invalid("A notification takes at most " + MAX_PAYLOADS + " payloads");
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = payloads.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> payload = it.next();
      Notifier notifier =
          notifiers
              .load(app, payload.getKey())
              .orElseThrow(
                  () ->
                      invalid(
                          "No notifier named '"
                              + payload.getKey()
                              + "' in this application; create it under /notifiers first"));
      notifiers.provider(notifier.settings()).validatePayload(notifier.name(), payload.getValue());
    }
    long now = clock.millis();
    long deliver = time(body, "deliver");
    long expire = time(body, "expire");
    if (expire != 0 && expire <= now) {
      throw invalid("'expire' is in the past: the notification would never be sent");
    }
    if (expire != 0 && deliver != 0 && deliver >= expire) {
      throw invalid("'deliver' is not before 'expire': the notification would never be sent");
    }
    requireTarget(app, target);
    ObjectNode properties = Json.object();
    properties.set("payloads", payloads);
    if (deliver != 0) {
      properties.put("deliver", deliver);
    }
    if (expire != 0) {
      properties.put("expire", expire);
    }
    properties.put("state", deliver > now ? "SCHEDULED" : "CREATED");
    properties.set("statistics", Json.object().put("sent", 0).put("errors", 0));
    properties.put("expectedCount", 0);
    StoredEntity created =
        entities.create(app, NOTIFICATIONS, List.of(properties), WriteOptions.DEFAULT).get(0);
    try {
      store.enqueue(
          new PushStore.Job(
              created.uuid(),
              app.id(),
              deliver,
              expire,
              target.toJson(),
              Json.write(payloads),
              false,
              0,
              0,
              null,
              0));
    } catch (RuntimeException e) {
      entities.delete(app, NOTIFICATIONS, created.uuid().toString(), WriteOptions.DEFAULT);
      throw e;
    }
    return created;
  }

  /**
   * A page of a notification's receipts, one per device and notifier sent to (or given up on), in
   * chunk order. The cursor is a position, not a secret: it names a chunk and an offset in it.
   */
  public ReceiptPage receipts(ApplicationRef app, String notification, int limit, String cursor) {
    StoredEntity found = entities.get(app, NOTIFICATIONS, notification);
    int[] position = position(cursor);
    List<ObjectNode> receipts = new ArrayList<>();
    List<PushStore.Chunk> chunks = store.chunks(app.id(), found.uuid());
    for (PushStore.Chunk chunk : chunks) {
      if (chunk.chunk() < position[0]) {
        continue;
      }
      List<PushStore.Task> tasks = store.tasks(app.id(), found.uuid(), chunk.chunk());
      int start = chunk.chunk() == position[0] ? position[1] : 0;
      for (int i = start; i < tasks.size(); i++) {
        if (receipts.size() == limit) {
          return new ReceiptPage(receipts, encode(chunk.chunk(), i));
        }
        PushStore.Task task = tasks.get(i);
        if (task.done()) {
          receipts.add(receipt(found, task));
        }
      }
    }
    return new ReceiptPage(receipts, null);
  }

  public record ReceiptPage(List<ObjectNode> receipts, String cursor) {}

  private static ObjectNode receipt(StoredEntity notification, PushStore.Task task) {
    ObjectNode receipt = Json.object();
    receipt.put("type", "receipt");
    receipt.put("notificationUUID", notification.uuid().toString());
    receipt.put("deviceId", task.device().toString());
    receipt.put("notifier", task.notifier());
    receipt.put("state", task.state());
    if ("sent".equals(task.state())) {
      receipt.put("sent", task.finished());
    } else {
      receipt.put("failed", task.finished());
      receipt.put("errorCode", task.errorCode());
      receipt.put("errorMessage", task.errorMessage());
    }
    receipt.put("attempts", task.attempts());
    return receipt;
  }

  private void requireTarget(ApplicationRef app, PushTarget target) {
    switch (target.kind()) {
      case DEVICE, USER, GROUP -> {
        // resolved by the resource, which looked the entity up
      }
      case QUERY -> queries.compile(target.ql());
    }
  }

  private static long time(JsonNode body, String field) {
    JsonNode value = body.get(field);
    if (value == null || value.isNull()) {
      return 0;
    }
    if (!value.canConvertToLong() || !value.isIntegralNumber() || value.asLong() < 0) {
      throw invalid("'" + field + "' must be a time in milliseconds since 1970");
    }
    return value.asLong();
  }

  private static int[] position(String cursor) {
    if (cursor == null || cursor.isBlank()) {
      return new int[] {0, 0};
    }
    try {
      String[] parts =
          new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.US_ASCII).split(":");
      int[] position = {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])};
      if (parts.length != 2 || position[0] < 0 || position[1] < 0) {
        throw new IllegalArgumentException();
      }
      return position;
    } catch (IllegalArgumentException | ArrayIndexOutOfBoundsException e) {
      throw new MeridianException(ErrorCode.BAD_REQUEST, "Malformed cursor");
    }
  }

  private static String encode(int chunk, int offset) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString((chunk + ":" + offset).getBytes(StandardCharsets.US_ASCII));
  }

  static MeridianException invalid(String message) {
    return new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, message);
  }
}
