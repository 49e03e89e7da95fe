package io.meridian.loadtests.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

class JsonMatchTest {

  private static JsonNode json(String text) throws Exception {
    return MeridianClient.JSON.readTree(text);
  }

  @Test
  void properties_the_server_adds_are_not_differences() throws Exception {
    JsonNode generated = json("{\"name\":\"a\",\"kind\":\"cafe\"}");
    JsonNode stored =
        json(
            "{\"uuid\":\"5a8b8f10-c98d-11f0-9f3b-0d1c2e3f4a5b\",\"type\":\"place\",\"name\":\"a\","
                + "\"kind\":\"cafe\",\"created\":1,\"metadata\":{\"path\":\"/places/a\"}}");

    assertThat(JsonMatch.differences(generated, stored)).isEmpty();
  }

  @Test
  void numbers_match_by_value_whatever_their_representation() throws Exception {
    JsonNode generated =
        MeridianClient.JSON
            .createObjectNode()
            .put("rank", 27)
            .put("time", 1_763_683_200_000L)
            .put("score", 12.5)
            .put("altitude", 100.0);
    JsonNode stored =
        json("{\"rank\":27.0,\"time\":1763683200000,\"score\":12.50,\"altitude\":100}");

    assertThat(JsonMatch.differences(generated, stored)).isEmpty();
  }

  @Test
  void a_changed_value_is_named_by_its_path() throws Exception {
    JsonNode generated = json("{\"location\":{\"latitude\":37.5,\"longitude\":-122.1},\"n\":1}");
    JsonNode stored = json("{\"location\":{\"latitude\":37.6,\"longitude\":-122.1},\"n\":\"1\"}");

    assertThat(JsonMatch.differences(generated, stored))
        .containsExactly("location.latitude is 37.6, expected 37.5", "n is \"1\", expected 1");
  }

  @Test
  void a_missing_property_and_a_shorter_array_are_differences() throws Exception {
    JsonNode generated = json("{\"kind\":\"cafe\",\"ring\":[[1,2],[3,4]],\"g\":{\"c\":[[1,2]]}}");
    JsonNode stored = json("{\"ring\":[[1,2]],\"g\":{\"c\":[[1,2.5]]}}");

    assertThat(JsonMatch.differences(generated, stored))
        .containsExactly(
            "kind is missing, expected \"cafe\"",
            "ring is [[1,2]], expected [[1,2],[3,4]]",
            "g.c[0][1] is 2.5, expected 2");
  }
}
