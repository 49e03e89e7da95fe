package io.meridian.core.push;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Notifiers: entities of {@code /notifiers} whose credentials are split off before the entity is
 * written and kept sealed in the push store. The entity holds only public settings, so no response,
 * query, index or change log ever carries a credential.
 */
public final class NotifierService {
  public static final CollectionName NOTIFIERS = CollectionName.of("notifiers");

  /** The properties that are credentials: taken out of the body, sealed, never returned. */
  public static final Set<String> CREDENTIALS =
      Set.of("p8", "p12Certificate", "certificatePassword", "serviceAccount");

  private final EntityService entities;
  private final PushStore store;
  private final PushCredentials sealing;
  private final Map<String, PushProvider> providers;

  public NotifierService(
      EntityService entities,
      PushStore store,
      PushCredentials sealing,
      Map<String, PushProvider> providers) {
    this.entities = entities;
    this.store = store;
    this.sealing = sealing;
    this.providers = Map.copyOf(providers);
  }

  public List<StoredEntity> create(
      ApplicationRef app, List<JsonNode> bodies, WriteOptions options) {
    List<ObjectNode> settings = new ArrayList<>();
    List<ObjectNode> credentials = new ArrayList<>();
    for (JsonNode body : bodies) {
      ObjectNode[] split = split(body);
      requireName(split[0]);
      provider(split[0]).validateNotifier(split[0], split[1]);
      settings.add(split[0]);
      credentials.add(split[1]);
    }
    List<StoredEntity> created = entities.create(app, NOTIFIERS, List.copyOf(settings), options);
    for (int i = 0; i < created.size(); i++) {
      store.saveCredentials(
          app.id(),
          created.get(i).uuid(),
          sealing.seal(app.id(), created.get(i).uuid(), credentials.get(i)));
    }
    return created;
  }

  /** Merges settings and credentials into a notifier (created by name if missing). */
  public StoredEntity update(
      ApplicationRef app, String uuidOrName, JsonNode body, WriteOptions options) {
    Optional<StoredEntity> existing = entities.find(app, NOTIFIERS, uuidOrName);
    if (existing.isEmpty()) {
      ObjectNode named = requireObject(body).deepCopy();
      named.put("name", uuidOrName);
      if (uuidOrName.matches("[0-9a-fA-F-]{36}")) {
        throw EntityService.notFound(NOTIFIERS, uuidOrName);
      }
      return create(app, List.of(named), options).get(0);
    }
    StoredEntity current = existing.get();
    ObjectNode[] split = split(body);
    ObjectNode settings = Json.parseStoredObject(current.json());
    String provider = settings.path("provider").asText();
    if (split[0].has("provider") && !provider.equals(split[0].path("provider").asText())) {
      throw invalid("A notifier's provider cannot change; create another notifier");
    }
    settings.setAll(split[0]);
    ObjectNode credentials = credentials(app.id(), current.uuid());
    credentials.setAll(split[1]);
    provider(settings).validateNotifier(settings, credentials);
    StoredEntity updated = entities.update(app, NOTIFIERS, uuidOrName, split[0], options);
    if (!split[1].isEmpty()) {
      store.saveCredentials(
          app.id(), current.uuid(), sealing.seal(app.id(), current.uuid(), credentials));
    }
    return updated;
  }

  /** A notifier with its credentials, for sending; empty if there is none of that name. */
  public Optional<Notifier> load(ApplicationRef app, String name) {
    return entities
        .find(app, NOTIFIERS, name)
        .map(
            entity -> {
              ObjectNode settings = Json.parseStoredObject(entity.json());
              return new Notifier(
                  app.id(),
                  entity.uuid(),
                  settings.path("name").asText(),
                  settings.path("provider").asText(),
                  entity.version(),
                  settings,
                  credentials(app.id(), entity.uuid()));
            });
  }

  /** The provider that serves a notifier's settings; 400 for an unknown one. */
  public PushProvider provider(JsonNode settings) {
    JsonNode name = settings.get("provider");
    PushProvider provider = name == null || !name.isTextual() ? null : providers.get(name.asText());
    if (provider == null) {
      throw invalid(
          "A notifier needs 'provider', one of "
              + String.join(", ", providers.keySet().stream().sorted().toList()));
    }
    return provider;
  }

  /** 400 when a write that cannot seal credentials (an update by query) carries one. */
  public static void refuseCredentials(JsonNode body) {
    for (String field : CREDENTIALS) {
      if (body.has(field)) {
        throw invalid("Set a notifier's credentials on the notifier itself, not by query");
      }
    }
  }

  private ObjectNode credentials(UUID applicationId, UUID notifier) {
    return store
        .credentials(applicationId, notifier)
        .map(stored -> sealing.open(applicationId, notifier, stored))
        .orElseGet(Json::object);
  }

  /** [public settings, credentials]. */
  private static ObjectNode[] split(JsonNode body) {
    ObjectNode settings = requireObject(body).deepCopy();
    ObjectNode credentials = Json.object();
    for (String field : CREDENTIALS) {
      JsonNode value = settings.remove(field);
      if (value != null && !value.isNull()) {
        credentials.set(field, value);
      }
    }
    return new ObjectNode[] {settings, credentials};
  }

  private static ObjectNode requireObject(JsonNode body) {
    if (body == null || !body.isObject()) {
      throw invalid("A notifier must be a JSON object");
    }
    return (ObjectNode) body;
  }

  private static void requireName(ObjectNode settings) {
    JsonNode name = settings.get("name");
    if (name == null || !name.isTextual() || name.asText().isBlank()) {
      throw invalid("A notifier needs a 'name': payloads are addressed to notifiers by name");
    }
  }

  static MeridianException invalid(String message) {
    return new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, message);
  }
}
