package io.meridian.core.device;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.Json;
import io.meridian.core.common.TimeUuids;
import io.meridian.core.counter.CounterService;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Device presence written through {@link EntityService}, as any client's write: the change log, the
 * index, the real-time feed and permissions treat a device's entity as any other. Only the presence
 * properties are written; the others (a push notifier's token) are left as they are.
 */
public final class EntityDevices implements DeviceEntities {
  public static final CollectionName DEVICES = CollectionName.of("devices");

  private final EntityService entities;
  private final ApplicationService applications;
  private final CounterService counters;

  public EntityDevices(
      EntityService entities, ApplicationService applications, CounterService counters) {
    this.entities = entities;
    this.applications = applications;
    this.counters = counters;
  }

  @Override
  public void connected(Presence presence, String info) {
    if (!nameable(presence.device())) {
      return;
    }
    Optional<ApplicationRef> app = applications.find(presence.app());
    if (app.isEmpty()) {
      return; // deleted while its device was attached
    }
    ObjectNode body = Json.object();
    body.put("connected", true);
    body.put("node", presence.node());
    body.put("transport", presence.transport());
    body.put("ip_address", presence.ipAddress());
    body.put("connected_at", presence.connectedAt().toEpochMilli());
    body.put("last_heartbeat", presence.heartbeat().toEpochMilli());
    if (info != null) {
      body.put("info", info);
    }
    entities.update(app.get(), DEVICES, presence.device(), body, WriteOptions.EVENTUAL);
  }

  @Override
  public void disconnected(UUID app, String device, String node, Instant connectedAt, Instant at) {
    Optional<ApplicationRef> application =
        nameable(device) ? applications.find(app) : Optional.empty();
    if (application.isEmpty()) {
      return;
    }
    Optional<StoredEntity> entity = entities.find(application.get(), DEVICES, device);
    if (entity.isEmpty() || !showsAttachment(entity.get(), node, connectedAt)) {
      return;
    }
    ObjectNode body = Json.object();
    body.put("connected", false);
    body.put("disconnected_at", at.toEpochMilli());
    entities.update(application.get(), DEVICES, device, body, WriteOptions.EVENTUAL);
  }

  @Override
  public void takeover(
      UUID app, String device, Takeover what, Instant at, String ipAddress, String transport) {
    Optional<ApplicationRef> application = applications.find(app);
    if (application.isEmpty()) {
      return;
    }
    counters.increment(application.get(), Map.of(what.counter, 1L), at.toEpochMilli());
    if (!nameable(device)) {
      return;
    }
    ObjectNode body = Json.object();
    ObjectNode shown = body.putObject(what.property);
    shown.put("at", at.toEpochMilli());
    shown.put("ip_address", ipAddress);
    shown.put("transport", transport);
    entities.update(application.get(), DEVICES, device, body, WriteOptions.EVENTUAL);
  }

  /** Whether a device id can name an entity: a UUID cannot (it would address one by uuid). */
  static boolean nameable(String device) {
    return !TimeUuids.isUuidText(device);
  }

  /** Whether the entity says the device is connected through this attachment. */
  static boolean showsAttachment(StoredEntity entity, String node, Instant connectedAt) {
    JsonNode json = Json.parseStoredObject(entity.json());
    return json.path("connected").asBoolean(false)
        && node.equals(json.path("node").asText(null))
        && json.path("connected_at").asLong(-1) == connectedAt.toEpochMilli();
  }
}
