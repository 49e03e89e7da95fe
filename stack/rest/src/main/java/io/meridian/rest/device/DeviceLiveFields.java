package io.meridian.rest.device;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.common.Json;
import io.meridian.core.device.DeviceCounters;
import io.meridian.core.device.EdgeTotals;
import io.meridian.core.device.LiveDevices;
import io.meridian.core.entity.CollectionName;
import io.meridian.rest.app.EntityResource;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.PathSegment;
import java.io.IOException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.glassfish.jersey.server.ExtendedUriInfo;
import org.glassfish.jersey.server.model.ResourceMethod;

/**
 * Adds the live numbers of an attached device to the answer of {@code GET
 * /{org}/{app}/devices/{id}}: {@code net.received} and {@code net.sent} ({@code bytes}, {@code
 * messages}), {@code latency} ({@code count}, {@code mean}, {@code min}, {@code max}, {@code
 * std_deviation}, in milliseconds) and {@code connected_at} (epoch milliseconds). They are never
 * stored: they change with every message. The entity was already read and authorised by the entity
 * route; only that route's answer for the {@code devices} collection is touched, and only while
 * some device is attached, so every other response pays one comparison.
 */
public final class DeviceLiveFields implements ContainerResponseFilter {
  private static final String DEVICES = "devices";

  private final LiveDevices devices;
  private final java.util.function.BooleanSupplier anyAttached;

  public DeviceLiveFields(LiveDevices devices, java.util.function.BooleanSupplier anyAttached) {
    this.devices = devices;
    this.anyAttached = anyAttached;
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (response.getStatus() != 200
        || !"GET".equals(request.getMethod())
        || !(response.getEntity() instanceof byte[] body)
        || !anyAttached.getAsBoolean()
        || !isDeviceGet(request)) {
      return;
    }
    byte[] decorated = decorate(body);
    if (decorated != null) {
      response.setEntity(decorated);
    }
  }

  /** The entity route's GET of one entity of {@code devices} (not a query's traversal). */
  private static boolean isDeviceGet(ContainerRequestContext request) {
    if (!(request.getUriInfo() instanceof ExtendedUriInfo uri)) {
      return false;
    }
    ResourceMethod matched = uri.getMatchedResourceMethod();
    if (matched == null) {
      return false;
    }
    Method method = matched.getInvocable().getDefinitionMethod();
    if (method.getDeclaringClass() != EntityResource.class || !method.getName().equals("get")) {
      return false;
    }
    List<PathSegment> segments = uri.getPathSegments(true);
    if (segments.size() < 4) {
      return false;
    }
    PathSegment collection = segments.get(2);
    return collection.getMatrixParameters().isEmpty()
        && CollectionName.of(collection.getPath()).plural().equals(DEVICES);
  }

  /** The envelope with each attached device's numbers, or null when none is attached. */
  byte[] decorate(byte[] body) {
    JsonNode envelope;
    try {
      envelope = Json.MAPPER.readTree(body);
    } catch (IOException e) {
      return null;
    }
    UUID app;
    try {
      app = UUID.fromString(envelope.path("application").asText());
    } catch (IllegalArgumentException e) {
      return null;
    }
    boolean changed = false;
    for (JsonNode entity : envelope.path("entities")) {
      String name = entity.path("name").asText(null);
      if (name == null || !(entity instanceof ObjectNode object)) {
        continue;
      }
      Optional<LiveDevices.Live> live = devices.find(app, name);
      if (live.isPresent()) {
        add(object, live.get());
        changed = true;
      }
    }
    return changed ? Json.write(envelope).getBytes(java.nio.charset.StandardCharsets.UTF_8) : null;
  }

  static void add(ObjectNode entity, LiveDevices.Live live) {
    DeviceCounters.Snapshot counters = live.counters();
    ObjectNode net = entity.putObject("net");
    ObjectNode received = net.putObject("received");
    received.put("bytes", counters.bytesReceived());
    received.put("messages", counters.messagesReceived());
    ObjectNode sent = net.putObject("sent");
    sent.put("bytes", counters.bytesSent());
    sent.put("messages", counters.messagesSent());
    EdgeTotals latency =
        new EdgeTotals(
            0,
            0,
            0,
            counters.errors(),
            0,
            0,
            counters.rpcs(),
            counters.latencyMicrosSum(),
            counters.latencyMicrosSquares(),
            counters.latencyMicrosMin(),
            counters.latencyMicrosMax());
    ObjectNode numbers = entity.putObject("latency");
    numbers.put("count", latency.rpcs());
    numbers.put("mean", DeviceStatsResource.round(latency.latencyMeanMillis()));
    numbers.put("min", DeviceStatsResource.round(latency.latencyMinMillis()));
    numbers.put("max", DeviceStatsResource.round(latency.latencyMaxMillis()));
    numbers.put("std_deviation", DeviceStatsResource.round(latency.latencyStdDeviationMillis()));
    entity.put("errors", counters.errors());
    entity.put("connected_at", live.connectedAt().toEpochMilli());
  }
}
