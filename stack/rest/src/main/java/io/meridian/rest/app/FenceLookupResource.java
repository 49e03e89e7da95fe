package io.meridian.rest.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityQueries;
import io.meridian.core.entity.QueryPage;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.geo.Locations;
import io.meridian.core.identity.access.Access;
import io.meridian.rest.access.Caller;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.openapi.ApiBody;
import io.meridian.rest.param.BodyHeaders;
import io.meridian.rest.param.CollectionPath;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The batch point lookup, {@code POST /{coll}/_contains}: the fences containing each of many points
 * in one request. It reads, so the access filter authorises it as a read of the collection.
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "fences", tag = "Geo", guests = true)
@Path("/{org}/{app}/{collection}/_contains")
@Produces(MediaType.APPLICATION_JSON)
public class FenceLookupResource {
  private static final Set<String> LOOKUP_FIELDS = Set.of("points", "ql", "limit");

  private final ApplicationService applications;
  private final EntityQueries queries;
  private final JsonBodies bodies;

  public FenceLookupResource(
      ApplicationService applications, EntityQueries queries, JsonBodies bodies) {
    this.applications = applications;
    this.queries = queries;
    this.bodies = bodies;
  }

  /**
   * Many point lookups in one request: {@code {"points": [{latitude, longitude} | GeoJSON Point,
   * "ql": "<other conditions and order>", "limit": n}}; one result per point, in order.
   */
  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "For each point, the fences of the collection that contain it")
  @ApiBody(value = "PointLookup")
  public byte[] containsEach(
      @BeanParam CollectionPath path, @BeanParam BodyHeaders headers, InputStream body) {
    CollectionName name = CollectionName.of(path.collection());
    JsonNode json = bodies.read(body, headers.contentLength());
    CollectionSettingsResource.requireFields(
        json, "A batch lookup is a JSON object with 'points'", LOOKUP_FIELDS, "field");
    List<double[]> points = points(json.get("points"));
    JsonNode ql = json.get("ql");
    if (ql != null && !ql.isNull() && !ql.isTextual()) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "'ql' must be a string");
    }
    JsonNode limit = json.get("limit");
    if (limit != null && !limit.canConvertToInt()) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, "'limit' must be an integer");
    }
    ApplicationRef application = applications.require(path.org(), path.app());
    List<QueryPage> pages =
        queries.containingEach(
            application,
            name,
            points,
            ql == null || ql.isNull() ? null : ql.asText(),
            limit == null ? EntityQueries.DEFAULT_LIMIT : limit.intValue());
    ArrayNode results = Json.MAPPER.createArrayNode();
    for (int i = 0; i < points.size(); i++) {
      ObjectNode result = results.addObject();
      result.put("latitude", points.get(i)[0]);
      result.put("longitude", points.get(i)[1]);
      ArrayNode entities = result.putArray("entities");
      List<StoredEntity> visible = Caller.visibility().readable(pages.get(i).entities());
      visible.forEach(e -> entities.add(Json.parseStoredObject(e.json())));
      result.put("count", visible.size());
    }
    return Responses.envelope("post", application, name.plural() + "/_contains")
        .field("results", results)
        .toJson();
  }

  private List<double[]> points(JsonNode points) {
    if (points == null || !points.isArray() || points.isEmpty()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "'points' must be a non-empty array of points");
    }
    queries.requireBatchPoints(points.size());
    List<double[]> parsed = new ArrayList<>(points.size());
    for (int i = 0; i < points.size(); i++) {
      JsonNode point = points.get(i);
      double[] latLon = Locations.point(point);
      if (latLon == null) {
        throw new MeridianException(
            ErrorCode.ILLEGAL_ARGUMENT,
            "points["
                + i
                + "] must be {\"latitude\": .., \"longitude\": ..} or a GeoJSON Point"
                + " ([longitude, latitude]), latitude in [-90, 90] and longitude in [-180, 180]");
      }
      parsed.add(latLon);
    }
    return parsed;
  }
}
