package io.meridian.rest.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.rest.api.Envelope;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.api.RequestInfo;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code /{org}/{app}/{collection}[/{uuid|name}]}: entity CRUD and queries. A singleton; what it
 * needs of the request beyond its parameters comes from {@link RequestInfo}.
 */
@Path("/{org}/{app}/{collection}")
@Produces(MediaType.APPLICATION_JSON)
public class EntityResource {
  private static final int MAX_ENTITIES_PER_POST = 1000;

  private final ApplicationService applications;
  private final EntityService entities;
  private final EntityQueries queries;
  private final JsonBodies bodies;

  public EntityResource(
      ApplicationService applications,
      EntityService entities,
      EntityQueries queries,
      JsonBodies bodies) {
    this.applications = applications;
    this.entities = entities;
    this.queries = queries;
    this.bodies = bodies;
  }

  @GET
  public byte[] query(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @QueryParam("ql") String ql,
      @QueryParam("q") String q,
      @QueryParam("query") String query,
      @QueryParam("limit") String limit) {
    ApplicationRef application = applications.require(org, app);
    CollectionName name = CollectionName.of(collection);
    String text = firstNonNull(ql, q, query);
    List<StoredEntity> found = queries.query(application, name, text, QueryParameters.limit(limit));
    return envelope("get", application, name, null).entities(json(found)).toJson();
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  public byte[] create(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @QueryParam("consistency") String consistency,
      @HeaderParam("Content-Length") @DefaultValue("-1") long contentLength,
      InputStream body) {
    CollectionName name = CollectionName.of(collection);
    WriteOptions options = QueryParameters.writeOptions(consistency);
    JsonNode json = bodies.read(body, contentLength);
    List<JsonNode> items = new ArrayList<>();
    if (json.isArray()) {
      if (json.isEmpty() || json.size() > MAX_ENTITIES_PER_POST) {
        throw new MeridianException(
            ErrorCode.ILLEGAL_ARGUMENT,
            "Post between 1 and " + MAX_ENTITIES_PER_POST + " entities at a time");
      }
      json.forEach(items::add);
    } else {
      items.add(json);
    }
    ApplicationRef application = applications.obtain(org, app);
    List<StoredEntity> created = entities.create(application, name, items, options);
    return envelope("post", application, name, null).entities(json(created)).toJson();
  }

  @GET
  @Path("{entity}")
  public byte[] get(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity) {
    ApplicationRef application = applications.require(org, app);
    CollectionName name = CollectionName.of(collection);
    StoredEntity found = entities.get(application, name, entity);
    return envelope("get", application, name, entity).entities(List.of(found.json())).toJson();
  }

  @PUT
  @Path("{entity}")
  @Consumes(MediaType.APPLICATION_JSON)
  public byte[] update(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @QueryParam("consistency") String consistency,
      @HeaderParam("Content-Length") @DefaultValue("-1") long contentLength,
      InputStream body) {
    CollectionName name = CollectionName.of(collection);
    WriteOptions options = QueryParameters.writeOptions(consistency);
    JsonNode json = bodies.read(body, contentLength);
    ApplicationRef application = applications.obtain(org, app);
    StoredEntity updated = entities.update(application, name, entity, json, options);
    return envelope("put", application, name, entity).entities(List.of(updated.json())).toJson();
  }

  @DELETE
  @Path("{entity}")
  public byte[] delete(
      @PathParam("org") String org,
      @PathParam("app") String app,
      @PathParam("collection") String collection,
      @PathParam("entity") String entity,
      @QueryParam("consistency") String consistency) {
    ApplicationRef application = applications.require(org, app);
    CollectionName name = CollectionName.of(collection);
    StoredEntity deleted =
        entities.delete(application, name, entity, QueryParameters.writeOptions(consistency));
    return envelope("delete", application, name, entity).entities(List.of(deleted.json())).toJson();
  }

  private static Envelope envelope(
      String action, ApplicationRef application, CollectionName collection, String entity) {
    String path = "/" + collection.plural() + (entity == null ? "" : "/" + entity);
    UriInfo uriInfo = RequestInfo.current().uri();
    String base = uriInfo.getBaseUri().toString();
    String uri =
        (base.endsWith("/") ? base : base + "/")
            + application.organization()
            + "/"
            + application.application()
            + path;
    return Envelope.of(action)
        .application(application)
        .params(uriInfo.getQueryParameters())
        .path(path)
        .uri(uri);
  }

  private static List<String> json(List<StoredEntity> found) {
    return found.stream().map(StoredEntity::json).toList();
  }

  private static String firstNonNull(String... values) {
    for (String value : values) {
      if (value != null) {
        return value;
      }
    }
    return null;
  }
}
