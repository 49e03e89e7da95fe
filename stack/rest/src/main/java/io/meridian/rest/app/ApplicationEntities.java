package io.meridian.rest.app;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.Json;
import io.meridian.core.entity.ApplicationCollections;

/** An application rendered as Usergrid's application entity. */
public final class ApplicationEntities {
  private ApplicationEntities() {}

  /**
   * The application as Usergrid's entity: its names, times and {@code metadata.collections} keyed
   * by collection name: what {@code GET /{org}/{app}} and the application's creation answer.
   */
  public static ObjectNode of(ApplicationRef application, ApplicationCollections collections) {
    ObjectNode json = Json.object();
    json.put("uuid", application.id().toString());
    json.put("type", "application");
    json.put("name", application.organization() + "/" + application.application());
    json.put("created", application.created());
    json.put("modified", application.created());
    json.put("applicationName", application.application());
    json.put("organizationName", application.organization());
    ObjectNode described = json.putObject("metadata").putObject("collections");
    for (ApplicationCollections.Described collection : collections.describe(application)) {
      described
          .putObject(collection.name())
          .put("count", collection.count())
          .put("name", collection.name())
          .put("title", collection.title())
          .put("type", collection.type());
    }
    return json;
  }
}
