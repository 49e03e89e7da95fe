package io.meridian.rest.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import io.meridian.rest.param.ConnectionsShown;
import java.util.ArrayList;
import java.util.List;

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

  private ConnectionMetadata() {}

  /**
   * The entity rendered under {@code base} (the path it was reached by, without its uuid; null to
   * keep its own paths) with the connection metadata {@code shown} asks for. The stored text comes
   * back unparsed when there is nothing to change: the common case costs nothing.
   */
  static String render(String json, String base, ConnectionsShown shown) {
    if (base == null && (shown == ConnectionsShown.ALL || !json.contains("\"connect"))) {
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
    if (shown == ConnectionsShown.NONE || shown == ConnectionsShown.IN) {
      metadata.remove(CONNECTIONS);
    }
    if (shown == ConnectionsShown.NONE || shown == ConnectionsShown.OUT) {
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
