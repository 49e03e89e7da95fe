package io.meridian.rest.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.MeridianIT;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Bad input gets a clear 4xx in the Usergrid error format, changes nothing and is never a 500. */
class BadInputIT extends MeridianIT {
  private String fido;

  @BeforeEach
  void oneEntity() {
    fido = api.post(path("dogs"), "{\"name\":\"fido\",\"age\":3}").entity().path("uuid").asText();
  }

  private static void assertError(Reply reply, int status, String error) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(status);
    assertThat(reply.contentType()).startsWith("application/json");
    JsonNode json = reply.json();
    assertThat(json.path("error").asText()).isEqualTo(error);
    assertThat(json.path("error_description").asText()).isNotBlank();
    assertThat(json.path("timestamp").asLong()).isPositive();
    assertThat(json.has("duration")).isTrue();
    assertThat(reply.body()).doesNotContain("Exception").doesNotContain("\tat ");
  }

  private void assertFidoUnchanged() {
    JsonNode dog = api.get(path("dogs") + "/" + fido).entity();
    assertThat(dog.path("name").asText()).isEqualTo("fido");
    assertThat(dog.path("age").asInt()).isEqualTo(3);
    assertThat(dog.path("type").asText()).isEqualTo("dog");
  }

  @Test
  void malformed_json_is_400_json_parse() {
    assertError(api.post(path("dogs"), "{\"name\": \"x\""), 400, "json_parse");
    assertError(api.put(path("dogs") + "/" + fido, "{age: 4}"), 400, "json_parse");
    assertError(api.post(path("dogs"), "{} trailing"), 400, "json_parse");
    assertFidoUnchanged();
  }

  /** Refused on every route that takes a selection, not only those that show connections. */
  @Test
  void a_connections_parameter_outside_the_contract_is_400_and_changes_nothing() {
    assertError(api.get(path("dogs") + "?connections=sideways"), 400, "illegal_argument");
    assertError(api.get(path("events") + "?connections=AAA"), 400, "illegal_argument");
    assertError(
        api.put(path("dogs") + "?ql=name%3D'fido'&connections=AAA", "{\"age\":9}"),
        400,
        "illegal_argument");
    assertFidoUnchanged();
  }

  @Test
  void an_empty_body_is_400() {
    assertError(api.post(path("dogs"), ""), 400, "json_parse");
  }

  @Test
  void a_body_that_is_not_an_object_is_400() {
    assertError(api.post(path("dogs"), "\"just a string\""), 400, "illegal_argument");
    assertError(api.post(path("dogs"), "42"), 400, "illegal_argument");
    assertError(api.put(path("dogs") + "/" + fido, "[1,2,3]"), 400, "illegal_argument");
    assertError(api.post(path("dogs"), "[]"), 400, "illegal_argument");
    assertFidoUnchanged();
  }

  @Test
  void an_array_with_one_bad_entity_creates_none() {
    Reply reply = api.post(path("owls"), "[{\"name\":\"hoot\"},{\"name\":true}]");

    assertError(reply, 400, "illegal_argument");
    assertThat(api.get(path("owls") + "/hoot").status()).isEqualTo(404);
  }

  @Test
  void an_array_with_a_taken_name_creates_none_and_frees_its_claims() {
    Reply reply = api.post(path("dogs"), "[{\"name\":\"spot\"},{\"name\":\"fido\"}]");

    assertError(reply, 400, "duplicate_unique_property_exists");
    assertThat(api.get(path("dogs") + "/spot").status()).isEqualTo(404);
    assertThat(api.post(path("dogs"), "{\"name\":\"spot\"}").status()).isEqualTo(200);
  }

  @Test
  void a_wrong_content_type_is_415() {
    assertError(
        api.send("POST", path("dogs"), "{\"name\":\"x\"}", "application/xml"),
        415,
        "unsupported_media_type");
    assertError(
        api.send("PUT", path("dogs") + "/" + fido, "age=4", "application/x-www-form-urlencoded"),
        415,
        "unsupported_media_type");
    assertFidoUnchanged();
  }

  @Test
  void a_body_over_the_size_limit_is_413() {
    String big = "{\"blob\":\"" + "x".repeat(70 * 1024) + "\"}";

    assertError(api.post(path("dogs"), big), 413, "request_entity_too_large");
    assertError(api.put(path("dogs") + "/" + fido, big), 413, "request_entity_too_large");
    assertFidoUnchanged();
  }

  @Test
  void an_invalid_or_unknown_identifier_is_404() {
    assertError(api.get(path("dogs") + "/not-a-uuid-and-no-such-name"), 404, "entity_not_found");
    assertError(api.get(path("dogs") + "/" + UUID.randomUUID()), 404, "entity_not_found");
    assertError(
        api.get(path("dogs") + "/5a8b8f10-c98d-11f0-8000-00000000000z"), 404, "entity_not_found");
    assertError(api.delete(path("dogs") + "/" + UUID.randomUUID()), 404, "entity_not_found");
    // A PUT by an unknown time uuid creates (Usergrid's device registration); any other uuid
    // could never name an entity here.
    assertError(
        api.put(path("dogs") + "/" + UUID.randomUUID(), "{\"a\":1}"), 400, "illegal_argument");
  }

  @Test
  void a_name_conflict_is_400_and_leaves_the_holder_alone() {
    Reply reply = api.post(path("dogs"), "{\"name\":\"FIDO\",\"age\":99}");

    assertError(reply, 400, "duplicate_unique_property_exists");
    assertFidoUnchanged();
  }

  @Test
  void renaming_onto_a_taken_name_is_400_and_changes_nothing() {
    String rex = api.post(path("dogs"), "{\"name\":\"rex\"}").entity().path("uuid").asText();

    assertError(
        api.put(path("dogs") + "/" + rex, "{\"name\":\"fido\",\"age\":1}"),
        400,
        "duplicate_unique_property_exists");

    assertThat(api.get(path("dogs") + "/" + rex).entity().path("name").asText()).isEqualTo("rex");
    assertThat(api.get(path("dogs") + "/" + rex).entity().has("age")).isFalse();
    assertFidoUnchanged();
  }

  @Test
  void reserved_properties_in_a_body_are_ignored() {
    Reply reply =
        api.put(
            path("dogs") + "/" + fido,
            "{\"uuid\":\""
                + UUID.randomUUID()
                + "\",\"type\":\"cat\",\"created\":1,\"modified\":2,"
                + "\"metadata\":{\"path\":\"/evil\"},\"age\":4}");

    assertThat(reply.status()).isEqualTo(200);
    JsonNode dog = api.get(path("dogs") + "/" + fido).entity();
    assertThat(dog.path("uuid").asText()).isEqualTo(fido);
    assertThat(dog.path("type").asText()).isEqualTo("dog");
    assertThat(dog.path("created").asLong()).isGreaterThan(1000);
    assertThat(dog.at("/metadata/path").asText()).isEqualTo("/dogs/" + fido);
    assertThat(dog.path("age").asInt()).isEqualTo(4);
  }

  @Test
  void invalid_names_are_400() {
    assertError(api.post(path("dogs"), "{\"name\":\"\"}"), 400, "illegal_argument");
    assertError(api.post(path("dogs"), "{\"name\":{\"a\":1}}"), 400, "illegal_argument");
    assertError(api.post(path("dogs"), "{\"name\":true}"), 400, "illegal_argument");
  }

  @Test
  void invalid_collection_and_application_names_are_400() {
    assertError(api.post(path("dogs!"), "{}"), 400, "illegal_argument");
    assertError(api.post("/" + org + "/bad%20app/dogs", "{}"), 400, "illegal_argument");
  }

  @Test
  void a_bad_limit_or_consistency_is_400() {
    assertError(api.get(path("dogs") + "?limit=abc"), 400, "illegal_argument");
    assertError(api.get(path("dogs") + "?limit=0"), 400, "illegal_argument");
    assertError(api.get(path("dogs") + "?limit=1001"), 400, "illegal_argument");
    assertError(api.post(path("dogs") + "?consistency=sometimes", "{}"), 400, "illegal_argument");
  }

  @Test
  void deeply_nested_json_is_400() {
    String deep = "{\"a\":".repeat(100) + "1" + "}".repeat(100);

    assertError(api.post(path("dogs"), deep), 400, "json_parse");
  }

  @Test
  void unknown_paths_and_methods_get_json_errors() {
    assertError(api.get("/" + org), 404, "not_found");
    assertError(api.get(path("dogs") + "/" + fido + "/a/b/c/d"), 404, "service_resource_not_found");
    assertError(
        api.send("PATCH", path("dogs") + "/" + fido, "{}", "application/json"),
        405,
        "method_not_allowed");
  }

  @Test
  void a_405_names_the_methods_the_resource_has() {
    Reply reply = api.send("PATCH", path("dogs") + "/" + fido, "{}", "application/json");

    assertError(reply, 405, "method_not_allowed");
    assertThat(reply.header("Allow")).contains("GET", "PUT", "DELETE").doesNotContain("PATCH");
  }

  @Test
  void a_request_the_container_cannot_parse_gets_a_json_error_not_an_html_page() {
    // An empty form whose query string holds a broken UTF-8 sequence and a parameter without a
    // name: Tomcat refuses to parse its parameters before Jersey runs.
    Reply reply =
        api.send(
            "PUT",
            path("roles") + "/guest/permissions?w=%F3%AB%0A&=",
            "",
            "application/x-www-form-urlencoded");

    assertError(reply, 400, "bad_request");
    assertThat(reply.body()).doesNotContain("<html").doesNotContain("Tomcat");
    assertThat(reply.json().path("error_id").asText()).isEqualTo(reply.header("X-Request-Id"));
  }

  @Test
  void a_limit_out_of_range_is_400_wherever_it_is_given() {
    assertError(api.get(path("dogs") + "/" + fido + "?limit=0"), 400, "illegal_argument");
    assertError(api.get(path("dogs") + "/" + fido + "?limit=1001"), 400, "illegal_argument");
    assertError(api.get(path("dogs") + "?limit=abc"), 400, "illegal_argument");
  }

  @Test
  void a_text_field_sent_as_another_json_type_is_400_and_creates_nothing() {
    ApiClient admin = api.withToken(organization.adminToken());
    String apps = "/management/orgs/" + org + "/apps";

    assertError(admin.post(apps, "{\"name\": false}"), 400, "illegal_argument");
    assertThat(admin.get(apps).body()).doesNotContain(org + "/false");
  }
}
