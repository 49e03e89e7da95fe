package io.meridian.rest.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.Json;
import io.meridian.core.entity.QueryPage;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.query.Projection;
import io.meridian.rest.api.Envelope;
import io.meridian.rest.api.RequestInfo;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;

/** Envelopes of the application API, shared by its resources. */
final class Responses {
  private Responses() {}

  /**
   * @param path the resource path inside the application, without the leading slash
   */
  static Envelope envelope(String action, ApplicationRef application, String path) {
    UriInfo uriInfo = RequestInfo.current().uri();
    String base = uriInfo.getBaseUri().toString();
    String uri =
        (base.endsWith("/") ? base : base + "/")
            + application.organization()
            + "/"
            + application.application()
            + "/"
            + path;
    return Envelope.of(action)
        .application(application)
        .params(uriInfo.getQueryParameters())
        .path("/" + path)
        .uri(uri);
  }

  /** A page of results: whole entities, or a projection's rows as {@code list}; and its cursor. */
  static byte[] page(Envelope envelope, QueryPage page) {
    if (page.projection().isPresent()) {
      Projection projection = page.projection().get();
      List<JsonNode> rows =
          page.entities().stream()
              .map(entity -> projection.apply(Json.parseStoredObject(entity.json())))
              .toList();
      envelope.list(rows);
    } else if (page.distances().isEmpty()) {
      envelope.entities(json(page.entities()));
    } else {
      envelope.entities(page.entities().stream().map(e -> withDistance(e, page)).toList());
    }
    return envelope.cursor(page.cursor()).toJson();
  }

  /** The entity with its distance from a {@code within}'s centre in {@code metadata.distance}. */
  private static String withDistance(StoredEntity entity, QueryPage page) {
    Double meters = page.distances().get(entity.uuid());
    if (meters == null) {
      return entity.json();
    }
    ObjectNode json = Json.parseStoredObject(entity.json());
    json.withObject("metadata").put("distance", meters);
    return Json.write(json);
  }

  static List<String> json(List<StoredEntity> entities) {
    return entities.stream().map(StoredEntity::json).toList();
  }
}
