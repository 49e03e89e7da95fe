package io.meridian.rest.openapi;

import io.meridian.core.common.ErrorCode;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.media.ArraySchema;
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
import java.util.Arrays;
import java.util.List;

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
    RequestSchemas.all().forEach(components::addSchemas);
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
