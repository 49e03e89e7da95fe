package io.meridian.rest.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.MeridianIT;
import org.junit.jupiter.api.Test;

/** Writes by query, and Usergrid's matrix parameters. */
class BulkIT extends MeridianIT {

  private void things(int count, String kind) {
    StringBuilder body = new StringBuilder("[");
    for (int i = 0; i < count; i++) {
      body.append(i == 0 ? "" : ",").append("{\"kind\":\"").append(kind).append("\"}");
    }
    assertThat(api.post(path("things"), body.append("]").toString()).status()).isEqualTo(200);
  }

  private int count(String ql) {
    return api.get(path("things") + "?limit=1000&ql=" + ApiClient.encode(ql)).uuids().size();
  }

  @Test
  void put_by_query_updates_the_selected_entities_up_to_the_limit() {
    things(5, "a");
    things(3, "b");

    Reply reply =
        api.put(
            path("things") + "?limit=4&ql=" + ApiClient.encode("kind = 'a'"), "{\"flag\":true}");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.uuids()).hasSize(4);
    for (JsonNode entity : reply.json().path("entities")) {
      assertThat(entity.path("flag").asBoolean()).isTrue();
    }
    assertThat(count("flag = true")).isEqualTo(4);
    assertThat(count("kind = 'b' and flag = true")).isZero();
  }

  @Test
  void delete_by_query_deletes_the_selected_entities_up_to_the_limit() {
    things(5, "a");
    things(3, "b");

    Reply reply = api.delete(path("things") + "?limit=2&ql=" + ApiClient.encode("kind = 'b'"));

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.uuids()).hasSize(2);
    assertThat(count("kind = 'b'")).isEqualTo(1);
    assertThat(count("kind = 'a'")).isEqualTo(5);
  }

  @Test
  void a_delete_of_a_collection_without_a_query_is_405_and_deletes_nothing() {
    things(3, "a");

    Reply plain = api.delete(path("things"));
    Reply limited = api.delete(path("things") + "?limit=2");
    Reply blank = api.delete(path("things") + "?ql=");
    Reply matrix = api.delete(path("things") + ";limit=2");

    for (Reply reply : new Reply[] {plain, limited, blank, matrix}) {
      assertThat(reply.status()).as(reply.body()).isEqualTo(405);
      assertThat(reply.error()).isEqualTo("method_not_allowed");
    }
    assertThat(count("kind = 'a'")).isEqualTo(3);
    Reply all = api.delete(path("things") + "?limit=2&ql=" + ApiClient.encode("select *"));
    assertThat(all.uuids()).hasSize(2);
    assertThat(count("select *")).isEqualTo(1);
  }

  @Test
  void a_put_to_a_collection_without_a_query_creates_one_entity_as_usergrid_sdks_expect() {
    things(2, "a");

    Reply reply = api.put(path("things"), "{\"author\":\"Frank Mills\"}");

    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    assertThat(reply.json().path("action").asText()).isEqualTo("put");
    JsonNode created = reply.entity();
    assertThat(created.path("author").asText()).isEqualTo("Frank Mills");
    assertThat(created.path("created").asLong()).isEqualTo(created.path("modified").asLong());
    assertThat(count("select *")).isEqualTo(3);
    assertThat(count("author = 'Frank Mills'")).isEqualTo(1);
  }

  @Test
  void a_bad_write_by_query_is_400_and_changes_nothing() {
    things(3, "a");

    Reply naming =
        api.put(path("things") + "?ql=" + ApiClient.encode("kind = 'a'"), "{\"name\":\"same\"}");
    Reply badQuery = api.delete(path("things") + "?ql=" + ApiClient.encode("kind = "));
    Reply badLimit =
        api.delete(path("things") + "?limit=5000&ql=" + ApiClient.encode("kind = 'a'"));

    assertThat(naming.status()).isEqualTo(400);
    assertThat(badQuery.error()).isEqualTo("query_parse");
    assertThat(badLimit.status()).isEqualTo(400);
    assertThat(count("kind = 'a'")).isEqualTo(3);
    assertThat(count("name = 'same'")).isZero();
  }

  @Test
  void matrix_parameters_query_a_collection_and_follow_a_verb() {
    String young =
        api.post(path("users"), "{\"username\":\"young\",\"age\":2}")
            .entity()
            .path("uuid")
            .asText();
    String old =
        api.post(path("users"), "{\"username\":\"old\",\"age\":40}").entity().path("uuid").asText();
    String phone = api.post(path("devices"), "{\"name\":\"phone\"}").entity().path("uuid").asText();
    String watch = api.post(path("devices"), "{\"name\":\"watch\"}").entity().path("uuid").asText();
    api.post(path("users") + "/young/devices/devices/watch", "");
    api.post(path("users") + "/old/devices/devices/phone", "");

    String matrix = ";ql=" + ApiClient.encode("select * where age > 3") + ";limit=5";

    assertThat(api.get(path("users") + matrix).uuids()).containsExactly(old);
    assertThat(api.get(path("users") + matrix + "/devices").uuids()).containsExactly(phone);
    assertThat(api.get(path("users") + ";ql=" + ApiClient.encode("age < 3") + "/devices").uuids())
        .containsExactly(watch);
    assertThat(api.get(path("users") + ";limit=1").uuids())
        .containsExactly(old)
        .doesNotContain(young);
    assertThat(api.get(path("users") + ";color=red").status()).isEqualTo(400);
  }
}
