package io.meridian.core.counter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.core.app.ApplicationRef;
import io.meridian.core.common.ErrorCode;
import io.meridian.core.common.MeridianException;
import io.meridian.core.entity.CollectionName;
import io.meridian.core.entity.EntityService;
import io.meridian.core.entity.StoredEntity;
import io.meridian.core.entity.WriteOptions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Usergrid's events: {@code POST /events {timestamp, counters: {name: delta}, ...}} stores the
 * event as an entity of the {@code events} collection and adds each delta to its counter at the
 * event's time. The body is checked whole first; the event is stored before the counters are
 * incremented, so a refused event (a bad property, a taken name) increments nothing.
 */
public final class EventService {
  public static final CollectionName EVENTS = CollectionName.of("events");

  private final EntityService entities;
  private final CounterService counters;

  public EventService(EntityService entities, CounterService counters) {
    this.entities = entities;
    this.counters = counters;
  }

  /** Stores the event and counts it; returns the stored event. */
  public StoredEntity post(ApplicationRef app, JsonNode body, WriteOptions options) {
    if (!body.isObject()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "An event is a JSON object: {timestamp, counters: {...}}");
    }
    ObjectNode event = ((ObjectNode) body).deepCopy();
    long timestamp = timestamp(event.get("timestamp"));
    Map<String, Long> deltas = deltas(event.get("counters"));
    event.put("timestamp", timestamp);
    StoredEntity stored = entities.create(app, EVENTS, List.of(event), options).get(0);
    counters.increment(app, deltas, timestamp);
    return stored;
  }

  private long timestamp(JsonNode value) {
    if (value == null) {
      return counters.now();
    }
    if (!value.isIntegralNumber() || !value.canConvertToLong()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "'timestamp' is a whole number of epoch milliseconds (0 for now)");
    }
    long millis = CounterService.requireTime("'timestamp'", value.longValue());
    return millis == 0 ? counters.now() : millis;
  }

  private static Map<String, Long> deltas(JsonNode value) {
    Map<String, Long> deltas = new LinkedHashMap<>();
    if (value == null) {
      return deltas;
    }
    if (!value.isObject()) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT, "'counters' is an object of counter names to whole numbers");
    }
    if (value.size() > CounterService.MAX_COUNTERS) {
      throw new MeridianException(
          ErrorCode.ILLEGAL_ARGUMENT,
          "An event increments at most " + CounterService.MAX_COUNTERS + " counters");
    }
    value
        .fields()
        .forEachRemaining(
            field -> {
              CounterService.requireName(field.getKey());
              JsonNode delta = field.getValue();
              if (!delta.isIntegralNumber() || !delta.canConvertToLong()) {
                throw new MeridianException(
                    ErrorCode.ILLEGAL_ARGUMENT,
                    "The counter '"
                        + field.getKey()
                        + "' must be incremented by a whole number (negative to decrement)");
              }
              deltas.put(field.getKey(), delta.longValue());
            });
    return deltas;
  }
}
