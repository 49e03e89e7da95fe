package io.meridian.rest.openapi;

import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.BooleanSchema;
import io.swagger.v3.oas.models.media.ComposedSchema;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The schemas of the API's request bodies, which {@link ApiBody} names; the answers' schemas are
 * {@link ApiSchemas}'.
 */
final class RequestSchemas {
  private RequestSchemas() {}

  /** Every request body's schema, by name, in the order the document lists them. */
  static Map<String, Schema<?>> all() {
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
    batch.addOneOfItem(ApiSchemas.ref("#/components/schemas/EntityProperties"));
    batch.addOneOfItem(
        new ArraySchema()
            .items(ApiSchemas.ref("#/components/schemas/EntityProperties"))
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
        new BooleanSchema()
            ._default(true)
            .description(
                "devices must present their own secret to attach (the default); false allows open"
                    + " attachment: anyone with the public application key may attach under any"
                    + " device id not attached with its secret"));
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
}
