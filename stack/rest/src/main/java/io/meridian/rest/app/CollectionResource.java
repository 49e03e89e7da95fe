package io.meridian.rest.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.collection.CollectionWrites;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.BulkOperations;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.QueryPage;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import io.meridian.core.identity.access.Access;
import io.meridian.rest.access.Caller;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.openapi.ApiBody;
import io.meridian.rest.openapi.ApiRefused;
import io.meridian.rest.openapi.ApiThrottled;
import io.meridian.rest.param.AppPath;
import io.meridian.rest.param.CollectionPath;
import io.meridian.rest.param.ConnectionsShown;
import io.meridian.rest.param.Selection;
import io.meridian.rest.param.WriteBody;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.PathSegment;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code /{org}/{app}/{collection}}: a collection listed or queried, entities created (one, or up
 * to 1,000 at once), and the entities a query selects updated or deleted. The collection segment
 * may carry Usergrid's matrix parameters ({@code /users;ql=...;limit=5}). One entity is {@link
 * EntityResource}'s.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "entity", tag = "Entities", guests = true)
@Path("/{org}/{app}/{collection}")
@Produces(MediaType.APPLICATION_JSON)
public class CollectionResource {
  private static final int MAX_ENTITIES_PER_POST = 1000;

  private final ApplicationService applications;
  private final CollectionWrites writes;
  private final EntityQueries queries;
  private final BulkOperations bulk;
  private final JsonBodies bodies;

  public CollectionResource(
      ApplicationService applications,
      CollectionWrites writes,
      EntityQueries queries,
      BulkOperations bulk,
      JsonBodies bodies) {
    this.applications = applications;
    this.writes = writes;
    this.queries = queries;
    this.bulk = bulk;
    this.bodies = bodies;
  }

  @GET
  @Operation(summary = "List a collection (newest first) or query it")
  public byte[] query(
      @BeanParam AppPath path,
      @PathParam("collection") PathSegment collection,
      @BeanParam Selection selection,
      @QueryParam("cursor") String cursor) {
    ApplicationRef application = applications.require(path.org(), path.app());
    MatrixQuery matrix = MatrixQuery.of(collection);
    CollectionName name = CollectionName.of(collection.getPath());
    return page(queries, application, name, matrix, selection, cursor);
  }

  /**
   * A page of a collection, newest first or as the query selects (the query parameters win over the
   * matrix's): how every collection is listed, {@link EventResource}'s too.
   */
  static byte[] page(
      EntityQueries queries,
      ApplicationRef application,
      CollectionName name,
      MatrixQuery matrix,
      Selection selection,
      String cursor) {
    QueryPage page =
        queries.query(
            application, name, matrix.ql(selection.ql()), matrix.limit(selection.limit()), cursor);
    ConnectionsShown shown = selection.connectionsShown();
    return Responses.page(
        Responses.envelope("get", application, name.plural()),
        page,
        json -> ConnectionMetadata.render(json, null, shown));
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Create one entity, or up to 1,000 from an array")
  @ApiBody(value = "EntityBatch")
  @ApiThrottled(
      "Users created by a caller that is not an administrator: the address's sign-ups or password"
          + " hashing are spent; `Retry-After` says when to try again")
  public byte[] create(
      @BeanParam CollectionPath path,
      @BeanParam WriteBody write,
      @Context HttpServletRequest servlet,
      InputStream body) {
    CollectionName name = CollectionName.of(path.collection());
    WriteOptions options = QueryParameters.writeOptions(write.consistency());
    JsonNode json = bodies.read(body, write.contentLength());
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
    ApplicationRef application = applications.require(path.org(), path.app());
    List<StoredEntity> created =
        writes.create(
            application,
            name,
            items,
            options,
            writes.requester(application, Caller.current(), servlet.getRemoteAddr()));
    return Responses.entities("post", application, name.plural(), created);
  }

  /**
   * Merges the body into every entity the query selects, at most {@code limit} of them; without a
   * query, creates one entity from the body (Usergrid's SDKs send a new entity so).
   */
  @PUT
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      summary =
          "Merge the body into every entity a query selects (at most `limit`); without `ql`,"
              + " create one entity from the body (needs the permission to POST to the"
              + " collection)")
  @ApiBody(value = "EntityProperties")
  @ApiThrottled(
      "A user created without a query by a caller that is not an administrator: the address's"
          + " sign-ups or password hashing are spent; `Retry-After` says when to try again")
  public byte[] updateMatching(
      @BeanParam AppPath path,
      @PathParam("collection") PathSegment collection,
      @BeanParam Selection selection,
      @BeanParam WriteBody write,
      @Context HttpServletRequest servlet,
      InputStream body) {
    Matching matching = Matching.of(collection, selection, write.consistency());
    JsonNode json = bodies.read(body, write.contentLength());
    ApplicationRef application = applications.require(path.org(), path.app());
    List<StoredEntity> written =
        writes.put(
            application,
            Caller.current(),
            matching.name(),
            matching.ql(),
            matching.max(),
            json,
            matching.options(),
            writes.requester(application, Caller.current(), servlet.getRemoteAddr()));
    return Responses.entities("put", application, matching.name().plural(), written);
  }

  /**
   * Deletes every entity the query selects, at most {@code limit} of them. Without a query it is a
   * 405 and deletes nothing, as Usergrid refuses to delete a collection.
   */
  @DELETE
  @Operation(
      summary =
          "Delete every entity a query selects (at most `limit`); without `ql`, 405"
              + " `method_not_allowed` and nothing is deleted")
  @ApiRefused(status = 405, value = "No query (`ql`): a collection is never deleted whole")
  public byte[] deleteMatching(
      @BeanParam AppPath path,
      @PathParam("collection") PathSegment collection,
      @BeanParam Selection selection,
      @QueryParam("consistency") String consistency) {
    Matching matching = Matching.of(collection, selection, consistency);
    ApplicationRef application = applications.require(path.org(), path.app());
    List<StoredEntity> deleted =
        bulk.deleteMatching(
            application, matching.name(), matching.ql(), matching.max(), matching.options());
    return Responses.entities("delete", application, matching.name().plural(), deleted);
  }

  /**
   * What a write by query names: the collection, the query and the most entities it may change (the
   * query parameters win over the matrix's), and the write's options.
   */
  private record Matching(CollectionName name, String ql, int max, WriteOptions options) {
    static Matching of(PathSegment collection, Selection selection, String consistency) {
      MatrixQuery matrix = MatrixQuery.of(collection);
      CollectionName name = CollectionName.of(collection.getPath());
      WriteOptions options = QueryParameters.writeOptions(consistency);
      int max = matrix.limit(selection.limit());
      return new Matching(name, matrix.ql(selection.ql()), max, options);
    }
  }
}
