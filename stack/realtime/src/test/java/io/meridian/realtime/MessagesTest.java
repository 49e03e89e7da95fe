package io.meridian.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.core.common.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Device events as spliced text: valid JSON whatever the device's id and text hold. */
class MessagesTest {
  private final AsyncApiDocument document = AsyncApiDocument.of("test");

  private static JsonNode parse(String text) throws Exception {
    return Json.MAPPER.readTree(text);
  }

  @Test
  void a_json_event_carries_its_payload_as_json() throws Exception {
    JsonNode message =
        parse(
            Messages.deviceEvent(
                "s-1", 42, "sensor-1", "{\"name\":\"sensor-1\"}", "{\"t\":21.5}", "{\"t\": 21.5}"));

    assertThat(message.path("op").asText()).isEqualTo("event");
    assertThat(message.path("event").asText()).isEqualTo("device_event");
    assertThat(message.path("seq").asLong()).isEqualTo(42);
    assertThat(message.path("device").asText()).isEqualTo("sensor-1");
    assertThat(message.path("entity").path("name").asText()).isEqualTo("sensor-1");
    assertThat(message.path("payload").path("t").asDouble()).isEqualTo(21.5);
    assertThat(message.has("text")).isFalse();
    assertThat(AsyncApiContract.examplesNotDescribed(document.tree(), List.of(message))).isEmpty();
  }

  @Test
  void a_text_event_is_quoted_whatever_it_and_the_device_id_hold() throws Exception {
    String text = "quote \" backslash \\ newline \n nul \u0000 }{";
    String device = "dev\"ice\\\n";

    JsonNode message =
        parse(Messages.deviceEvent("s-\"1", 7, device, "{\"name\":\"x\"}", null, text));

    assertThat(message.path("subscription").asText()).isEqualTo("s-\"1");
    assertThat(message.path("device").asText()).isEqualTo(device);
    assertThat(message.path("text").asText()).isEqualTo(text);
    assertThat(message.has("payload")).isFalse();
    assertThat(AsyncApiContract.examplesNotDescribed(document.tree(), List.of(message))).isEmpty();
  }
}
