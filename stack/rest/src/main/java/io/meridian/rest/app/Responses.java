package io.meridian.rest.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.Json;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.QueryPage;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.identity.access.Visibility;
import io.meridian.core.query.Projection;
import io.meridian.rest.access.Caller;
import io.meridian.rest.api.Envelope;
import io.meridian.rest.api.RequestInfo;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.function.UnaryOperator;

/** Envelopes of the application API, shared by its resources. */
public final class Responses {
  private Responses() {}

  /**
   * @param path the resource path inside the application, without the leading slash
   */
  public static Envelope envelope(String action, ApplicationRef application, String path) {
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

  /** The answer about entities read or written: an envelope carrying them as {@link #shown}. */
  public static byte[] entities(
      String action, ApplicationRef application, String path, List<StoredEntity> entities) {
    return envelope(action, application, path).entities(shown(entities)).toJson();
  }

  /** The answer about one entity read or written, as {@link #entities}. */
  public static byte[] entity(
      String action, ApplicationRef application, String path, StoredEntity entity) {
    return entities(action, application, path, List.of(entity));
  }

  /**
   * A page of results: whole entities, or (for a selection) the entities holding only the selected
   * fields, as Usergrid 2 answers; and its cursor. It carries only the entities the caller may read
   * (see {@link #listed}).
   */
  static byte[] page(Envelope envelope, QueryPage page) {
    return page(envelope, page, UnaryOperator.identity());
  }

  /** {@link #page} with each whole entity's JSON passed through {@code render}. */
  static byte[] page(Envelope envelope, QueryPage page, UnaryOperator<String> render) {
    List<StoredEntity> visible = Caller.visibility().readable(page.entities());
    if (page.projection().isPresent()) {
      Projection projection = page.projection().get();
      envelope.entities(
          visible.stream()
              .map(entity -> Json.write(projection.entity(Json.parseStoredObject(entity.json()))))
              .toList());
    } else if (page.distances().isEmpty()) {
      envelope.entities(json(visible).stream().map(render).toList());
    } else {
      envelope.entities(visible.stream().map(e -> render.apply(withDistance(e, page))).toList());
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

  /**
   * The entities a list carries, however the request reached them (a query, a connection, a
   * membership, a fence lookup): only those a {@code GET} of the entity would show the caller.
   */
  static List<String> listed(List<StoredEntity> entities) {
    return json(Caller.visibility().readable(entities));
  }

  /**
   * The entities an answer about them (a read or a write) carries: whole when the caller may read
   * them, else only their identity, which a write may learn without a permission to read.
   */
  public static List<String> shown(List<StoredEntity> entities) {
    Visibility visibility = Caller.visibility();
    return entities.stream()
        .map(entity -> visibility.canRead(entity) ? entity.json() : identityOf(entity))
        .toList();
  }

  private static String identityOf(StoredEntity entity) {
    ObjectNode json = Json.parseStoredObject(entity.json());
    ObjectNode identity = Json.object();
    for (String field :
        List.of(
            "uuid",
            "type",
            CollectionName.of(entity.collection()).alias(),
            "created",
            "modified")) {
      JsonNode value = json.get(field);
      if (value != null) {
        identity.set(field, value);
      }
    }
    return Json.write(identity);
  }

  private static List<String> json(List<StoredEntity> entities) {
    return entities.stream().map(StoredEntity::json).toList();
  }
}
