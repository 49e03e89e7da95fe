package io.meridian.rest.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.meridian.rest.support.ApiClient;
import io.meridian.rest.support.ApiClient.Reply;
import io.meridian.rest.support.MeridianIT;
import org.junit.jupiter.api.Test;

/** Queries answered by Elasticsearch, and read-your-writes by default. */
class QueryIT extends MeridianIT {

  private Reply query(String collection, String ql) {
    return api.get(path(collection) + "?ql=" + ApiClient.encode(ql));
  }

  @Test
  void a_query_right_after_a_write_sees_the_write() {
    for (int i = 0; i < 20; i++) {
      String value = "v" + i;
      String uuid =
          api.post(path("notes"), "{\"tag\":\"" + value + "\"}").entity().path("uuid").asText();

      assertThat(query("notes", "select * where tag = '" + value + "'").uuids())
          .containsExactly(uuid);
    }
  }

  @Test
  void a_query_right_after_an_update_or_delete_sees_it() {
    String uuid = api.post(path("lamps"), "{\"state\":\"off\"}").entity().path("uuid").asText();

    api.put(path("lamps") + "/" + uuid, "{\"state\":\"on\"}");
    assertThat(query("lamps", "select * where state = 'on'").uuids()).containsExactly(uuid);
    assertThat(query("lamps", "select * where state = 'off'").uuids()).isEmpty();

    api.delete(path("lamps") + "/" + uuid);
    assertThat(query("lamps", "select * where state = 'on'").uuids()).isEmpty();
  }

  @Test
  void string_equality_is_case_insensitive_and_numbers_compare() {
    String small =
        api.post(path("boxes"), "{\"label\":\"Red\",\"size\":2}").entity().path("uuid").asText();
    String large =
        api.post(path("boxes"), "{\"label\":\"red\",\"size\":10}").entity().path("uuid").asText();
    api.post(path("boxes"), "{\"label\":\"blue\",\"size\":5}");

    assertThat(query("boxes", "select * where label = 'RED'").uuids())
        .containsExactlyInAnyOrder(small, large);
    assertThat(query("boxes", "select * where label = 'red' and size > 5").uuids())
        .containsExactly(large);
    assertThat(api.get(path("box") + "?q=" + ApiClient.encode("size = 2")).uuids())
        .containsExactly(small);
  }

  @Test
  void queries_are_confined_to_their_application_and_collection() {
    api.post(path("trees"), "{\"kind\":\"oak\"}");
    api.post("/" + org + "/other" + app + "/trees", "{\"kind\":\"oak\"}");
    api.post(path("plants"), "{\"kind\":\"oak\"}");

    assertThat(query("trees", "select * where kind = 'oak'").uuids()).hasSize(1);
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

    assertThat(api.get(path("cups") + "?limit=3").uuids()).hasSize(3);
    assertThat(api.get(path("cups")).uuids()).hasSize(5);
  }

  /** As in Usergrid 2, which lower-cases the field names it indexes. */
  @Test
  void property_names_are_case_insensitive_in_where_order_by_and_select() {
    String two =
        api.post(path("ranks"), "{\"Ordinal\":2,\"Label\":\"b\"}").entity().path("uuid").asText();
    String one =
        api.post(path("ranks"), "{\"ordinal\":1,\"label\":\"a\"}").entity().path("uuid").asText();

    assertThat(query("ranks", "select * where ordinal = 2").uuids()).containsExactly(two);
    assertThat(query("ranks", "select * where ORDINAL = 1").uuids()).containsExactly(one);
    assertThat(query("ranks", "select * where Ordinal > 0 order by ORDINAL desc").uuids())
        .containsExactly(two, one);
    assertThat(query("ranks", "select * order by oRdInAl").uuids()).containsExactly(one, two);
    Reply selected = query("ranks", "select LABEL where ordinal = 2");
    assertThat(selected.json().at("/entities/0/Label").asText()).isEqualTo("b");
  }
}
