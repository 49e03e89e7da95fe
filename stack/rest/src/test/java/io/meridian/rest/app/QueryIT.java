package io.meridian.rest.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.MeridianIT;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Queries answered by Elasticsearch, and read-your-writes by default. */
class QueryIT extends MeridianIT {

  private List<String> uuidsOf(Reply reply) {
    assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    List<String> uuids = new ArrayList<>();
    for (JsonNode entity : reply.json().path("entities")) {
      uuids.add(entity.path("uuid").asText());
    }
    return uuids;
  }

  private Reply query(String collection, String ql) {
    return api.get(path(collection) + "?ql=" + ApiClient.encode(ql));
  }

  @Test
  void a_query_right_after_a_write_sees_the_write() {
    for (int i = 0; i < 20; i++) {
      String value = "v" + i;
      String uuid =
          api.post(path("notes"), "{\"tag\":\"" + value + "\"}").entity().path("uuid").asText();

      assertThat(uuidsOf(query("notes", "select * where tag = '" + value + "'")))
          .containsExactly(uuid);
    }
  }

  @Test
  void a_query_right_after_an_update_or_delete_sees_it() {
    String uuid = api.post(path("lamps"), "{\"state\":\"off\"}").entity().path("uuid").asText();

    api.put(path("lamps") + "/" + uuid, "{\"state\":\"on\"}");
    assertThat(uuidsOf(query("lamps", "select * where state = 'on'"))).containsExactly(uuid);
    assertThat(uuidsOf(query("lamps", "select * where state = 'off'"))).isEmpty();

    api.delete(path("lamps") + "/" + uuid);
    assertThat(uuidsOf(query("lamps", "select * where state = 'on'"))).isEmpty();
  }

  @Test
  void string_equality_is_case_insensitive_and_numbers_compare() {
    String small =
        api.post(path("boxes"), "{\"label\":\"Red\",\"size\":2}").entity().path("uuid").asText();
    String large =
        api.post(path("boxes"), "{\"label\":\"red\",\"size\":10}").entity().path("uuid").asText();
    api.post(path("boxes"), "{\"label\":\"blue\",\"size\":5}");

    assertThat(uuidsOf(query("boxes", "select * where label = 'RED'")))
        .containsExactlyInAnyOrder(small, large);
    assertThat(uuidsOf(query("boxes", "select * where label = 'red' and size > 5")))
        .containsExactly(large);
    assertThat(uuidsOf(api.get(path("box") + "?q=" + ApiClient.encode("size = 2"))))
        .containsExactly(small);
  }

  @Test
  void queries_are_confined_to_their_application_and_collection() {
    api.post(path("trees"), "{\"kind\":\"oak\"}");
    api.post("/" + org + "/other" + app + "/trees", "{\"kind\":\"oak\"}");
    api.post(path("plants"), "{\"kind\":\"oak\"}");

    assertThat(uuidsOf(query("trees", "select * where kind = 'oak'"))).hasSize(1);
  }

  @Test
  void a_bad_query_is_400_query_parse() {
    api.post(path("notes"), "{\"tag\":\"x\"}");

    Reply reply = query("notes", "select * where tag = ");

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.error()).isEqualTo("query_parse");
    assertThat(reply.json().path("error_description").asText()).contains("position");
  }

  @Test
  void limit_bounds_the_result() {
    for (int i = 0; i < 5; i++) {
      api.post(path("cups"), "{\"n\":" + i + "}");
    }

    assertThat(uuidsOf(api.get(path("cups") + "?limit=3"))).hasSize(3);
    assertThat(uuidsOf(api.get(path("cups")))).hasSize(5);
  }
}
