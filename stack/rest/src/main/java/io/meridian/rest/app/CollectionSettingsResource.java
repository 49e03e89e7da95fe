package io.meridian.rest.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.api.route.ApiPart;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.app.ApplicationService;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.Json;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.geo.GeoIndexes;
import io.meridian.core.identity.access.Access;
import io.meridian.rest.api.JsonBodies;
import io.meridian.rest.openapi.ApiBody;
import io.meridian.rest.param.BodyHeaders;
import io.meridian.rest.param.CollectionPath;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;
import java.util.Iterator;
import java.util.Locale;
import java.util.Set;

/**
 * A collection's settings, at Usergrid's path {@code /{coll}/_settings}: {@code geoHot} (hold the
 * collection's points in memory on every node for {@code within} queries). Changing them takes an
 * application administrator, which the access filter checks.
 *
 * <p>Usergrid's own settings ({@code fields}, {@code queueIndex}, {@code indexConsistency}, and the
 * {@code lastReindexed} and {@code lastCollectionClear} stamps its answers carry) are accepted, so
 * that a client written for it is never refused, and have no effect: Meridian indexes every field,
 * through one indexing path, and reads what it finds in the index back from Cassandra (see
 * docs/api.md).
 */
@Access(Access.Rule.APPLICATION)
@ApiPart(id = "settings", tag = "Geo", guests = true)
@Path("/{org}/{app}/{collection}/_settings")
@Produces(MediaType.APPLICATION_JSON)
public class CollectionSettingsResource {
  static final String GEO_HOT = "geoHot";
  static final String FIELDS = "fields";

  /** Usergrid's settings that take any string (it reads an unknown one as its default). */
  private static final Set<String> USERGRID_STRINGS = Set.of("queueIndex", "indexConsistency");

  /** Stamps Usergrid writes into its settings itself: a client may send back what it read. */
  private static final Set<String> USERGRID_STAMPS = Set.of("lastReindexed", "lastCollectionClear");

  private static final Set<String> SETTINGS =
      Set.of(
          GEO_HOT,
          FIELDS,
          "queueIndex",
          "indexConsistency",
          "lastReindexed",
          "lastCollectionClear");

  private final ApplicationService applications;
  private final GeoIndexes geo;
  private final JsonBodies bodies;

  public CollectionSettingsResource(
      ApplicationService applications, GeoIndexes geo, JsonBodies bodies) {
    this.applications = applications;
    this.geo = geo;
    this.bodies = bodies;
  }

  @GET
  @Operation(summary = "A collection's settings (geo-hot) and what this node holds of it in memory")
  public byte[] settings(@BeanParam CollectionPath path) {
    ApplicationRef application = applications.require(path.org(), path.app());
    CollectionName name = CollectionName.of(path.collection());
    return settingsResponse("get", application, name);
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(
      summary =
          "Change a collection's settings: `{\"geoHot\": true}` keeps its points in memory on every"
              + " node; Usergrid's `fields`, `queueIndex` and `indexConsistency` are accepted and"
              + " have no effect")
  @ApiBody(value = "CollectionSettings")
  public byte[] updateSettings(
      @BeanParam CollectionPath path, @BeanParam BodyHeaders headers, InputStream body) {
    CollectionName name = CollectionName.of(path.collection());
    JsonNode json = bodies.read(body, headers.contentLength());
    requireFields(json, "Settings are a JSON object, e.g. {\"geoHot\": true}", SETTINGS, "setting");
    JsonNode hot = json.get(GEO_HOT);
    if (hot != null && !hot.isBoolean()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "Setting '" + GEO_HOT + "' must be true or false");
    }
    requireUsergridSettings(json);
    ApplicationRef application = applications.require(path.org(), path.app());
    if (hot != null) {
      geo.setGeoHot(application.id(), name.plural(), hot.booleanValue());
    }
    return settingsResponse("post", application, name);
  }

  @PUT
  @Consumes(MediaType.APPLICATION_JSON)
  @Operation(summary = "Change a collection's settings (as POST)")
  @ApiBody(value = "CollectionSettings")
  public byte[] replaceSettings(
      @BeanParam CollectionPath path, @BeanParam BodyHeaders headers, InputStream body) {
    return updateSettings(path, headers, body);
  }

  private byte[] settingsResponse(String action, ApplicationRef application, CollectionName name) {
    ObjectNode settings = Json.object();
    settings.put(GEO_HOT, geo.isGeoHot(application.id(), name.plural()));
    // What this node holds in memory for the collection: operators check a geo-hot load with it.
    ObjectNode held = settings.putObject("inMemory");
    geo.sizes(application.id(), name.plural()).forEach(held::put);
    return Responses.envelope(action, application, name.plural() + "/_settings")
        .data(settings)
        .toJson();
  }

  /**
   * Usergrid's settings, checked for the shapes Usergrid gives them: {@code fields} is {@code
   * "all"}, {@code "none"} or a list of property names; the others are strings, or for the stamps
   * whole numbers of epoch milliseconds; none may be null.
   */
  private static void requireUsergridSettings(JsonNode json) {
    JsonNode fields = json.get(FIELDS);
    if (fields != null) {
      boolean valid =
          fields.isTextual()
              ? Set.of("all", "none").contains(fields.asText().toLowerCase(Locale.ROOT))
              : fields.isArray();
      if (fields.isArray()) {
        for (JsonNode field : fields) {
          valid &= field.isTextual();
        }
      }
      if (!valid) {
        throw new MeridianException(
            ErrorCode.ILLEGAL_ARGUMENT,
            "Setting 'fields' must be \"all\", \"none\" or a list of property names");
      }
    }
    for (String name : USERGRID_STRINGS) {
      JsonNode value = json.get(name);
      if (value != null && !value.isTextual()) {
        throw new MeridianException(
            ErrorCode.ILLEGAL_ARGUMENT, "Setting '" + name + "' must be a string");
      }
    }
    for (String name : USERGRID_STAMPS) {
      JsonNode value = json.get(name);
      if (value != null && !(value.isIntegralNumber() && value.canConvertToLong())) {
        throw new MeridianException(
            ErrorCode.ILLEGAL_ARGUMENT,
            "Setting '" + name + "' must be a time in epoch milliseconds");
      }
    }
  }

  /**
   * A 400 saying {@code notAnObject} unless the body is a JSON object, else naming its first field
   * that is not one of {@code known}.
   */
  static void requireFields(JsonNode json, String notAnObject, Set<String> known, String what) {
    if (!json.isObject()) {
      throw new MeridianException(ErrorCode.ILLEGAL_ARGUMENT, notAnObject);
    }
    for (Iterator<String> names = json.fieldNames(); names.hasNext(); ) {
      String field = names.next();
      if (!known.contains(field)) {
        throw new MeridianException(
            ErrorCode.ILLEGAL_ARGUMENT,
            "Unknown " + what + " '" + field + "'; known: " + String.join(", ", known));
      }
    }
  }
}
