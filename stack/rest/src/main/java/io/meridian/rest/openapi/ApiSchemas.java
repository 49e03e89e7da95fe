package io.meridian.rest.openapi;

import io.meridian.core.common.ErrorCode;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.BooleanSchema;
import io.swagger.v3.oas.models.media.ComposedSchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.NumberSchema;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shapes every part of the API shares: the Usergrid envelope, an entity, the error format with
 * every code {@link ErrorCode} defines, a token answer, and the ways to authenticate. Schemas state
 * the members' types and leave room for more members, as Usergrid clients expect.
 */
final class ApiSchemas {
  static final String ENVELOPE = "#/components/schemas/Envelope";
  static final String ENTITY = "#/components/schemas/Entity";
  static final String ERROR = "#/components/schemas/Error";
  static final String TOKEN = "#/components/schemas/Token";
  static final String BEARER = "bearerAuth";
  static final String QUERY_TOKEN = "accessToken";

  private ApiSchemas() {}

  static Components components() {
    Components components = new Components();
    components.addSchemas("Entity", entity());
    components.addSchemas("Envelope", envelope());
    components.addSchemas("Error", error());
    components.addSchemas("Token", token());
    components.addSchemas("Status", status());
    bodies().forEach(components::addSchemas);
    components.addSecuritySchemes(
        BEARER,
        new SecurityScheme()
            .type(SecurityScheme.Type.HTTP)
            .scheme("bearer")
            .description(
                "An access token from /management/token (admins), /{org}/{app}/token (app users,"
                    + " client credentials) or the superuser's sign-in."));
    components.addSecuritySchemes(
        QUERY_TOKEN,
        new SecurityScheme()
            .type(SecurityScheme.Type.APIKEY)
            .in(SecurityScheme.In.QUERY)
            .name("access_token")
            .description("The same token as a query parameter, as Usergrid clients send it."));
    return components;
  }

  static Schema<?> ref(String ref) {
    return new Schema<>().$ref(ref);
  }

  static Content json(String ref) {
    return new Content()
        .addMediaType(
            jakarta.ws.rs.core.MediaType.APPLICATION_JSON, new MediaType().schema(ref(ref)));
  }

  static ApiResponse error(String description) {
    return new ApiResponse().description(description).content(json(ERROR));
  }

  /** A request body described by the named schema, as JSON and, for sign-ins, as a form too. */
  static RequestBody body(Components components, String schema, boolean form, boolean required) {
    if (components.getSchemas() == null || !components.getSchemas().containsKey(schema)) {
      throw new IllegalStateException("No schema " + schema + " for a request body");
    }
    Content content = json("#/components/schemas/" + schema);
    if (form) {
      content.addMediaType(
          jakarta.ws.rs.core.MediaType.APPLICATION_FORM_URLENCODED,
          new MediaType().schema(ref("#/components/schemas/" + schema)));
    }
    return new RequestBody().required(required).content(content);
  }

  private static Map<String, Schema<?>> bodies() {
    Map<String, Schema<?>> bodies = new LinkedHashMap<>();
    ObjectSchema properties = new ObjectSchema();
    properties.description(
        "An entity's properties. `name` is unique in its collection; `uuid`, `type`, `created`,"
            + " `modified` and `metadata` are Meridian's.");
    bodies.put("EntityProperties", properties);
    bodies.put(
        "DeviceMessage",
        new Schema<>()
            .description(
                "The message for the device, sent to it unchanged: any bytes, usually JSON"
                    + " (a JSON-RPC request with `correlate=jsonrpc`)."));
    ComposedSchema batch = new ComposedSchema();
    batch.description("One entity's properties, or an array of 1 to 1,000 of them.");
    batch.addOneOfItem(ref("#/components/schemas/EntityProperties"));
    batch.addOneOfItem(
        new ArraySchema()
            .items(ref("#/components/schemas/EntityProperties"))
            .minItems(1)
            .maxItems(1000));
    bodies.put("EntityBatch", batch);
    ObjectSchema settings = new ObjectSchema();
    settings.addProperty(
        "geoHot",
        new BooleanSchema().description("keep the collection's points in memory on every node"));
    ComposedSchema fields = new ComposedSchema();
    fields.description("Usergrid's index whitelist: accepted, no effect (every field is indexed)");
    fields.addOneOfItem(new StringSchema()._enum(List.of("all", "none")));
    fields.addOneOfItem(new ArraySchema().items(new StringSchema()));
    settings.addProperty("fields", fields);
    for (String usergrid : List.of("queueIndex", "indexConsistency")) {
      settings.addProperty(
          usergrid, new StringSchema().description("Usergrid's setting: accepted, no effect"));
    }
    for (String stamp : List.of("lastReindexed", "lastCollectionClear")) {
      settings.addProperty(
          stamp, new IntegerSchema().format("int64").description("Usergrid's stamp: ignored"));
    }
    settings.additionalProperties(false);
    bodies.put("CollectionSettings", settings);
    ObjectSchema edge = new ObjectSchema();
    edge.addProperty(
        "device_secret_required",
        new BooleanSchema().description("devices must present their secret to attach"));
    edge.addProperty(
        "webhook_url",
        new StringSchema()
            .format("uri")
            .maxLength(2000)
            .nullable(true)
            .description("http or https, without credentials; null removes the webhook"));
    edge.addProperty(
        "regenerate_webhook_key",
        new BooleanSchema().description("make a new signing key, shown once in the answer"));
    edge.additionalProperties(false);
    bodies.put("DeviceSettings", edge);
    ObjectSchema point = new ObjectSchema();
    point.description("{latitude, longitude}, or a GeoJSON Point ([longitude, latitude])");
    ObjectSchema lookup = new ObjectSchema();
    lookup.addProperty("points", new ArraySchema().items(point).minItems(1));
    lookup.addProperty("ql", new StringSchema().description("other conditions and an order"));
    lookup.addProperty(
        "limit", new IntegerSchema().minimum(BigDecimal.ONE).maximum(BigDecimal.valueOf(1000)));
    lookup.additionalProperties(false);
    lookup.required(List.of("points"));
    bodies.put("PointLookup", lookup);
    ObjectSchema permission = new ObjectSchema();
    permission.addProperty(
        "permission", new StringSchema().description("methods and a path: `get,put:/things/**`"));
    bodies.put("PermissionGrant", permission);
    ObjectSchema token = new ObjectSchema();
    StringSchema grant = new StringSchema();
    grant.addEnumItem("password");
    grant.addEnumItem("client_credentials");
    token.addProperty("grant_type", grant);
    token.addProperty("username", new StringSchema().description("username or email"));
    token.addProperty("password", new StringSchema().format("password"));
    token.addProperty("client_id", new StringSchema());
    token.addProperty("client_secret", new StringSchema().format("password"));
    token.addProperty("ttl", new IntegerSchema().format("int64").description("milliseconds"));
    token.required(List.of("grant_type"));
    bodies.put("TokenRequest", token);
    ObjectSchema password = new ObjectSchema();
    password.addProperty("oldpassword", new StringSchema().format("password"));
    password.addProperty("newpassword", new StringSchema().format("password"));
    bodies.put("PasswordChange", password);
    ObjectSchema organization = new ObjectSchema();
    organization.addProperty("organization", new StringSchema());
    organization.addProperty("username", new StringSchema());
    organization.addProperty("name", new StringSchema());
    organization.addProperty("email", new StringSchema().format("email"));
    organization.addProperty("password", new StringSchema().format("password"));
    bodies.put("NewOrganization", organization);
    ObjectSchema application = new ObjectSchema();
    application.addProperty("name", new StringSchema());
    bodies.put("NewApplication", application);
    ObjectSchema admin = new ObjectSchema();
    admin.addProperty("username", new StringSchema());
    admin.addProperty("name", new StringSchema());
    admin.addProperty("email", new StringSchema().format("email"));
    admin.addProperty("password", new StringSchema().format("password"));
    bodies.put("NewAdmin", admin);
    bodies.put("Event", event());
    bodies.put("Activity", activity());
    ObjectSchema update = new ObjectSchema();
    update.addProperty(
        "properties",
        new ObjectSchema().description("the organization's custom properties, replaced whole"));
    update.required(List.of("properties"));
    bodies.put("OrganizationUpdate", update);
    bodies.put("Notification", notification());
    return bodies;
  }

  /** Usergrid's event: the counters it increments, at its time; other properties are kept. */
  private static Schema<?> event() {
    ObjectSchema event = new ObjectSchema();
    event.description(
        "An event. `counters` maps 1 to 100 counter names (1 to 256 characters) to whole"
            + " numbers added to them (negative to subtract) at `timestamp`; other properties are"
            + " stored with the event.");
    event.addProperty(
        "timestamp",
        new IntegerSchema()
            .format("int64")
            .minimum(BigDecimal.ZERO)
            .maximum(BigDecimal.valueOf(253_402_300_799_999L))
            .description("epoch milliseconds; 0 or absent for now"));
    event.addProperty(
        "counters",
        new ObjectSchema()
            .maxProperties(100)
            .additionalProperties(new IntegerSchema().format("int64")));
    return event;
  }

  /** Usergrid's activity (Activity Streams 1.0); other properties are kept. */
  private static Schema<?> activity() {
    ObjectSchema activity = new ObjectSchema();
    activity.description(
        "An activity. A user's activities are by that user: `actor.uuid`, if given, must be"
            + " theirs, and `actor` is filled in from the user.");
    activity.addProperty("verb", new StringSchema().minLength(1).maxLength(256).example("post"));
    activity.addProperty("content", new StringSchema());
    activity.addProperty("title", new StringSchema());
    activity.addProperty("category", new StringSchema());
    activity.addProperty(
        "published",
        new IntegerSchema()
            .format("int64")
            .minimum(BigDecimal.ZERO)
            .description("epoch milliseconds; now when absent"));
    ObjectSchema actor = new ObjectSchema();
    actor.addProperty("uuid", new StringSchema().format("uuid"));
    actor.addProperty("displayName", new StringSchema());
    actor.addProperty("email", new StringSchema());
    activity.addProperty("actor", actor);
    activity.required(List.of("verb"));
    return activity;
  }

  /** A push notification to send: a payload per notifier, an optional schedule. */
  private static Schema<?> notification() {
    ObjectSchema payloads = new ObjectSchema();
    payloads.description(
        "Notifier name to that notifier's payload: a string (the alert text) or the provider's"
            + " JSON (APNs `aps`, FCM v1 message fields)");
    payloads.minProperties(1);
    ObjectSchema notification = new ObjectSchema();
    notification.addProperty("payloads", payloads);
    notification.addProperty(
        "deliver", new IntegerSchema().format("int64").description("send at this time (epoch ms)"));
    notification.addProperty(
        "expire",
        new IntegerSchema().format("int64").description("give up after this time (epoch ms)"));
    notification.required(List.of("payloads"));
    return notification;
  }

  private static Schema<?> entity() {
    ObjectSchema metadata = new ObjectSchema();
    metadata.addProperty("path", new StringSchema());
    metadata.addProperty("distance", new NumberSchema().description("meters, for `within`"));
    ObjectSchema entity = new ObjectSchema();
    entity.description(
        "An entity: its own properties plus the ones Meridian keeps. `location` ({latitude,"
            + " longitude} or a GeoJSON Point) and `geometry` (a GeoJSON Polygon or"
            + " MultiPolygon) are indexed for geo queries.");
    entity.addProperty("uuid", new StringSchema().format("uuid"));
    entity.addProperty("type", new StringSchema());
    entity.addProperty("name", new StringSchema());
    entity.addProperty("created", new IntegerSchema().format("int64"));
    entity.addProperty("modified", new IntegerSchema().format("int64"));
    entity.addProperty("metadata", metadata);
    return entity;
  }

  private static Schema<?> envelope() {
    ObjectSchema envelope = new ObjectSchema();
    envelope.description("Usergrid's response envelope; members without a value are omitted.");
    envelope.addProperty("action", new StringSchema());
    envelope.addProperty("application", new StringSchema().format("uuid"));
    envelope.addProperty(
        "params",
        new ObjectSchema().additionalProperties(new ArraySchema().items(new StringSchema())));
    envelope.addProperty("path", new StringSchema());
    envelope.addProperty("uri", new StringSchema());
    envelope.addProperty("entities", new ArraySchema().items(ref(ENTITY)));
    envelope.addProperty(
        "list", new ArraySchema().items(new Schema<>()).description("a projection's rows"));
    envelope.addProperty("data", new Schema<>().description("a payload that is not entities"));
    ObjectSchema bucket = new ObjectSchema();
    bucket.addProperty(
        "timestamp", new IntegerSchema().format("int64").description("the bucket's start"));
    bucket.addProperty("value", new IntegerSchema().format("int64"));
    ObjectSchema series = new ObjectSchema();
    series.addProperty("name", new StringSchema());
    series.addProperty("values", new ArraySchema().items(bucket));
    envelope.addProperty(
        "counters", new ArraySchema().items(series).description("counters' buckets (`/counters`)"));
    envelope.addProperty("count", new IntegerSchema());
    envelope.addProperty(
        "cursor", new StringSchema().description("pass back as `cursor` for the next page"));
    envelope.addProperty("timestamp", new IntegerSchema().format("int64"));
    envelope.addProperty("duration", new IntegerSchema().format("int64"));
    envelope.addProperty(
        "organization",
        new Schema<>()
            .description(
                "the organization's name (application API) or the organization (management API)"));
    envelope.addProperty("applicationName", new StringSchema());
    return envelope;
  }

  private static Schema<?> error() {
    ObjectSchema error = new ObjectSchema();
    error.description("Usergrid's error format. Never a stack trace.");
    List<String> codes = Arrays.stream(ErrorCode.values()).map(ErrorCode::code).distinct().toList();
    StringSchema code = new StringSchema();
    codes.forEach(code::addEnumItem);
    error.addProperty("error", code);
    error.addProperty("error_description", new StringSchema());
    error.addProperty("error_id", new StringSchema().description("the request's X-Request-Id"));
    error.addProperty("timestamp", new IntegerSchema().format("int64"));
    error.addProperty("duration", new IntegerSchema().format("int64"));
    error.required(List.of("error", "error_description"));
    return error;
  }

  private static Schema<?> status() {
    ObjectSchema state = new ObjectSchema();
    StringSchema up = new StringSchema();
    up.addEnumItem("up");
    up.addEnumItem("down");
    state.addProperty("state", up);
    ObjectSchema status = new ObjectSchema();
    StringSchema overall = new StringSchema();
    overall.addEnumItem("ok");
    overall.addEnumItem("degraded");
    overall.addEnumItem("unavailable");
    status.addProperty("status", overall);
    status.addProperty("version", new StringSchema());
    status.addProperty("started", new IntegerSchema().format("int64"));
    status.addProperty("uptime", new IntegerSchema().format("int64"));
    status.addProperty("cassandra", state);
    status.addProperty("elasticsearch", state);
    status.addProperty(
        "checked",
        new IntegerSchema()
            .format("int64")
            .description("when the stores were checked (at most once a second, for all callers)"));
    status.addProperty("timestamp", new IntegerSchema().format("int64"));
    status.addProperty("duration", new IntegerSchema().format("int64"));
    status.required(List.of("status"));
    return status;
  }

  private static Schema<?> token() {
    ObjectSchema token = new ObjectSchema();
    token.description("An OAuth2 token answer, as Usergrid's.");
    token.addProperty("access_token", new StringSchema());
    token.addProperty("expires_in", new IntegerSchema().format("int64").description("seconds"));
    token.addProperty("user", new ObjectSchema().description("the signed-in user or admin"));
    token.addProperty("application", new StringSchema().format("uuid"));
    token.addProperty("organization", new Schema<>());
    token.addProperty("passwordChanged", new IntegerSchema().format("int64"));
    token.required(List.of("access_token", "expires_in"));
    return token;
  }
}
