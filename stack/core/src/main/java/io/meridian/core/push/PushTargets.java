package io.meridian.core.push;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.Json;
import io.meridian.core.connection.Direction;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.QueryPage;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.access.GrantStore;
import io.meridian.core.identity.access.RoleService;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Resolves a target to its devices, a page at a time and in a stable order (a listing or a query's
 * order), so that an expansion run again after a crash makes the same chunks. A user's devices are
 * those it connects to under {@code devices} ({@code POST /users/{u}/devices/{d}}).
 */
final class PushTargets {
  private static final int PAGE = 1000;
  private static final CollectionName USERS = RoleService.USERS;

  private final EntityService entities;
  private final EntityQueries queries;
  private final RoleService roles;

  PushTargets(EntityService entities, EntityQueries queries, RoleService roles) {
    this.entities = entities;
    this.queries = queries;
    this.roles = roles;
  }

  void devices(ApplicationRef app, PushTarget target, Consumer<StoredEntity> device) {
    Set<UUID> seen = new HashSet<>();
    Consumer<StoredEntity> once =
        entity -> {
          if (entity.collection().equals(NotificationService.DEVICES.plural())
              && seen.add(entity.uuid())) {
            device.accept(entity);
          }
        };
    switch (target.kind()) {
      case DEVICE ->
          entities
              .find(app, NotificationService.DEVICES, target.entity().toString())
              .ifPresent(once);
      case USER ->
          entities
              .find(app, USERS, target.entity().toString())
              .ifPresent(user -> devicesOf(app, user, once));
      case GROUP -> {
        List<UUID> users =
            RoleService.ids(
                roles.holders(app, GrantStore.GROUP, target.entity().toString()), "user");
        for (UUID user : users) {
          entities
              .find(app, USERS, user.toString())
              .ifPresent(found -> devicesOf(app, found, once));
        }
      }
      case QUERY -> {
        String cursor = null;
        do {
          QueryPage page =
              queries.query(app, NotificationService.DEVICES, target.ql(), PAGE, cursor);
          page.entities().forEach(once);
          cursor = page.cursor();
        } while (cursor != null);
      }
    }
  }

  private void devicesOf(ApplicationRef app, StoredEntity user, Consumer<StoredEntity> device) {
    String cursor = null;
    do {
      QueryPage page = queries.connected(app, user, Direction.OUT, "devices", null, PAGE, cursor);
      page.entities().forEach(device);
      cursor = page.cursor();
    } while (cursor != null);
  }

  /** The device's token for a notifier, or null: none, or one the provider said is gone. */
  static String token(StoredEntity device, String notifier) {
    JsonNode json = Json.parseStoredObject(device.json());
    JsonNode token = json.get(notifier + ".notifier.id");
    if (token == null || !token.isTextual() || token.asText().isBlank()) {
      return null;
    }
    JsonNode unregistered = json.get(notifier + ".notifier.unregistered");
    if (unregistered != null && unregistered.asText().equals(token.asText())) {
      return null;
    }
    return token.asText();
  }
}
