package io.meridian.rest.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.MeridianIT;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Bad JSON is described in the client's terms on every endpoint family that reads a body: the
 * description says what is wrong and where, and names no class, package or setting of the server or
 * its parser (issue 16, hole 9).
 */
class ParserInternalsIT extends MeridianIT {
  private static final List<String> INTERNALS =
      List.of(
          "com.fasterxml",
          "jackson",
          "java.",
          "io.meridian",
          "StreamConstraints",
          "StreamReadConstraints",
          "StreamReadFeature",
          "JsonReadFeature",
          "DeserializationFeature",
          "Exception",
          "`");

  /** Each kind of bad JSON and what its description must say. */
  private static final Map<String, String> BAD_JSON = badJson();

  private static Map<String, String> badJson() {
    Map<String, String> bad = new LinkedHashMap<>();
    bad.put("[".repeat(40) + "]".repeat(40), "The JSON is nested deeper than 32 levels");
    bad.put("{\"n\":" + "7".repeat(1500) + "}", "A number is longer than 1000 digits");
    bad.put("{\"" + "k".repeat(50_500) + "\":1}", "A field name is longer than 50000 characters");
    bad.put(
        "{\"name\":\"x\"} {\"name\":\"y\"}",
        "Unexpected content after the JSON value at line 1, column 14");
    bad.put(
        "{\"name\":\"x\"} trailing",
        "Unexpected content after the JSON value at line 1, column 14");
    bad.put("{\"name\": NaN}", "Non-standard token 'NaN'");
    bad.put("{\"name\": [1}", "Unexpected close marker '}'");
    return bad;
  }

  private record Endpoint(String family, ApiClient client, String method, String path) {}

  private List<Endpoint> endpointsReadingBodies() {
    ApiClient admin = api.withToken(organization.adminToken());
    String base = "/" + org + "/" + app;
    return List.of(
        new Endpoint("entities", api, "POST", path("dogs")),
        new Endpoint("entities", api, "PUT", path("dogs") + "/rex"),
        new Endpoint("management", api.anonymous(), "POST", "/management/token"),
        new Endpoint("management", admin, "POST", "/management/orgs/" + org + "/apps"),
        new Endpoint("identity", api.anonymous(), "POST", base + "/token"),
        new Endpoint("identity", api, "POST", base + "/roles/guest/permissions"),
        new Endpoint("geo", api, "POST", path("fences") + "/_contains"),
        new Endpoint("geo", api, "PUT", path("places") + "/_settings"));
  }

  @Test
  void every_kind_of_bad_json_is_described_without_parser_internals_on_every_family() {
    for (Endpoint endpoint : endpointsReadingBodies()) {
      for (Map.Entry<String, String> bad : BAD_JSON.entrySet()) {
        Reply reply =
            endpoint
                .client()
                .send(endpoint.method(), endpoint.path(), bad.getKey(), "application/json");
        String what = endpoint.method() + " " + endpoint.path() + " (" + endpoint.family() + ")";

        assertThat(reply.status()).as(what + ": " + reply.body()).isEqualTo(400);
        JsonNode json = reply.json();
        assertThat(json.path("error").asText()).as(what).isEqualTo("json_parse");
        String description = json.path("error_description").asText();
        assertThat(description).as(what).contains(bad.getValue());
        for (String internal : INTERNALS) {
          assertThat(reply.body()).as(what).doesNotContainIgnoringCase(internal);
        }
      }
    }
  }
}
