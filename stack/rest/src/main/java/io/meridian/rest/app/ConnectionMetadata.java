package io.meridian.rest.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An entity's connection metadata as Usergrid renders it in an answer. Stored entities carry {@code
 * metadata.connections} and {@code metadata.connecting} under their own path ({@code
 * /dogs/<uuid>/connecting/likes}); an entity reached through a connection is rendered under the
 * path it was reached by, as Usergrid's SDKs compare them: listed under {@code /users/<u>/likes} it
 * is {@code /users/<u>/likes/<uuid>} and connects back at {@code
 * /users/<u>/likes/<uuid>/connecting/likes}. {@code ?connections=} chooses which of the two maps an
 * answer carries.
 */
final class ConnectionMetadata {
  private static final String CONNECTIONS = "connections";
  private static final String CONNECTING = "connecting";

  /** Usergrid's {@code ?connections=}: which connection metadata entities carry. */
  enum Shown {
    /** Both (Usergrid's default, also {@code all} or {@code both}). */
    ALL,
    /** Only {@code connecting}: what connects to the entity. */
    IN,
    /** Only {@code connections}: what the entity connects to. */
    OUT,
    NONE;

    static Shown of(String parameter) {
      if (parameter == null || parameter.isEmpty()) {
        return ALL;
      }
      return switch (parameter.toLowerCase(Locale.ROOT)) {
        case "all", "both" -> ALL;
        case "in" -> IN;
        case "out" -> OUT;
        case "none" -> NONE;
        default ->
            throw new MeridianException(
                ErrorCode.ILLEGAL_ARGUMENT,
                "connections is none, in, out or all; got '" + parameter + "'");
      };
    }
  }

  private ConnectionMetadata() {}

  /**
   * The entity rendered under {@code base} (the path it was reached by, without its uuid; null to
   * keep its own paths) with the connection metadata {@code shown} asks for. The stored text comes
   * back unparsed when there is nothing to change: the common case costs nothing.
   */
  static String render(String json, String base, Shown shown) {
    if (base == null && (shown == Shown.ALL || !json.contains("\"connect"))) {
      return json;
    }
    ObjectNode entity = Json.parseStoredObject(json);
    JsonNode found = entity.get("metadata");
    if (!(found instanceof ObjectNode metadata)) {
      return json;
    }
    if (base != null) {
      String path = base + "/" + entity.path("uuid").asText();
      metadata.put("path", path);
      rebase(metadata, CONNECTIONS, path + "/");
      rebase(metadata, CONNECTING, path + "/" + CONNECTING + "/");
    }
    if (shown == Shown.NONE || shown == Shown.IN) {
      metadata.remove(CONNECTIONS);
    }
    if (shown == Shown.NONE || shown == Shown.OUT) {
      metadata.remove(CONNECTING);
    }
    return Json.write(entity);
  }

  private static void rebase(ObjectNode metadata, String field, String prefix) {
    if (metadata.get(field) instanceof ObjectNode paths) {
      List<String> verbs = new ArrayList<>();
      paths.fieldNames().forEachRemaining(verbs::add);
      verbs.forEach(verb -> paths.put(verb, prefix + verb));
    }
  }
}
