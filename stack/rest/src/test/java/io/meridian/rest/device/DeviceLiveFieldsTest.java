package io.meridian.rest.device;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.common.Json;
import io.meridian.core.device.DeviceCounters;
import io.meridian.core.device.LiveDevices;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class DeviceLiveFieldsTest {
  private static final UUID APP = UUID.randomUUID();
  private static final Instant ATTACHED = Instant.parse("2026-11-26T12:00:00Z");

  private final DeviceLiveFields fields =
      new DeviceLiveFields(
          (app, device) ->
              app.equals(APP) && device.equals("meter-1")
                  ? Optional.of(
                      new LiveDevices.Live(
                          ATTACHED,
                          new DeviceCounters.Snapshot(
                              100, 4, 30, 2, 2, 1, 3000, 5_000_000.0, 1000, 2000)))
                  : Optional.empty(),
          () -> true);

  private static byte[] envelope(UUID app, String name) {
    return ("{\"action\":\"get\",\"application\":\""
            + app
            + "\",\"entities\":[{\"type\":\"device\",\"name\":\""
            + name
            + "\",\"connected\":true}]}")
        .getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void adds_the_live_numbers_of_an_attached_device_to_its_entity() throws IOException {
    JsonNode entity =
        Json.MAPPER.readTree(fields.decorate(envelope(APP, "meter-1"))).path("entities").path(0);

    assertThat(entity.path("net").path("received").path("bytes").asLong()).isEqualTo(100);
    assertThat(entity.path("net").path("received").path("messages").asLong()).isEqualTo(4);
    assertThat(entity.path("net").path("sent").path("bytes").asLong()).isEqualTo(30);
    assertThat(entity.path("net").path("sent").path("messages").asLong()).isEqualTo(2);
    assertThat(entity.path("latency").path("count").asLong()).isEqualTo(2);
    assertThat(entity.path("latency").path("mean").asDouble()).isEqualTo(1.5);
    assertThat(entity.path("latency").path("min").asDouble()).isEqualTo(1.0);
    assertThat(entity.path("latency").path("max").asDouble()).isEqualTo(2.0);
    assertThat(entity.path("latency").path("std_deviation").asDouble()).isEqualTo(0.5);
    assertThat(entity.path("errors").asLong()).isEqualTo(1);
    assertThat(entity.path("connected_at").asLong()).isEqualTo(ATTACHED.toEpochMilli());
    assertThat(entity.path("connected").asBoolean()).isTrue();
  }

  @Test
  void leaves_a_device_not_attached_here_or_another_applications_untouched() {
    assertThat(fields.decorate(envelope(APP, "elsewhere"))).isNull();
    assertThat(fields.decorate(envelope(UUID.randomUUID(), "meter-1"))).isNull();
    assertThat(fields.decorate("not json".getBytes(StandardCharsets.UTF_8))).isNull();
    assertThat(fields.decorate("{\"entities\":[]}".getBytes(StandardCharsets.UTF_8))).isNull();
  }
}
