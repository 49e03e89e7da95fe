package io.meridian.core.entity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.common.TimeUuids;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/**
 * The JSON shape of an entity: system properties first ({@code uuid, type, name, created, modified,
 * metadata}), then the user's. System properties in a request body are ignored, as in Usergrid:
 * they are Meridian's to set, so a body can never corrupt them. {@code file-metadata} is dropped
 * from bodies too, but kept through merges: only an upload sets it (it describes the entity's
 * file).
 */
final class EntityDocuments {
  static final Set<String> SYSTEM_PROPERTIES =
      Set.of("uuid", "type", "created", "modified", "metadata");
  static final String FILE_METADATA = "file-metadata";
  static final int MAX_PROPERTY_NAME_LENGTH = 256;
  static final int MAX_NAME_LENGTH = 1024;
  private static final String USERS = "users";

  private EntityDocuments() {}

  /** The user properties of a request body, validated; system properties dropped. */
  static ObjectNode userProperties(JsonNode body, CollectionName collection) {
    if (body == null || !body.isObject()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "An entity must be a JSON object, got " + describe(body));
    }
    ObjectNode properties = Json.object();
    for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      String key = field.getKey();
      if (SYSTEM_PROPERTIES.contains(key) || key.equals(FILE_METADATA)) {
        continue;
      }
      if (key.isBlank() || key.length() > MAX_PROPERTY_NAME_LENGTH) {
        throw new MeridianException(
            ErrorCode.ILLEGAL_ARGUMENT,
            "Property names must be 1 to " + MAX_PROPERTY_NAME_LENGTH + " non-blank characters");
      }
      properties.set(key, field.getValue());
    }
    String alias = collection.alias();
    JsonNode name = properties.get(alias);
    if (name != null && name.isNumber() && alias.equals("name")) {
      // Usergrid takes a number as a name and keeps it as its text: {"name": 42} is named "42".
      name = TextNode.valueOf(name.asText());
      properties.set(alias, name);
    }
    if (name != null && !name.isNull()) {
      validateName(alias, name);
    }
    return properties;
  }

  /**
   * A name is a non-blank string of bounded length. A {@code name} that looks like a UUID is taken,
   * as Usergrid takes it (a path segment that is a UUID is looked up as the entity's uuid first and
   * then as a name, see {@link EntityService#find}); a username or a group's path may not, nor may
   * a username be {@code me}, since those address users and groups in their own ways.
   */
  private static void validateName(String alias, JsonNode name) {
    if (!name.isTextual() || name.asText().isBlank()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "Property '" + alias + "' must be a non-blank string");
    }
    String text = name.asText();
    if (text.length() > MAX_NAME_LENGTH) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "Property '" + alias + "' is longer than " + MAX_NAME_LENGTH + " characters");
    }
    if (!alias.equals("name")
        && (TimeUuids.isUuidText(text)
            || text.equalsIgnoreCase("me") && alias.equals("username"))) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "Property '"
              + alias
              + "' must not be a UUID (or 'me' for a username): users and groups are addressed"
              + " by uuid or "
              + alias
              + " in the same path segment");
    }
  }

  /** The complete entity JSON as the API serves it. */
  static ObjectNode render(
      UUID uuid,
      CollectionName collection,
      long created,
      long modified,
      ObjectNode userProperties) {
    ObjectNode entity = Json.object();
    entity.put("uuid", uuid.toString());
    entity.put("type", collection.type());
    JsonNode name = userProperties.get("name");
    if (name != null && name.isTextual()) {
      entity.set("name", name);
    }
    entity.put("created", created);
    entity.put("modified", modified);
    String path = "/" + collection.plural() + "/" + uuid;
    ObjectNode metadata = entity.putObject("metadata").put("path", path);
    if (collection.plural().equals(USERS)) {
      // Usergrid's sets of a user, which its SDKs read: where its roles and permissions are.
      metadata
          .putObject("sets")
          .put("rolenames", path + "/roles")
          .put("permissions", path + "/permissions");
    }
    userProperties
        .fields()
        .forEachRemaining(
            field -> {
              if (!field.getKey().equals("name")) {
                entity.set(field.getKey(), field.getValue());
              }
            });
    return entity;
  }

  /** The user properties of a stored entity (everything but the system properties). */
  static ObjectNode storedUserProperties(String json) {
    ObjectNode entity = Json.parseStoredObject(json);
    entity.remove(SYSTEM_PROPERTIES);
    return entity;
  }

  /**
   * The stored entity JSON with the verbs it has connections under rendered into its metadata, as
   * Usergrid does: {@code metadata.connections: {verb: "/<collection>/<uuid>/<verb>"}} and {@code
   * metadata.connecting: {verb: "/<collection>/<uuid>/connecting/<verb>"}}, verbs in name order.
   * With no verbs the stored text is returned as is, unparsed: that is the common GET.
   */
  static String withConnectionMetadata(
      String json,
      String collection,
      UUID uuid,
      Collection<String> connections,
      Collection<String> connecting) {
    if (connections.isEmpty() && connecting.isEmpty()) {
      return json;
    }
    ObjectNode entity = Json.parseStoredObject(json);
    JsonNode existing = entity.get("metadata");
    ObjectNode metadata =
        existing instanceof ObjectNode object ? object : entity.putObject("metadata");
    String path = "/" + collection + "/" + uuid + "/";
    if (!connections.isEmpty()) {
      ObjectNode paths = metadata.putObject("connections");
      new TreeSet<>(connections).forEach(verb -> paths.put(verb, path + verb));
    }
    if (!connecting.isEmpty()) {
      ObjectNode paths = metadata.putObject("connecting");
      new TreeSet<>(connecting).forEach(verb -> paths.put(verb, path + "connecting/" + verb));
    }
    return Json.write(entity);
  }

  private static String describe(JsonNode node) {
    if (node == null) {
      return "nothing";
    }
    return switch (node.getNodeType()) {
      case ARRAY -> "an array";
      case STRING -> "a string";
      case NUMBER -> "a number";
      case BOOLEAN -> "a boolean";
      case NULL -> "null";
      default -> node.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    };
  }
}
